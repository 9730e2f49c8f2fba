import { defineTool, filterPagesField, PDF_FILTER_ANSWER, singlePdfInput } from './kit';

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
    pageNumbers: filterPagesField(),
  },

  result: { kind: 'pdf', noContentWhen: 'no chosen page holds an image (the file does not pass)' },
  ...PDF_FILTER_ANSWER,
});
