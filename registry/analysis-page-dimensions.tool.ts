import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Page Dimensions: each page’s width and height in points, from its crop box
 * clipped to its media box, not turned for /Rotate (reference-beyond §4).
 * Only API clients and pipelines call it.
 */
export const analysisPageDimensionsTool = defineTool({
  id: 'analysis-page-dimensions',
  category: 'advanced',
  title: 'Page Dimensions',
  subtitle: 'The width and height of every page, as JSON.',
  endpoint: '/api/v1/analysis/page-dimensions',
  apiOnly: true,
  structural: true,

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Get Dimensions', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; a name is sent all the same (the kit always sends one), the upload's with what it holds.
  download: { api: '{base}_page_dimensions.json', browser: '{base}_page_dimensions.json', fallback: 'page_dimensions.json' },
  toast: { success: notInSpec('Page dimensions retrieved successfully!', 'reference-beyond §4') },
});
