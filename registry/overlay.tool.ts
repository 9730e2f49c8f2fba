import { defineTool, file, notInSpec, number, select, text } from './kit';

const REFERENCE = 'reference §3.14 (overlay-pdfs)';

/**
 * Overlay PDFs: pages of the overlay PDFs drawn over (or under) the base PDF's
 * pages, as the mode maps them; vectors and text stay vectors and text. The
 * base keeps its page count.
 */
export const overlayTool = defineTool({
  id: 'overlay',
  category: 'advanced',
  structural: true,
  title: 'Overlay PDFs',
  subtitle: 'Lay one PDF over another.',
  endpoint: '/api/v1/general/overlay-pdfs',

  input: {
    accept: ['pdf'],
    multiple: false,
    messages: { missing: 'Please upload the base PDF file.', wrongType: 'Please upload a PDF file.' },
  },

  fields: {
    overlayFiles: file({
      label: 'Overlay PDFs',
      accept: ['pdf'],
      multiple: true,
      required: 'Please upload at least one overlay PDF file.',
    }),
    overlayMode: select({
      label: 'Overlay mode',
      help: 'Sequential: the overlays’ pages one after another, over and over. Interleaved: the files in turn, page by page. Fixed repeat: each file’s pages, so many times, then the next file.',
      options: [
        { value: 'SequentialOverlay', label: 'Sequential' },
        { value: 'InterleavedOverlay', label: 'Interleaved' },
        { value: 'FixedRepeatOverlay', label: 'Fixed repeat' },
      ],
      // The reference answers 500 when it is left out.
      default: 'SequentialOverlay',
    }),
    counts: text({
      label: 'Counts',
      help: 'How many times each overlay file is repeated, in the order chosen, e.g. 2,1. One each when left empty.',
      placeholder: 'e.g. 2,1',
      visibleWhen: { overlayMode: ['FixedRepeatOverlay'] },
      // Clients send one part per count (counts=2&counts=1) or one comma list: a multi-line text gathers both, shown as one line.
      multiline: true,
      widget: 'text',
      maxLength: 2000,
      invalid: notInSpec('Counts must be whole numbers of 1 or more, one per overlay file.', REFERENCE),
    }),
    overlayPosition: number({
      label: 'Overlay position',
      choices: [
        { value: 0, label: 'Foreground' },
        { value: 1, label: 'Background' },
      ],
      integer: true,
      default: 0,
      invalid: notInSpec('Overlay position must be a whole number: 0 for the foreground, any other for the background.', REFERENCE),
    }),
  },

  pipelineInput: { othersInto: 'overlayFiles' },

  action: { label: 'Overlay PDFs', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_overlayed.pdf', browser: '{base}_overlayed.pdf', fallback: 'overlayed.pdf' },
  toast: { success: 'PDFs overlaid successfully!' },
});
