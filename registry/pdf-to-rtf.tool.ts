import { defineTool, RECOGNISED_TEXT_OUTCOME, select, singlePdfInput } from './kit';

/** PDF to Text/RTF: the text in reading order, as plain UTF-8 text or as rich text; scanned pages are read by OCR. */
export const pdfToRtfTool = defineTool({
  id: 'pdf-to-rtf',
  category: 'convert-from',
  title: 'PDF to Text/RTF',
  subtitle: 'Plain text or rich text.',
  endpoint: '/api/v1/convert/pdf/text',

  input: singlePdfInput({ dropMessage: true }),

  fields: {
    outputFormat: select({
      label: 'Output format',
      options: [
        { value: 'txt', label: 'Plain text (TXT)', aliases: ['txt:Text'] },
        { value: 'rtf', label: 'Rich Text Format (RTF)' },
      ],
      caseInsensitive: true,
      default: 'txt',
    }),
  },

  action: { label: 'Convert', busyLabel: 'Converting...' },
  // Plain text by default; RTF goes out as application/octet-stream (reference §4.7).
  result: {
    kind: 'download',
    apiContentType: 'text/plain; charset=utf-8',
    variants: [{ when: { outputFormat: ['rtf'] }, apiContentType: 'application/octet-stream' }],
    outcomes: {
      ...RECOGNISED_TEXT_OUTCOME,
    },
  },
  download: { api: '{base}.{outputFormat}', browser: 'from-response', fallback: 'converted.{outputFormat}' },
  // {FORMAT} is the chosen output format in capitals (TXT or RTF); the page fills it in.
  toast: { success: 'PDF converted to {FORMAT} successfully!' },
});
