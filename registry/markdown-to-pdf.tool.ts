import { checkbox, defineTool } from './kit';

const WRONG_TYPE = 'Please upload a valid Markdown file (.md or .markdown).';

/**
 * Markdown to PDF: GitHub-flavoured Markdown typeset with a print stylesheet in
 * the fenced browser; a ZIP may carry the Markdown with its images.
 */
export const markdownToPdfTool = defineTool({
  id: 'markdown-to-pdf',
  category: 'convert-to',
  title: 'Markdown to PDF',
  subtitle: 'Typeset Markdown as a clean PDF.',
  endpoint: '/api/v1/convert/markdown/pdf',

  input: {
    // The reference also takes a ZIP with index.md and its images.
    accept: ['markdown', 'zip'],
    multiple: false,
    messages: { missing: WRONG_TYPE, wrongType: WRONG_TYPE },
  },

  fields: {
    includeToc: checkbox({
      label: 'Include table of contents',
      help: 'A linked list of the headings at the top of the document.',
      default: false,
    }),
  },

  action: { label: 'Convert to PDF', busyLabel: 'Converting...' },
  result: { kind: 'pdf' },
  download: { api: '{base}.pdf', browser: '{base}.pdf', fallback: 'converted.pdf' },
  toast: { success: 'Markdown converted to PDF successfully!' },
});
