import type { PdfEdits } from '../../pdf-objects/object-edits';
import { asDict, isReference } from '../../pdf-objects/pdf-objects';

/**
 * Takes out every XMP metadata stream: the document's (the catalog's
 * /Metadata) and those pages, images, fonts and other objects carry.
 */
export function removeXmpMetadata(edits: PdfEdits): void {
  edits.eachDictionary((dict, owner) => {
    if (!edits.isStream(dict['/Metadata'])) return;
    delete dict['/Metadata'];
    edits.touch(owner);
  });
}

/** Empties the document information dictionary (title, author, subject, keywords, creator, producer, dates, custom keys). */
export function clearDocumentInfo(edits: PdfEdits): void {
  const trailer = asDict(edits.pdf.objects.trailer?.value);
  const info = trailer?.['/Info'];
  if (isReference(info)) {
    const entry = edits.pdf.objects[`obj:${info}`];
    if (entry && !entry.stream && asDict(entry.value) && Object.keys(entry.value as object).length > 0) {
      entry.value = {};
      edits.touch(`obj:${info}`);
    }
  } else if (trailer && asDict(info) && Object.keys(info as object).length > 0) {
    trailer['/Info'] = {};
    edits.touch('trailer');
  }
}
