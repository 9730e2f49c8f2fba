import { comparatorField, defineTool, notInSpec, PDF_FILTER_ANSWER, select, singlePdfInput, STANDARD_PAGE_SIZE_OPTIONS } from './kit';

const REFERENCE = 'reference-beyond §2 (filters)';

/**
 * Filter by Page Size: the PDF passes, unchanged, when the area of its first
 * page (its media box) compares as asked with the area of a standard size;
 * otherwise the answer is 204 and a pipeline drops the file. For API clients
 * and pipelines only.
 */
export const filterPageSizeTool = defineTool({
  id: 'filter-page-size',
  category: 'advanced',
  structural: true,
  apiOnly: true,
  title: 'Filter by Page Size',
  subtitle: 'Keep a PDF only when its first page compares as asked with a standard size.',
  endpoint: '/api/v1/filter/filter-page-size',

  input: singlePdfInput(),

  fields: {
    standardPageSize: select({
      label: 'Standard page size',
      options: STANDARD_PAGE_SIZE_OPTIONS,
      caseInsensitive: true,
      required: notInSpec('Please choose a standard page size.', `${REFERENCE}: an absent size is a 500 there`),
      invalid: notInSpec('Invalid page size format: it must be A0 to A6, LETTER or LEGAL.', `${REFERENCE}: the reference names the value sent`),
    }),
    comparator: comparatorField(),
  },

  result: { kind: 'pdf', noContentWhen: 'the first page’s area does not compare as asked with the standard size’s (the file does not pass)' },
  ...PDF_FILTER_ANSWER,
});
