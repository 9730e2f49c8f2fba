import { checkbox, defineTool, notInSpec, singlePdfInput, text } from './kit';

const REFERENCE = 'reference §3.13 (edit-table-of-contents), which answers 400 without it and 500 for JSON it cannot read';

/**
 * Edit Table of Contents: writes the bookmark tree the visitor edited (or an
 * API client sent as JSON) as the PDF's outline, replacing the file's own
 * bookmarks or added after them. Each bookmark opens its page; the rest of
 * the file is copied as it is.
 */
export const editTocTool = defineTool({
  id: 'edit-toc',
  category: 'advanced',
  structural: true,
  title: 'Edit Table of Contents',
  subtitle: 'Edit bookmarks, import or export JSON.',
  endpoint: '/api/v1/general/edit-table-of-contents',

  input: singlePdfInput(),

  fields: {
    // The reference ignores it and always replaces; Folio honours it (docs/compatibility.md). Left out, it replaces, as the reference does.
    replaceExisting: checkbox({
      label: 'Replace existing bookmarks',
      help: 'Ticked, the list below becomes the whole outline. Unticked, it is added after the bookmarks the file already has.',
      default: true,
    }),
    // JSON of the tree, as the spec's page sends it: [{ "title", "pageNumber" (from 1), "children": [...] }]; [] removes every bookmark.
    bookmarkData: text({
      label: 'Bookmarks',
      widget: 'bookmark-editor',
      example: '[{"title":"Intro","pageNumber":1,"children":[]}]',
      required: notInSpec('bookmarkData is required: a JSON array of bookmarks, [] for none.', REFERENCE),
      // The editor reports its entries, not their JSON, while one of them has a page it cannot have.
      invalid: notInSpec(
        'Give every bookmark a page number from 1 to the last page.',
        'the bookmark editor, which knows the chosen file’s page count (spec §5: page number minimum 1)',
      ),
    }),
  },

  action: { label: 'Edit Table of Contents', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_with_toc.pdf', browser: '{base}_with_toc.pdf', fallback: 'with_toc.pdf' },
  toast: { success: 'Table of contents edited successfully!' },
});
