import { comparatorField, defineTool, notInSpec, number } from './kit';

const REFERENCE = 'reference-beyond §2 (filters)';

/**
 * Filter by File Size: the file, of any type and never opened, passes
 * unchanged when its size in bytes compares with `fileSize` as asked;
 * otherwise the answer is 204 and a pipeline drops the file. For API clients
 * and pipelines only.
 */
export const filterFileSizeTool = defineTool({
  id: 'filter-file-size',
  category: 'advanced',
  structural: true,
  apiOnly: true,
  title: 'Filter by File Size',
  subtitle: 'Keep a file only when its size in bytes compares as asked.',
  endpoint: '/api/v1/filter/filter-file-size',

  input: {
    accept: ['anyFile'],
    multiple: false,
    messages: {
      missing: notInSpec('Please upload a file.', REFERENCE),
      wrongType: notInSpec('Please upload a file.', REFERENCE),
    },
  },

  fields: {
    fileSize: number({
      label: 'File size (bytes)',
      default: 0,
      integer: true,
      min: 0,
      invalid: notInSpec('File size must be a whole number of bytes, 0 or more.', REFERENCE),
    }),
    comparator: comparatorField(),
  },

  action: { label: 'Filter', busyLabel: 'Processing...' },
  // Any type passes, so the answer is bytes; the reference echoes the type the client declared for the part.
  result: { kind: 'download', noContentWhen: 'the size does not compare as asked (the file does not pass)' },
  // The reference answers a passing file as it came, under its own name.
  download: { api: '{name}', browser: '{name}', fallback: 'filtered' },
  toast: { success: notInSpec('The file passed the filter.', REFERENCE) },
});
