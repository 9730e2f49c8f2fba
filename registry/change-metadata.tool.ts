import { checkbox, defineTool, entries, notInSpec, select, singlePdfInput, text } from './kit';

/** Where the messages the spec leaves out come from. */
const REFERENCE = 'reference §6.7 (update-metadata): the option exists in the API; the spec gives no message for a bad value';

/** The standard fields are shown and sent only while "Delete all" is off: with it, the reference ignores them. */
const KEEP = { deleteAll: [false] } as const;

/** One of the document-information texts (title, author, ...). */
function infoText(label: string, help?: string) {
  return text({
    label,
    ...(help ? { help } : {}),
    visibleWhen: KEEP,
    widget: 'document-info',
    maxLength: 10_000,
    invalid: notInSpec(`${label} may be at most 10000 characters.`, 'a limit of ours: the reference takes any length'),
  });
}

/** A date in the reference's `yyyy/MM/dd HH:mm:ss`; the processor checks it (the kit's text fields have no pattern). */
function infoDate(label: string) {
  return text({
    label,
    placeholder: 'yyyy/MM/dd HH:mm:ss',
    help: 'As yyyy/MM/dd HH:mm:ss, in the server’s time zone.',
    visibleWhen: KEEP,
    widget: 'document-info',
    maxLength: 100,
    invalid: notInSpec(`${label} must be in the format yyyy/MM/dd HH:mm:ss.`, REFERENCE),
  });
}

/**
 * Change Metadata: writes the document information (title, author, subject,
 * keywords, creator, producer, dates, trapping, custom entries) and the same
 * values into the XMP metadata, so every reader shows the same; or removes all
 * of it. Only the catalog and the information dictionary change (qpdf JSON
 * update): page content is copied as it is, so large files stay fast.
 */
export const changeMetadataTool = defineTool({
  id: 'change-metadata',
  category: 'edit',
  structural: true,
  title: 'Change Metadata',
  subtitle: 'Edit title, author, dates and more.',
  endpoint: '/api/v1/misc/update-metadata',

  input: singlePdfInput(),

  // The spec's order (§7). Unlike the reference, which replaces, a standard field
  // left out keeps the document's entry; 'undefined' (the reference's word for
  // "remove") removes it (docs/compatibility.md).
  fields: {
    deleteAll: checkbox({
      label: 'Delete all metadata',
      help: 'Removes every entry, the XMP metadata and PieceInfo. Otherwise the fields below show what the file says: what you change is written, what you clear is removed, and the rest stays as it is.',
      default: false,
    }),
    author: infoText('Author'),
    creationDate: infoDate('Creation date'),
    creator: infoText('Creator', 'The application that made the original document.'),
    keywords: infoText('Keywords'),
    modificationDate: infoDate('Modification date'),
    producer: infoText('Producer', 'The application that wrote the PDF.'),
    subject: infoText('Subject'),
    title: infoText('Title'),
    trapped: select({
      label: 'Trapped',
      help: 'Whether the document has been prepared for printing with colour trapping. Left as the file has it unless you choose.',
      options: [
        { value: 'True', label: 'True' },
        { value: 'False', label: 'False' },
        { value: 'Unknown', label: 'Unknown' },
      ],
      caseInsensitive: true,
      visibleWhen: KEEP,
      widget: 'document-info',
      invalid: notInSpec('Trapped must be True, False or Unknown.', REFERENCE),
    }),
    // Named as the reference's map of request parameters; the page sends customKey1/customValue1...
    allRequestParams: entries({
      label: 'Custom metadata',
      help: 'Entries of your own, added to those the document has. An entry with an empty value is removed; names of the fields above are ignored here.',
      keyLabel: 'Key',
      valueLabel: 'Value',
      addLabel: 'Add entry',
      numbered: { key: 'customKey', value: 'customValue' },
      maxEntries: 100,
      tooMany: notInSpec('Custom metadata: at most 100 entries.', 'a limit of ours: the reference takes any number'),
      visibleWhen: KEEP,
    }),
  },

  // The page's fields start from the file's values; only what differs is sent.
  requestEnhancer: 'document-info-changes',

  action: { label: 'Update Metadata', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_metadata.pdf', browser: '{base}_metadata_updated.pdf', fallback: 'metadata_updated.pdf' },
  toast: { success: 'Metadata updated successfully!' },
});
