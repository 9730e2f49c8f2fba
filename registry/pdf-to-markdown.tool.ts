import { defineTool, RECOGNISED_TEXT_OUTCOME, singlePdfInput } from './kit';

/**
 * PDF to Markdown: headings, paragraphs, lists and tables from the page layout,
 * in reading order; scanned pages without a text layer are read by OCR.
 */
export const pdfToMarkdownTool = defineTool({
  id: 'pdf-to-markdown',
  category: 'convert-from',
  title: 'PDF to Markdown',
  subtitle: 'Extract text as Markdown.',
  endpoint: '/api/v1/convert/pdf/markdown',

  input: singlePdfInput({ dropMessage: true }),

  fields: {},

  action: { label: 'Convert', busyLabel: 'Converting...' },
  result: {
    kind: 'text',
    apiContentType: 'text/markdown; charset=utf-8',
    outcomes: {
      ...RECOGNISED_TEXT_OUTCOME,
    },
  },
  download: { api: '{base}.md', browser: '{base}.md', fallback: 'converted.md' },
  toast: { success: 'PDF converted to Markdown successfully!' },
});
