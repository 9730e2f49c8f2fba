import { defineTool, markPositionField, notInSpec, number, pages, select, singlePdfInput, text } from './kit';

/**
 * Where the fields come from: the spec leaves Add Page Numbers to the other
 * document, which does not describe it, so its fields, defaults and meanings
 * are the reference's (§6.2); the messages are ours.
 */
const REFERENCE = 'reference §6.2 (add-page-numbers): the spec leaves the page-number fields to the other document, which gives none';

/**
 * Add Page Numbers: a number (or a text around it) on the chosen pages, at one
 * of nine places on the page as the reader sees it, counted in the order the
 * pages were given. The numbers are real text in Helvetica, Times or Courier
 * (metric twins), drawn over the pages; nothing is re-rendered.
 */
export const addPageNumbersTool = defineTool({
  id: 'add-page-numbers',
  category: 'edit',
  title: 'Add Page Numbers',
  subtitle: 'Number pages in the style you like.',
  endpoint: '/api/v1/misc/add-page-numbers',

  input: singlePdfInput(),

  fields: {
    pagesToNumber: pages({
      label: 'Pages to number',
      help: 'Page numbers, ranges or functions of n: all, 1,3,5-7 or 2n+1. Numbers count up in the order given.',
      placeholder: 'all',
      default: 'all',
    }),
    startingNumber: number({
      label: 'Starting number',
      help: 'The number on the first numbered page.',
      // The reference's absent value is 0 (a Java default); 1 is what a first page is called.
      default: 1,
      integer: true,
      min: -1_000_000_000,
      max: 1_000_000_000,
      invalid: notInSpec('Starting number must be a whole number.', REFERENCE),
    }),
    customText: text({
      label: 'Custom text',
      help: '{n} is the page number, {total} the number of pages, {filename} the file name without its extension. e.g. Page {n} of {total}',
      placeholder: '{n}',
      default: '{n}',
      maxLength: 500,
      invalid: notInSpec('Custom text may be at most 500 characters.', 'a limit of ours: the reference takes any length'),
    }),
    zeroPad: number({
      label: 'Zero padding',
      help: 'Pads {n} with zeros to this many digits: 3 makes 7 into 007. 0 pads nothing.',
      default: 0,
      integer: true,
      min: 0,
      max: 20,
      invalid: notInSpec('Zero padding must be a whole number from 0 to 20.', REFERENCE),
    }),
    position: markPositionField(notInSpec('Position must be a whole number from 1 (top left) to 9 (bottom right).', REFERENCE)),
    customMargin: select({
      label: 'Margin',
      help: 'Distance from the page edges, a share of the page’s width and height.',
      options: [
        { value: 'small', label: 'Small' },
        { value: 'medium', label: 'Medium' },
        { value: 'large', label: 'Large' },
        { value: 'x-large', label: 'Extra large' },
      ],
      caseInsensitive: true,
      default: 'medium',
    }),
    fontType: select({
      label: 'Font',
      options: [
        { value: 'helvetica', label: 'Helvetica' },
        { value: 'times', label: 'Times' },
        { value: 'courier', label: 'Courier' },
      ],
      caseInsensitive: true,
      default: 'helvetica',
    }),
    fontSize: number({
      label: 'Font size',
      help: 'Points.',
      // The reference's absent value is 0 (a Java default: invisible numbers).
      default: 12,
      greaterThan: 0,
      max: 500,
      inputMin: 1,
      invalid: notInSpec('Font size must be greater than 0 and at most 500.', REFERENCE),
    }),
    fontColor: text({
      label: 'Font colour',
      widget: 'color',
      help: 'Hex colour, e.g. #d32f2f.',
      placeholder: '#000000',
      default: '#000000',
      maxLength: 16,
      invalid: notInSpec('Font colour must be a colour such as #d32f2f or a 24-bit number such as 16711680.', REFERENCE),
    }),
  },

  action: { label: 'Add Page Numbers', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  // The spec lists no download name for this tool: the browser saves the reference's.
  download: { api: '{base}_page_numbers_added.pdf', browser: '{base}_page_numbers_added.pdf', fallback: 'page_numbers_added.pdf' },
  // The spec gives this tool no toast of its own; this one is its generic success text (§8).
  toast: { success: 'PDF processed successfully!' },
});
