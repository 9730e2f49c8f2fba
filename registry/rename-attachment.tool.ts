import { attachmentNameField, defineTool, notInSpec, singlePdfInput, text } from './kit';

/** Where the messages come from. */
const REFERENCE = 'reference-beyond §5 (rename-attachment)';

/**
 * Rename Attachment: gives an embedded file (found by its exact name) a new
 * name; everything else in the PDF stays as it is (reference-beyond §5).
 */
export const renameAttachmentTool = defineTool({
  id: 'rename-attachment',
  category: 'edit',
  structural: true,
  title: 'Rename Attachment',
  subtitle: 'Give a file embedded in a PDF a new name.',
  endpoint: '/api/v1/misc/rename-attachment',

  input: singlePdfInput(),

  fields: {
    attachmentName: attachmentNameField(),
    newName: text({
      label: notInSpec('New name', REFERENCE),
      placeholder: notInSpec('e.g. invoice-2024.xml', REFERENCE),
      example: 'renamed.txt',
      maxLength: 1000,
      invalid: notInSpec('New name is too long (at most 1000 characters).', REFERENCE),
      required: notInSpec('New attachment name cannot be null or empty', REFERENCE),
    }),
  },

  action: { label: 'Rename Attachment', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: {
    api: '{base}_attachment_renamed.pdf',
    browser: '{base}_attachment_renamed.pdf',
    fallback: 'attachment_renamed.pdf',
    label: notInSpec('Download PDF', REFERENCE),
  },
  toast: { success: notInSpec('Attachment renamed successfully!', REFERENCE) },
});
