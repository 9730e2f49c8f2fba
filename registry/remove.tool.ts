import { defineTool, pages } from './kit';

/** Remove Pages: deletes the listed pages from each uploaded PDF (reference §3.5). */
export const removeTool = defineTool({
  id: 'remove',
  category: 'organize',
  structural: true,
  title: 'Remove Pages',
  subtitle: 'Delete pages or ranges from a PDF.',
  endpoint: '/api/v1/general/remove-pages',

  input: {
    accept: ['pdf'],
    multiple: true,
    messages: { missing: 'Please upload a PDF file.', wrongType: 'Please upload PDF files only.' },
  },

  fields: {
    pageNumbers: pages({
      label: 'Pages to remove',
      placeholder: 'e.g. 1,3,5-7',
      help: 'Use page numbers, ranges like 5-7 or patterns like 2n.',
      required: 'Please enter pages to remove.',
    }),
  },

  action: { label: 'Remove Pages', busyLabel: 'Processing...', requiresText: 'pageNumbers' },
  result: { kind: 'pdf' },
  download: { api: '{base}_removed_pages.pdf', browser: 'pages_removed.pdf' },
  toast: { success: 'Pages removed successfully!' },
});
