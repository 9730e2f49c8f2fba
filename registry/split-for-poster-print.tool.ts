import { checkbox, defineTool, notInSpec, number, select, singlePdfInput } from './kit';

const REFERENCE = 'reference-beyond §8.2';
const FACTOR_MESSAGE = notInSpec('Factors must be whole numbers from 1 to 10.', `${REFERENCE} (unbounded there, §11.6)`);

/**
 * Poster: each page cut into xFactor × yFactor tiles, each tile printed on a
 * page of its own at the same scale, to be trimmed and glued into a poster
 * (reference §8.2). A tile shows its part of the page only.
 */
export const splitForPosterPrintTool = defineTool({
  id: 'split-for-poster-print',
  category: 'organize',
  structural: true,
  title: 'Poster',
  subtitle: 'Print a page across several sheets to glue into a poster.',
  endpoint: '/api/v1/general/split-for-poster-print',

  input: singlePdfInput({ dropMessage: true }),

  fields: {
    pageSize: select({
      label: 'Sheet size',
      options: [
        { value: 'A4', label: 'A4' },
        { value: 'Letter', label: 'Letter' },
        { value: 'A3', label: 'A3' },
        { value: 'A5', label: 'A5' },
        { value: 'Legal', label: 'Legal' },
        { value: 'Tabloid', label: 'Tabloid' },
      ],
      default: 'A4',
      caseInsensitive: true,
      invalid: notInSpec('Page size must be A4, Letter, A3, A5, Legal or Tabloid.', `${REFERENCE} ("Invalid page size: <value>" there)`),
    }),
    xFactor: number({ label: 'Columns (tiles across)', default: 2, integer: true, min: 1, max: 10, aliases: ['XFactor'], invalid: FACTOR_MESSAGE }),
    yFactor: number({ label: 'Rows (tiles down)', default: 2, integer: true, min: 1, max: 10, aliases: ['YFactor'], invalid: FACTOR_MESSAGE }),
    rightToLeft: checkbox({ label: 'Right to left', help: 'Each row of tiles runs from the right.', default: false }),
    overlap: number({
      label: 'Overlap (pt)',
      help: 'Each tile repeats this much of its neighbours’ edges, to glue them under one another (72 pt = 1 inch).',
      default: 0,
      min: 0,
      max: 72,
      invalid: notInSpec('Overlap must be a number of points from 0 to 72.', 'a Folio option beyond the reference'),
    }),
    cropMarks: checkbox({ label: 'Crop marks', help: 'Marks at the corners of each tile’s own part, where to cut.', default: false }),
  },

  action: { label: 'Create poster', busyLabel: 'Processing...' },
  result: { kind: 'zip' },
  download: { api: '{base}_poster.zip', browser: '{base}_poster.zip', fallback: 'poster.zip' },
  toast: { success: notInSpec('Poster created successfully! Download the tiles below.', REFERENCE) },
});
