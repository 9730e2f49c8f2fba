import { defineTool, select } from './kit';

/** PDF to Text/RTF: the text in reading order, as plain UTF-8 text or as rich text. */
export const pdfToRtfTool = defineTool({
  id: 'pdf-to-rtf',
  category: 'convert-from',
  title: 'PDF to Text/RTF',
  subtitle: 'Plain text or rich text.',
  endpoint: '/api/v1/convert/pdf/text',

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
        { value: 'txt', label: 'Plain text (TXT)', aliases: ['txt:Text'] },
        { value: 'rtf', label: 'Rich Text Format (RTF)' },
      ],
      caseInsensitive: true,
      default: 'txt',
      invalid: 'Output format must be txt or rtf.',
    }),
  },

  action: { label: 'Convert', busyLabel: 'Converting...' },
  // Plain text by default; the processor answers RTF as application/octet-stream.
  result: { kind: 'download', apiContentType: 'text/plain; charset=utf-8' },
  // The processor names the file with the chosen format's extension.
  download: { api: '{base}.txt', browser: 'from-response', fallback: 'converted.txt' },
  // {FORMAT} is the chosen output format in capitals (TXT or RTF); the page fills it in.
  toast: { success: 'PDF converted to {FORMAT} successfully!' },
});
