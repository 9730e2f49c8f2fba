import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Extract Attachments: every file a PDF embeds (its EmbeddedFiles name tree),
 * in a ZIP under its own name; files over 50 MB, or past 200 MB together, are
 * left out, as in the reference (reference-beyond §5).
 */
export const extractAttachmentsTool = defineTool({
  id: 'extract-attachments',
  category: 'edit',
  structural: true,
  title: 'Extract Attachments',
  subtitle: 'Save the files embedded in a PDF.',
  endpoint: '/api/v1/misc/extract-attachments',

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Extract Attachments', busyLabel: 'Extracting...' },
  // The reference sends its ZIP as application/octet-stream.
  result: { kind: 'zip', apiContentType: 'application/octet-stream' },
  download: { api: '{base}_attachments.zip', browser: '{base}_attachments.zip', fallback: 'attachments.zip', label: 'Download Attachments' },
  toast: { success: notInSpec('Attachments extracted successfully!', 'reference-beyond §5') },
});
