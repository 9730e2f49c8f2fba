import { defineTool, notInSpec, select, singlePdfInput, text } from './kit';

/**
 * Split PDF by Size or Count: consecutive parts of at most a size (`2MB`,
 * `3KB`), of so many pages, or so many parts of near-equal length, in a ZIP.
 * How `splitValue` reads depends on `splitType`: a size, or a count (`checks`).
 */
export const autoSplitSizeTool = defineTool({
  id: 'auto-split-size',
  category: 'advanced',
  structural: true,
  title: 'Split PDF by Size or Count',
  subtitle: 'Parts by size, pages or number of documents.',
  endpoint: '/api/v1/general/split-by-size-or-count',

  input: singlePdfInput(),

  fields: {
    // Spec §9: 0 by size, 1 by page count, 2 by document count; the reference's default is 0.
    splitType: select({
      label: 'Split by',
      options: [
        { value: 0, label: 'Size' },
        { value: 1, label: 'Page count' },
        { value: 2, label: 'Document count' },
      ],
      default: 0,
      invalid: notInSpec('Split type must be 0 (size), 1 (page count) or 2 (document count).', 'reference §3.10: another splitType is a 400'),
    }),
    splitValue: text({
      label: 'Split value',
      placeholder: 'e.g. 2MB, 3KB, or a number',
      help: 'By size: the most each part may take, e.g. 2MB or 500KB (a bare number is MB). By page count: pages per part. By document count: how many parts.',
      required: 'Please enter a split value.',
      // A value every split type reads: 1 MB, one page a part, or one part.
      example: '1',
      maxLength: 32,
      invalid: notInSpec('Split value is too long.', 'a value of ours: no size or count needs more than 32 characters'),
    }),
  },
  // Reference §3.10 refuses a count that is not a whole number with 400 and fails on a size it cannot read (500); both are 400 here.
  checks: [
    {
      rule: 'readsAs',
      field: 'splitValue',
      as: 'size',
      when: { splitType: [0] },
      message: notInSpec('Split value must be a size such as 2MB, 500KB or 1.5GB, above 0.', 'reference §3.10: an unreadable size is a 500'),
    },
    {
      rule: 'readsAs',
      field: 'splitValue',
      as: 'count',
      when: { splitType: [1] },
      message: notInSpec('Split value must be a whole number of pages per part, 1 or more.', 'reference §3.10: NumberFormatException, 400'),
    },
    {
      rule: 'readsAs',
      field: 'splitValue',
      as: 'count',
      when: { splitType: [2] },
      message: notInSpec('Split value must be a whole number of documents, 1 or more.', 'reference §3.10: NumberFormatException, 400'),
    },
  ],

  action: { label: 'Split PDF', busyLabel: 'Processing...' },
  result: { kind: 'zip' },
  // Reference §3.10: the API names the ZIP after the upload alone; the spec's page saves it as _split.zip (§9).
  download: { api: '{base}.zip', browser: '{base}_split.zip', fallback: 'split.zip' },
  toast: { success: 'PDF split successfully!' },
});
