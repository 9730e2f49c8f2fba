import { checkbox, defineTool, file, notInSpec } from './kit';

/** Where the limits and messages the spec leaves out come from. */
const REFERENCE = 'reference §6.4 (add-attachments)';

/**
 * Add Attachments: embeds any files in one PDF (its EmbeddedFiles name tree,
 * an attachment of the same name replaced), each with its name, MIME type,
 * size, checksum, dates and a description; the PDF then opens on its
 * attachments panel. qpdf streams the files in: nothing else is rewritten.
 */
export const addAttachmentsTool = defineTool({
  id: 'add-attachments',
  category: 'edit',
  structural: true,
  title: 'Add Attachments',
  subtitle: 'Embed files inside a PDF.',
  endpoint: '/api/v1/misc/add-attachments',

  input: {
    accept: ['pdf'],
    multiple: false,
    messages: { missing: 'Please select a PDF file to upload.', wrongType: 'Please upload a PDF file.' },
  },

  fields: {
    attachments: file({
      label: 'Attachments',
      help: 'Any files, up to 50 MB each and 200 MB together.',
      accept: ['anyFile'],
      multiple: true,
      buttonLabel: 'Upload Files',
      // With the PDF, the server's 50 files a request (FOLIO_MAX_FILES); the reference sets no count.
      maxFiles: 49,
      tooMany: notInSpec('Attachments: at most 49 files.', 'a limit of ours: the server takes at most 50 files a request'),
      // The reference's limit per file; all files together may weigh 200 MB (checked by the processor).
      maxBytes: 50 * 1024 * 1024,
      required: notInSpec('At least one attachment is required', REFERENCE),
      tooLarge: notInSpec('Attachments: each file may be at most 50 MB.', REFERENCE),
    }),
    convertToPdfA3b: checkbox({
      label: 'Convert to PDF/A-3b',
      help: 'Makes the document PDF/A-3b first (Ghostscript), then attaches the files as its associated files.',
      default: false,
      apiOnly: true,
    }),
  },

  pipelineInput: { othersInto: 'attachments' },

  action: { label: 'Add Attachments', busyLabel: 'Processing...' },
  result: {
    kind: 'pdf',
    variants: [{ when: { convertToPdfA3b: [true] }, download: { api: '{base}_with_attachments_PDFA-3b.pdf' } }],
  },
  download: {
    api: '{base}_with_attachments.pdf',
    browser: '{base}_with_attachments.pdf',
    fallback: 'with_attachments.pdf',
    label: 'Download PDF with Attachments',
  },
  toast: { success: 'PDF with attachments created successfully!' },
});
