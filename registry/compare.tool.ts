import { defineTool, file, notInSpec, select } from './kit';

/** Compare is not in the spec nor in the reference's API (Stirling-PDF compares in the browser only): issue 34. */
const WHY = 'issue 34 (Compare)';

/**
 * Compare: two PDFs, the original and the changed one. Their words (Poppler's
 * word boxes, in reading order) are diffed, and pages without text or whose
 * text is the same are compared as pictures; the answer lists every difference
 * with its boxes on both documents (JSON), or is a report PDF that shows each
 * changed pair of pages side by side with the differences outlined.
 */
export const compareTool = defineTool({
  id: 'compare',
  category: 'advanced',
  title: notInSpec('Compare PDFs', WHY),
  subtitle: notInSpec('See what changed between two versions of a PDF.', WHY),
  endpoint: '/api/v1/misc/compare',

  input: {
    accept: ['pdf'],
    multiple: false,
    messages: { missing: notInSpec('Please upload the original PDF file.', WHY), wrongType: 'Please upload a PDF file.' },
  },

  fields: {
    compareFile: file({
      label: notInSpec('Changed PDF', WHY),
      help: notInSpec('The new version, compared with the original.', WHY),
      accept: ['pdf'],
      required: notInSpec('Please upload the changed PDF file to compare with.', WHY),
    }),
    mode: select({
      label: notInSpec('Compare', WHY),
      help: notInSpec(
        'Text: word by word. Visual: the pages as pictures, for drawings and scans. Both: the words, and as pictures the pages without text or whose text is the same.',
        WHY,
      ),
      options: [
        { value: 'both', label: notInSpec('Text and visual', WHY) },
        { value: 'text', label: notInSpec('Text only', WHY) },
        { value: 'visual', label: notInSpec('Visual only', WHY) },
      ],
      default: 'both',
    }),
    outputFormat: select({
      label: notInSpec('Result', WHY),
      options: [
        { value: 'json', label: notInSpec('Differences (JSON)', WHY) },
        { value: 'pdf', label: notInSpec('Report (PDF)', WHY) },
      ],
      default: 'json',
    }),
  },

  // As a step: the first file reaching it is the original, the next the changed one.
  pipelineInput: { othersInto: 'compareFile' },

  action: { label: notInSpec('Compare', WHY), busyLabel: 'Processing...' },
  result: {
    kind: 'json',
    view: 'comparison',
    variants: [
      {
        when: { outputFormat: ['pdf'] },
        kind: 'pdf',
        download: { api: '{base}_comparison.pdf', browser: '{base}_comparison.pdf', fallback: 'comparison.pdf' },
      },
    ],
  },
  download: { api: '{base}_comparison.json', browser: '{base}_comparison.json', fallback: 'comparison.json' },
  toast: { success: notInSpec('PDFs compared successfully!', WHY) },
});
