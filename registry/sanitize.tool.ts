import { checkbox, defineTool, singlePdfInput } from './kit';

/**
 * Sanitize PDF: removes active and identifying content, each kind behind its
 * own flag: scripts, embedded files, XMP metadata, the document information
 * dictionary, external link actions and embedded font programs.
 */
export const sanitizeTool = defineTool({
  id: 'sanitize',
  category: 'security',
  structural: true,
  title: 'Sanitize PDF',
  subtitle: 'Remove scripts, attachments and metadata.',
  endpoint: '/api/v1/security/sanitize-pdf',

  input: singlePdfInput(),

  // The spec's defaults (§3) apply to API clients too: the reference documents
  // removeJavaScript and removeEmbeddedFiles as true but takes an absent flag as
  // false (docs/compatibility.md).
  fields: {
    removeJavaScript: checkbox({
      label: 'Remove JavaScript',
      help: 'Document scripts, open actions, and page, link, form field and annotation actions that run JavaScript.',
      default: true,
    }),
    removeEmbeddedFiles: checkbox({
      label: 'Remove embedded files',
      help: 'Attached files, file attachment annotations and portfolio contents.',
      default: true,
    }),
    removeXMPMetadata: checkbox({
      label: 'Remove XMP metadata',
      help: 'The document’s XMP packet and those of pages, images and fonts.',
      default: false,
    }),
    removeDocumentInfoMetadata: checkbox({
      label: 'Remove document info metadata',
      help: 'Title, author, subject, keywords, creator, producer and dates.',
      // The reference's clients call it removeMetadata.
      aliases: ['removeMetadata'],
      default: false,
    }),
    removeLinks: checkbox({
      label: 'Remove links',
      help: 'Links to web addresses, other files and programs; links within the document stay.',
      default: false,
    }),
    removeFonts: checkbox({
      label: 'Remove embedded fonts',
      help: 'Embedded font programs; text stays and is shown in a substitute font.',
      default: false,
    }),
  },

  action: { label: 'Sanitize PDF', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_sanitized.pdf', browser: '{base}_sanitized.pdf', fallback: 'sanitized.pdf' },
  toast: { success: 'PDF sanitized successfully!' },
});
