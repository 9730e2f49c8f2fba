import { comparatorField, defineTool, notInSpec, number, PDF_FILTER_ANSWER, singlePdfInput } from './kit';

const REFERENCE = 'reference-beyond §2 (filters)';

/**
 * Filter by Page Rotation: the PDF passes, unchanged, when its first page's
 * rotation (its inherited /Rotate as 0, 90, 180 or 270) compares with
 * `rotation` as asked; otherwise the answer is 204 and a pipeline drops the
 * file. For API clients and pipelines only.
 */
export const filterPageRotationTool = defineTool({
  id: 'filter-page-rotation',
  category: 'advanced',
  structural: true,
  apiOnly: true,
  title: 'Filter by Page Rotation',
  subtitle: 'Keep a PDF only when its first page’s rotation compares as asked.',
  endpoint: '/api/v1/filter/filter-page-rotation',

  input: singlePdfInput(),

  fields: {
    rotation: number({
      label: 'Rotation (degrees)',
      default: 0,
      integer: true,
      invalid: notInSpec('Rotation must be a whole number of degrees.', REFERENCE),
    }),
    comparator: comparatorField(),
  },

  result: { kind: 'pdf', noContentWhen: 'the first page’s rotation does not compare as asked (the file does not pass)' },
  ...PDF_FILTER_ANSWER,
});
