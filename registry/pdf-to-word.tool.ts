import { checkbox, defineTool, pageRangeFields, RECOGNISED_TEXT_OUTCOME, select, singlePdfInput } from './kit';

const range = pageRangeFields({
  labels: { pageRange: 'Page range', startPage: 'Start page', endPage: 'End page' },
  missing: 'Please specify start and end pages for custom range.',
  invalid: 'Please enter a valid page range.',
});

/**
 * PDF to Word: the text in reading order as editable headings, paragraphs,
 * lists and tables (DOCX built from the page layout; DOC and ODT through
 * LibreOffice), optionally after OCR of pages that are only images.
 */
export const pdfToWordTool = defineTool({
  id: 'pdf-to-word',
  category: 'convert-from',
  title: 'PDF to Word',
  subtitle: 'Editable DOCX, DOC or ODT.',
  endpoint: '/api/v1/convert/pdf/word',
  longRunning: true,

  input: singlePdfInput({ dropMessage: true }),

  fields: {
    outputFormat: select({
      label: 'Output format',
      options: [
        { value: 'docx', label: 'Word (DOCX)' },
        { value: 'doc', label: 'Word 97-2003 (DOC)' },
        { value: 'odt', label: 'OpenDocument Text (ODT)' },
      ],
      caseInsensitive: true,
      default: 'docx',
    }),
    preserveLayout: checkbox({
      label: 'Preserve layout',
      help: 'Keep page breaks, page sizes and text sizes.',
      default: true,
    }),
    recognizeText: checkbox({
      label: 'Recognise text (OCR)',
      help: 'Read the text of scanned pages that have none.',
      default: true,
    }),
    ...range.fields,
  },
  checks: [range.check],

  action: { label: 'Convert', busyLabel: 'Converting...' },
  result: {
    kind: 'download',
    outcomes: {
      ...RECOGNISED_TEXT_OUTCOME,
    },
  },
  download: { api: '{base}.{outputFormat}', browser: 'from-response', fallback: 'converted.{outputFormat}' },
  toast: { success: 'PDF converted to Word document successfully!' },
});
