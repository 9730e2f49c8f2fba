import { defineTool, number, select } from './kit';

const RANGE_MESSAGE = 'Please enter a valid page range.';

/**
 * Extract Pages: keeps one run of pages (or all of them) of a single PDF. The
 * spec's page posts to Organise's endpoint with fields the reference does not
 * know; the server tells the two apart by those fields.
 */
export const extractPageTool = defineTool({
  id: 'extract-page',
  category: 'organize',
  title: 'Extract Pages',
  subtitle: 'Keep just the pages you need.',
  endpoint: '/api/v1/general/rearrange-pages',
  sharesEndpoint: { whenAnyField: ['pageRange', 'startPage', 'endPage'] },

  input: {
    accept: ['pdf'],
    multiple: false,
    messages: {
      missing: 'Please upload a PDF file.',
      wrongType: 'Please upload a PDF file.',
      dropWrongType: 'Please drop a PDF file only.',
    },
  },

  fields: {
    pageRange: select({
      label: 'Page Range',
      options: [
        { value: 'all', label: 'All pages' },
        { value: 'custom', label: 'Custom range' },
      ],
      default: 'all',
      invalid: 'Choose all pages or a custom range.',
    }),
    startPage: number({
      label: 'Start Page',
      integer: true,
      min: 1,
      visibleWhen: { pageRange: ['custom'] },
      required: RANGE_MESSAGE,
      invalid: RANGE_MESSAGE,
    }),
    endPage: number({
      label: 'End Page',
      integer: true,
      min: 1,
      visibleWhen: { pageRange: ['custom'] },
      required: RANGE_MESSAGE,
      invalid: RANGE_MESSAGE,
    }),
  },
  checks: [{ rule: 'notLess', field: 'endPage', than: 'startPage', message: RANGE_MESSAGE }],

  action: { label: 'Extract Pages', busyLabel: 'Extracting...' },
  result: { kind: 'pdf' },
  // Same endpoint as Organise, so the API names the result as the reference does.
  download: { api: '{base}_rearranged.pdf', browser: '{base}_extracted.pdf', fallback: 'extracted.pdf' },
  toast: { success: 'Pages extracted successfully! Preview below or download the file.' },
});
