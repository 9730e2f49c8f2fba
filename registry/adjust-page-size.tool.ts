import { defineTool, notInSpec, number, select, singlePdfInput, STANDARD_PAGE_SIZE_OPTIONS } from './kit';

/**
 * Adjust Page Size / Scale: redraws every page on a page of the chosen size, its
 * content fitted, multiplied by the scale factor and centred (reference §3.2).
 */
export const adjustPageSizeTool = defineTool({
  id: 'adjust-page-size',
  category: 'organize',
  structural: true,
  title: 'Adjust Page Size / Scale',
  subtitle: 'Fit every page to A4, Letter or another size.',
  endpoint: '/api/v1/general/scale-pages',

  input: singlePdfInput({ dropMessage: true }),

  fields: {
    pageSize: select({
      label: 'Page Size',
      // Values are upper-case and case-sensitive, as the reference compares them.
      options: [{ value: 'KEEP', label: 'Keep Original' }, ...STANDARD_PAGE_SIZE_OPTIONS],
      default: 'A4',
      invalid: notInSpec(
        'Invalid page size format: use KEEP, A0 to A6, LETTER or LEGAL.',
        'reference §3.2 "Invalid page size format: <value>", with the accepted values',
      ),
    }),
    scaleFactor: number({
      label: 'Scale Factor',
      help: '1 fits the page exactly; 0.5 draws the content at half that size.',
      default: 1,
      greaterThan: 0,
      inputMin: 0.01,
      step: 0.01,
      invalid: 'Scale factor must be greater than 0.',
    }),
    orientation: select({
      label: 'Orientation',
      apiOnly: true, // reference §3.2: LANDSCAPE swaps the named size; ignored for KEEP
      options: [
        { value: 'PORTRAIT', label: 'Portrait' },
        { value: 'LANDSCAPE', label: 'Landscape' },
      ],
      default: 'PORTRAIT',
      caseInsensitive: true,
    }),
  },

  action: { label: 'Adjust Page Size', busyLabel: 'Adjusting...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_scaled.pdf', browser: '{base}_adjusted.pdf', fallback: 'adjusted.pdf' },
  toast: { success: 'PDF adjusted successfully! Preview below or download the file.' },
});
