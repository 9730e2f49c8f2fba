import { defineTool, singlePdfInput } from './kit';

/** PDF to Markdown: headings, paragraphs, lists and tables from the page layout, in reading order. */
export const pdfToMarkdownTool = defineTool({
  id: 'pdf-to-markdown',
  category: 'convert-from',
  title: 'PDF to Markdown',
  subtitle: 'Extract text as Markdown.',
  endpoint: '/api/v1/convert/pdf/markdown',

  input: singlePdfInput({ dropMessage: true }),

  fields: {},

  action: { label: 'Convert', busyLabel: 'Converting...' },
  result: { kind: 'text', apiContentType: 'text/markdown; charset=utf-8' },
  download: { api: '{base}.md', browser: '{base}.md', fallback: 'converted.md' },
  toast: { success: 'PDF converted to Markdown successfully!' },
});
