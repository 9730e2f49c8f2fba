import { defineTool, pageRangeFields, singlePdfInput } from './kit';

const RANGE_MESSAGE = 'Please enter a valid page range.';
const range = pageRangeFields({
  labels: { pageRange: 'Page Range', startPage: 'Start Page', endPage: 'End Page' },
  missing: RANGE_MESSAGE,
  invalid: RANGE_MESSAGE,
});

/**
 * Extract Pages: keeps one run of pages (or all of them) of a single PDF. The
 * spec's page posts to Organise's endpoint with fields the reference does not
 * know; the server tells the two apart by those fields.
 */
export const extractPageTool = defineTool({
  id: 'extract-page',
  category: 'organize',
  structural: true,
  title: 'Extract Pages',
  subtitle: 'Keep just the pages you need.',
  endpoint: '/api/v1/general/rearrange-pages',
  sharesEndpoint: { whenAnyField: ['pageRange', 'startPage', 'endPage'] },

  input: singlePdfInput({ dropMessage: true }),

  fields: range.fields,
  checks: [range.check],

  action: { label: 'Extract Pages', busyLabel: 'Extracting...' },
  result: { kind: 'pdf' },
  // Same endpoint as Organise, so the API names the result as the reference does.
  download: { api: '{base}_rearranged.pdf', browser: '{base}_extracted.pdf', fallback: 'extracted.pdf' },
  toast: { success: 'Pages extracted successfully! Preview below or download the file.' },
});
