import { checkbox, defineTool, number, select } from './kit';

const RANGE_MISSING = 'Please specify start and end pages for custom range.';
const RANGE_INVALID = 'Please enter a valid page range.';

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

  input: {
    accept: ['pdf'],
    multiple: false,
    messages: {
      missing: 'Please upload a PDF file.',
      wrongType: 'Please upload a PDF file.',
      dropWrongType: 'Please drop a PDF file only.',
    },
  },

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
      invalid: 'Output format must be docx, doc or odt.',
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
    pageRange: select({
      label: 'Page range',
      options: [
        { value: 'all', label: 'All pages' },
        { value: 'custom', label: 'Custom range' },
      ],
      default: 'all',
      invalid: 'Choose all pages or a custom range.',
    }),
    startPage: number({
      label: 'Start page',
      integer: true,
      min: 1,
      visibleWhen: { pageRange: ['custom'] },
      required: RANGE_MISSING,
      invalid: RANGE_INVALID,
    }),
    endPage: number({
      label: 'End page',
      integer: true,
      min: 1,
      visibleWhen: { pageRange: ['custom'] },
      required: RANGE_MISSING,
      invalid: RANGE_INVALID,
    }),
  },
  checks: [{ rule: 'notLess', field: 'endPage', than: 'startPage', message: RANGE_INVALID }],

  action: { label: 'Convert', busyLabel: 'Converting...' },
  result: { kind: 'download' },
  // The processor names the file with the chosen format's extension.
  download: { api: '{base}.docx', browser: 'from-response', fallback: 'converted.docx' },
  toast: { success: 'PDF converted to Word document successfully!' },
});
