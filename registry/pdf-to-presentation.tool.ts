import { defineTool, select, singlePdfInput } from './kit';

/** PDF to Presentation: one slide per page, through LibreOffice Impress's PDF import. */
export const pdfToPresentationTool = defineTool({
  id: 'pdf-to-presentation',
  category: 'convert-from',
  title: 'PDF to Presentation',
  subtitle: 'Slides in PPTX, PPT or ODP.',
  endpoint: '/api/v1/convert/pdf/presentation',
  longRunning: true,

  input: singlePdfInput(),

  fields: {
    outputFormat: select({
      label: 'Output format',
      options: [
        { value: 'pptx', label: 'PowerPoint (PPTX)' },
        { value: 'ppt', label: 'PowerPoint 97-2003 (PPT)' },
        { value: 'odp', label: 'OpenDocument Presentation (ODP)' },
      ],
      caseInsensitive: true,
      default: 'pptx',
    }),
  },

  action: { label: 'Convert', busyLabel: 'Converting...' },
  result: { kind: 'download' },
  download: { api: '{base}.{outputFormat}', browser: 'from-response', fallback: 'converted.{outputFormat}' },
  toast: { success: 'PDF converted to presentation successfully!' },
});
