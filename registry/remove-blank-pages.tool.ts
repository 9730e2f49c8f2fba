import { defineTool, number, singlePdfInput } from './kit';

/**
 * Remove Blank Pages: drops the pages that are blank, or nearly so (a scan of
 * an empty sheet with a few specks), and answers a ZIP with the pages kept and
 * the pages taken out as two PDFs (reference §6.10). A page with text is never
 * blank; any other page is drawn and counts as blank when enough of it is white.
 */
export const removeBlankPagesTool = defineTool({
  id: 'remove-blank-pages',
  category: 'edit',
  title: 'Remove Blank Pages',
  subtitle: 'Drop empty pages automatically.',
  endpoint: '/api/v1/misc/remove-blanks',

  input: singlePdfInput(),

  // Spec §9's defaults apply to API clients too: the reference takes an absent
  // whitePercent as 0, which calls every page without text blank (docs/compatibility.md).
  fields: {
    threshold: number({
      label: 'Pixel Whiteness Threshold',
      help: 'How far from pure white (0–255) a pixel may be and still count as white.',
      default: 10,
      min: 0,
      max: 255,
      integer: true,
      step: 1,
      invalid: 'Pixel Whiteness Threshold must be a number between 0 and 255.',
    }),
    whitePercent: number({
      label: 'White Percent',
      help: 'Share of white pixels (0–100) at which a page without text counts as blank.',
      default: 99.9,
      min: 0,
      max: 100,
      step: 0.1,
      invalid: 'White Percent must be a number between 0 and 100.',
    }),
  },

  action: { label: 'Remove Blank Pages', busyLabel: 'Processing...' },
  result: { kind: 'zip' },
  download: { api: '{base}_processed.zip', browser: '{base}_no_blanks_processed.zip', fallback: 'no_blanks_processed.zip' },
  toast: { success: 'Blank pages removed successfully!' },
});
