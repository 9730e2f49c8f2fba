import { checkbox, defineTool, notInSpec, number, pages, select, singlePdfInput } from './kit';

const REFERENCE = 'reference §3.12 (split-pdf-by-sections): an API option the spec’s page does not send';

/**
 * Split PDF by Sections: every page cut into a grid of equal sections, each a
 * page of its own holding the page's content (text stays text) with its boxes
 * set to the section; as one PDF or a ZIP of one-page PDFs. The grid as the
 * reference cuts it: `horizontalDivisions` cuts across the width (columns),
 * `verticalDivisions` down the height (rows); sections column by column.
 */
export const splitSectionsTool = defineTool({
  id: 'split-sections',
  category: 'advanced',
  structural: true,
  title: 'Split PDF by Sections',
  subtitle: 'Cut pages into grid sections.',
  endpoint: '/api/v1/general/split-pdf-by-sections',

  input: singlePdfInput(),

  fields: {
    horizontalDivisions: number({
      label: 'Horizontal Divisions',
      help: 'Cuts across the width: 1 makes two columns.',
      integer: true,
      min: 0,
      max: 300,
      default: 0,
      invalid: 'Horizontal divisions must be between 0 and 300.',
    }),
    verticalDivisions: number({
      label: 'Vertical Divisions',
      help: 'Cuts down the height: 1 makes two rows.',
      integer: true,
      min: 0,
      max: 300,
      default: 1,
      invalid: 'Vertical divisions must be between 0 and 300.',
      // Its input, and under it the live preview of the chosen file's first page with the cuts in red (spec §2).
      widget: 'section-grid',
    }),
    merge: checkbox({ label: 'Merge PDFs into one', default: false }),
    splitMode: select({
      label: 'Pages to cut',
      options: [
        { value: 'SPLIT_ALL', label: 'All pages' },
        { value: 'SPLIT_ALL_EXCEPT_FIRST', label: 'All but the first' },
        { value: 'SPLIT_ALL_EXCEPT_LAST', label: 'All but the last' },
        { value: 'SPLIT_ALL_EXCEPT_FIRST_AND_LAST', label: 'All but the first and last' },
        { value: 'CUSTOM', label: 'Custom pages' },
      ],
      default: 'SPLIT_ALL',
      apiOnly: true,
      invalid: notInSpec('Split mode must be SPLIT_ALL, SPLIT_ALL_EXCEPT_FIRST, SPLIT_ALL_EXCEPT_LAST, SPLIT_ALL_EXCEPT_FIRST_AND_LAST or CUSTOM.', REFERENCE),
    }),
    pageNumbers: pages({
      label: 'Pages',
      visibleWhen: { splitMode: ['CUSTOM'] },
      apiOnly: true,
      required: notInSpec('page numbers is required for custom mode', REFERENCE),
    }),
  },

  action: { label: 'Split PDF', busyLabel: 'Processing...' },
  result: {
    kind: 'zip',
    variants: [
      // Reference §3.12: merged, the answer is one PDF; the spec's page (§7) names every answer _split_sections.zip.
      { when: { merge: [true] }, kind: 'pdf', download: { api: '{base}_split.pdf', browser: '{base}_split_sections.pdf', fallback: 'split_sections.pdf' } },
    ],
  },
  download: { api: '{base}_split.zip', browser: '{base}_split_sections.zip', fallback: 'split_sections.zip' },
  toast: { success: 'PDF split by sections successfully!' },
  afterSuccess: 'reset',
});
