import { checkbox, defineTool, notInSpec, select, text } from './kit';

/** Merge PDFs: joins several PDFs into one, in the order given. */
export const mergeTool = defineTool({
  id: 'merge',
  category: 'organize',
  structural: true,
  title: 'Merge PDFs',
  subtitle: 'Combine several PDFs into one document, in the order you choose.',
  endpoint: '/api/v1/general/merge-pdfs',

  input: {
    accept: ['pdf'],
    multiple: true,
    minFiles: 2,
    combine: true,
    messages: {
      missing: 'Please upload at least two PDF files to merge.',
      wrongType: 'Please upload PDF files only.',
      dropWrongType: 'Please drop PDF files only.',
      tooFew: 'Please upload at least two PDF files to merge.',
    },
  },

  fields: {
    removeCertSign: checkbox({ label: 'Remove certificate signatures', default: false }),
    generateToc: checkbox({ label: 'Generate table of contents (one bookmark per file)', default: false }),
    sortType: select({
      label: 'Sort files',
      apiOnly: true, // the spec's page always sends orderProvided
      options: [
        { value: 'orderProvided', label: 'Order provided' },
        { value: 'byFileName', label: 'By file name' },
        { value: 'byDateModified', label: 'By date modified' },
        { value: 'byDateCreated', label: 'By date created' },
        { value: 'byPDFTitle', label: 'By PDF title' },
      ],
      default: 'orderProvided',
      invalid: notInSpec('sortType must be one of orderProvided, byFileName, byDateModified, byDateCreated, byPDFTitle.', 'merge `sortType` (API only)'),
    }),
    fileOrder: text({
      label: 'File order (one file name per line)',
      apiOnly: true, // reference §3.6: overrides sortType when not blank
      multiline: true,
    }),
  },

  action: { label: 'Merge PDFs', busyLabel: 'Merging...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_merged_unsigned.pdf', browser: 'merged.pdf' },
  toast: { success: 'PDFs merged successfully! Preview below or download the file.' },
});
