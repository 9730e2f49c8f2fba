import { defineTool, notInSpec, pages, singlePdfInput } from './kit';

const REFERENCE = 'reference-beyond §2 (filters)';

/**
 * Filter by Images: the PDF passes, unchanged, when one of the chosen pages
 * names an image XObject in its resources, or in those of a form it names
 * (inline images do not count); otherwise the answer is 204 and a pipeline
 * drops the file. For API clients and pipelines only.
 */
export const filterContainsImageTool = defineTool({
  id: 'filter-contains-image',
  category: 'advanced',
  structural: true,
  apiOnly: true,
  title: 'Filter by Images',
  subtitle: 'Keep a PDF only when the chosen pages hold an image.',
  endpoint: '/api/v1/filter/filter-contains-image',

  input: singlePdfInput(),

  fields: {
    pageNumbers: pages({
      label: 'Pages',
      placeholder: 'e.g. all or 1,3,5-7',
      help: 'Pages to look on: all, numbers, ranges like 5-7 or patterns like 2n.',
      // The reference fails (500) without pages; every page is what a caller means then.
      default: 'all',
    }),
  },

  action: { label: 'Filter', busyLabel: 'Processing...' },
  result: { kind: 'pdf', noContentWhen: 'no chosen page holds an image (the file does not pass)' },
  // The reference answers a passing file under its own name (re-saved; here as it came).
  download: { api: '{name}', browser: '{name}', fallback: 'filtered.pdf' },
  toast: { success: notInSpec('The PDF passed the filter.', REFERENCE) },
});
