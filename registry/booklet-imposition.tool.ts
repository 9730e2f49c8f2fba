import { checkbox, defineTool, notInSpec, number, select, singlePdfInput } from './kit';

const REFERENCE = 'reference-beyond §8.1';

/**
 * Booklet: the pages imposed two to a side of landscape sheets, in the order
 * that reads 1…N once the printed sheets are stacked and folded in half
 * (reference §8.1). Page count rounded up to a multiple of 4 with blank pages.
 */
export const bookletImpositionTool = defineTool({
  id: 'booklet-imposition',
  category: 'organize',
  structural: true,
  title: 'Booklet',
  subtitle: 'Arrange pages to print on both sides and fold into a booklet.',
  endpoint: '/api/v1/general/booklet-imposition',

  input: singlePdfInput({ dropMessage: true }),

  fields: {
    // The reference keeps the field and refuses anything but 2.
    pagesPerSheet: select({
      label: 'Pages per side',
      apiOnly: true,
      options: [{ value: 2, label: '2' }],
      default: 2,
      invalid: notInSpec('Booklet printing uses 2 pages per side (landscape). For 4-up, use the N-up feature.', REFERENCE),
    }),
    spineLocation: select({
      label: 'Spine',
      options: [
        { value: 'LEFT', label: 'Left (left-to-right books)' },
        { value: 'RIGHT', label: 'Right (right-to-left books)' },
      ],
      default: 'LEFT',
      caseInsensitive: true,
      invalid: notInSpec('Spine location must be LEFT or RIGHT.', REFERENCE),
    }),
    doubleSided: checkbox({ label: 'Double-sided printing', default: true }),
    duplexPass: select({
      label: 'Sides to print',
      help: 'On a printer without duplex: print the fronts, put the stack back in, then print the backs.',
      options: [
        { value: 'BOTH', label: 'Fronts and backs' },
        { value: 'FIRST', label: 'Fronts only (first pass)' },
        { value: 'SECOND', label: 'Backs only (second pass)' },
      ],
      default: 'BOTH',
      // The reference matches the exact constant and answers an empty document otherwise.
      caseInsensitive: true,
      invalid: notInSpec('Duplex pass must be BOTH, FIRST or SECOND.', `${REFERENCE} (an empty document there)`),
    }),
    flipOnShortEdge: checkbox({
      label: 'Printer flips on the short edge',
      help: 'The backs are turned upside down to match.',
      default: false,
      visibleWhen: { doubleSided: [true] },
    }),
    addBorder: checkbox({ label: 'Add borders', default: false }),
    addGutter: checkbox({ label: 'Add a gutter at the fold', default: false }),
    gutterSize: number({
      label: 'Gutter width (pt)',
      default: 12,
      min: 0,
      max: 1000,
      visibleWhen: { addGutter: [true] },
      invalid: notInSpec('Gutter size must be a number of points from 0 to 1000.', `${REFERENCE} (clamped there)`),
    }),
    creep: number({
      label: 'Creep (pt per sheet)',
      help: 'Inner sheets stick out when folded: their pages move this much more towards the fold per sheet.',
      default: 0,
      min: 0,
      max: 10,
      step: 0.1,
      invalid: notInSpec('Creep must be a number of points from 0 to 10.', 'a Folio option beyond the reference'),
    }),
  },

  action: { label: 'Create booklet', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_booklet.pdf', browser: '{base}_booklet.pdf', fallback: 'booklet.pdf' },
  toast: { success: notInSpec('Booklet created successfully! Preview below or download the file.', REFERENCE) },
});
