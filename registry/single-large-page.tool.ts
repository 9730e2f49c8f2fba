import { defineTool, singlePdfInput, text } from './kit';

/**
 * PDF to Single Large Page: stacks every page, top to bottom, on one page as wide
 * as the widest and as tall as all of them together (reference §3.7).
 */
export const singleLargePageTool = defineTool({
  id: 'single-large-page',
  category: 'organize',
  structural: true,
  title: 'PDF to Single Large Page',
  subtitle: 'Stack all pages into one tall page.',
  endpoint: '/api/v1/general/pdf-to-single-page',

  input: singlePdfInput({ dropMessage: true }),

  fields: {
    // The spec's page sends the file name; the reference ignores it, and so does the server.
    fileName: text({ label: 'File name', apiOnly: true }),
  },

  action: { label: 'Convert PDF', busyLabel: 'Converting...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_singlePage.pdf', browser: '{base}_singlepage.pdf', label: 'Download Converted PDF' },
  toast: { success: 'PDF converted to single large page successfully!' },
});
