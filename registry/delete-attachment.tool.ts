import { attachmentNameField, defineTool, notInSpec, singlePdfInput } from './kit';

/** Where the messages come from. */
const REFERENCE = 'reference-beyond §5 (delete-attachment)';

/**
 * Delete Attachment: removes an embedded file (found by its exact name) from
 * a PDF; everything else stays as it is (reference-beyond §5).
 */
export const deleteAttachmentTool = defineTool({
  id: 'delete-attachment',
  category: 'edit',
  structural: true,
  title: 'Delete Attachment',
  subtitle: 'Remove a file embedded in a PDF.',
  endpoint: '/api/v1/misc/delete-attachment',

  input: singlePdfInput(),

  fields: {
    attachmentName: attachmentNameField(),
  },

  action: { label: 'Delete Attachment', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: {
    api: '{base}_attachment_deleted.pdf',
    browser: '{base}_attachment_deleted.pdf',
    fallback: 'attachment_deleted.pdf',
    label: notInSpec('Download PDF', REFERENCE),
  },
  toast: { success: notInSpec('Attachment deleted successfully!', REFERENCE) },
});
