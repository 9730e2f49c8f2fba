import { comparatorField, defineTool, notInSpec, number, PDF_FILTER_ANSWER, singlePdfInput } from './kit';

const REFERENCE = 'reference-beyond §2 (filters)';

/**
 * Filter by Page Count: the PDF passes, unchanged, when its page count
 * compares with `pageCount` as asked; otherwise the answer is 204 and a
 * pipeline drops the file. For API clients and pipelines only.
 */
export const filterPageCountTool = defineTool({
  id: 'filter-page-count',
  category: 'advanced',
  structural: true,
  apiOnly: true,
  title: 'Filter by Page Count',
  subtitle: 'Keep a PDF only when its page count compares as asked.',
  endpoint: '/api/v1/filter/filter-page-count',

  input: singlePdfInput(),

  fields: {
    pageCount: number({
      label: 'Page count',
      default: 0,
      integer: true,
      min: 0,
      invalid: notInSpec('Page count must be a whole number, 0 or more.', REFERENCE),
    }),
    comparator: comparatorField(),
  },

  result: { kind: 'pdf', noContentWhen: 'the page count does not compare as asked (the file does not pass)' },
  ...PDF_FILTER_ANSWER,
});
