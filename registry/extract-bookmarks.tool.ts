import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Extract Bookmarks: the PDF's outline as JSON (reference-beyond §6), a tree of
 * `{ title, pageNumber, children }`; the page a bookmark opens is 1-based, 1
 * when its destination resolves to nothing, 0 when it names a page object
 * that is not in the document's page tree. Only API clients and pipelines call it.
 */
export const extractBookmarksTool = defineTool({
  id: 'extract-bookmarks',
  category: 'edit',
  title: 'Extract Bookmarks',
  subtitle: 'The bookmarks of a PDF, as JSON.',
  endpoint: '/api/v1/general/extract-bookmarks',
  apiOnly: true,
  structural: true,

  // The reference reads the PDF from the part `file` (Edit Table of Contents' controller); the kit's main part is `fileInput`, taken too.
  input: { ...singlePdfInput(), aliases: ['file'] },

  fields: {},

  action: { label: 'Extract Bookmarks', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; a name is sent all the same (the kit always sends one), the upload's with what it holds.
  download: { api: '{base}_bookmarks.json', browser: '{base}_bookmarks.json', fallback: 'bookmarks.json' },
  toast: { success: notInSpec('Bookmarks extracted successfully!', 'reference-beyond §6') },
});
