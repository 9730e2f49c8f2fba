import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Page Count: how many pages a PDF has (reference-beyond §4), `{"pageCount": n}`.
 * Only API clients and pipelines call it.
 */
export const analysisPageCountTool = defineTool({
  id: 'analysis-page-count',
  category: 'advanced',
  title: 'Page Count',
  subtitle: 'How many pages a PDF has, as JSON.',
  endpoint: '/api/v1/analysis/page-count',
  apiOnly: true,
  structural: true,

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Count Pages', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; a name is sent all the same (the kit always sends one), the upload's with what it holds.
  download: { api: '{base}_page_count.json', browser: '{base}_page_count.json', fallback: 'page_count.json' },
  toast: { success: notInSpec('Page count retrieved successfully!', 'reference-beyond §4') },
});
