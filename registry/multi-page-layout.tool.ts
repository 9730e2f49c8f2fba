import { checkbox, defineTool, notInSpec, number, select, singlePdfInput } from './kit';

const MARGIN_MESSAGE = notInSpec('Margins must be whole numbers of points, 0 or more.', 'multi-page-layout margins (API only)');
const GRID_MESSAGE = notInSpec(
  'Rows and columns must be whole numbers from 1 to 300.',
  'multi-page-layout `rows` and `cols` (API only, reference §3.3 bounds)',
);

/**
 * Multi Page Layout: places several pages on each A4 sheet, in reading order,
 * each scaled to fit its cell and centred (reference §3.3). The page offers the
 * number per sheet and borders; the rest is for API clients.
 */
export const multiPageLayoutTool = defineTool({
  id: 'multi-page-layout',
  category: 'organize',
  structural: true,
  title: 'Multi Page Layout',
  subtitle: 'Print several pages on one sheet.',
  endpoint: '/api/v1/general/multi-page-layout',

  input: singlePdfInput({ dropMessage: true }),

  fields: {
    // The reference takes only 2 and perfect squares; the spec allows 1 to 16 (other counts get a near-square grid).
    pagesPerSheet: number({
      label: 'Pages Per Sheet',
      default: 2,
      integer: true,
      min: 1,
      max: 16,
      invalid: 'Pages per sheet must be between 1 and 16.',
    }),
    addBorder: checkbox({ label: 'Add Borders', default: false }),
    mode: select({
      label: 'Grid',
      apiOnly: true,
      options: [
        { value: 'DEFAULT', label: 'From pages per sheet' },
        { value: 'CUSTOM', label: 'Custom rows and columns' },
      ],
      default: 'DEFAULT',
      invalid: notInSpec('Mode must be DEFAULT or CUSTOM.', 'multi-page-layout `mode` (API only)'),
    }),
    rows: number({
      label: 'Rows',
      apiOnly: true,
      integer: true,
      min: 1,
      max: 300,
      visibleWhen: { mode: ['CUSTOM'] },
      required: GRID_MESSAGE,
      invalid: GRID_MESSAGE,
    }),
    cols: number({
      label: 'Columns',
      apiOnly: true,
      integer: true,
      min: 1,
      max: 300,
      visibleWhen: { mode: ['CUSTOM'] },
      required: GRID_MESSAGE,
      invalid: GRID_MESSAGE,
    }),
    arrangement: select({
      label: 'Order',
      apiOnly: true,
      options: [
        { value: 'BY_ROWS', label: 'Row by row' },
        { value: 'BY_COLUMNS', label: 'Column by column' },
      ],
      default: 'BY_ROWS',
      invalid: notInSpec('Arrangement must be BY_ROWS or BY_COLUMNS.', 'multi-page-layout `arrangement` (API only)'),
    }),
    readingDirection: select({
      label: 'Reading direction',
      apiOnly: true,
      options: [
        { value: 'LTR', label: 'Left to right' },
        { value: 'RTL', label: 'Right to left' },
      ],
      default: 'LTR',
    }),
    orientation: select({
      label: 'Sheet orientation',
      apiOnly: true,
      options: [
        { value: 'PORTRAIT', label: 'Portrait' },
        { value: 'LANDSCAPE', label: 'Landscape' },
      ],
      default: 'PORTRAIT',
      invalid: notInSpec('Orientation must be PORTRAIT or LANDSCAPE.', 'adjust-page-size and multi-page-layout `orientation` (API only)'),
    }),
    topMargin: number({ label: 'Top margin (pt)', apiOnly: true, default: 0, integer: true, min: 0, invalid: MARGIN_MESSAGE }),
    bottomMargin: number({ label: 'Bottom margin (pt)', apiOnly: true, default: 0, integer: true, min: 0, invalid: MARGIN_MESSAGE }),
    leftMargin: number({ label: 'Left margin (pt)', apiOnly: true, default: 0, integer: true, min: 0, invalid: MARGIN_MESSAGE }),
    rightMargin: number({ label: 'Right margin (pt)', apiOnly: true, default: 0, integer: true, min: 0, invalid: MARGIN_MESSAGE }),
    innerMargin: number({ label: 'Space around each page (pt)', apiOnly: true, default: 0, integer: true, min: 0, invalid: MARGIN_MESSAGE }),
    // The reference draws 0 as 1 pt; a border needs some width.
    borderWidth: number({
      label: 'Border width (pt)',
      apiOnly: true,
      default: 1,
      integer: true,
      min: 0,
      invalid: notInSpec('Border width must be a whole number, 0 or more.', 'multi-page-layout `borderWidth` (API only)'),
    }),
  },

  action: { label: 'Create Layout', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_multi_page_layout.pdf', browser: '{base}_multi-layout.pdf', fallback: 'multi-layout.pdf' },
  toast: { success: 'PDF processed successfully! Preview below or download the file.' },
});
