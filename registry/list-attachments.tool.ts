import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * List Attachments: the files a PDF embeds (its EmbeddedFiles name tree), each
 * with its name, size, MIME type, description and dates, as the reference's
 * JSON array (reference-beyond §5). Only API clients and pipelines call it.
 */
export const listAttachmentsTool = defineTool({
  id: 'list-attachments',
  category: 'edit',
  title: 'List Attachments',
  subtitle: 'The files embedded in a PDF, as JSON.',
  endpoint: '/api/v1/misc/list-attachments',
  apiOnly: true,
  structural: true,

  input: singlePdfInput(),

  fields: {},

  action: { label: 'List Attachments', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; a name is sent all the same (the kit always sends one), the upload's with what it holds.
  download: { api: '{base}_attachments.json', browser: '{base}_attachments.json', fallback: 'attachments.json' },
  toast: { success: notInSpec('Attachments listed successfully!', 'reference-beyond §5') },
});
