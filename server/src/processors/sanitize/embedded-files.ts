import { removeAnnotations, type PdfEdits } from '../../pdf-objects/object-edits';

/**
 * Takes out every file carried inside the document: the EmbeddedFiles name
 * tree (attachments), file attachment annotations (with their pop-ups), the
 * portfolio view over them (/Collection), associated files (/AF, PDF/A-3 and
 * PDF 2.0), and the embedded data of any other file specification (the file
 * a go-to-embedded action opens, a rich-media or screen annotation's assets),
 * which then names its file without carrying it.
 */
export function removeEmbeddedFiles(edits: PdfEdits): void {
  const catalog = edits.catalog;
  if (catalog) {
    const names = edits.open(catalog.dict['/Names'], catalog.owner);
    if (names && '/EmbeddedFiles' in names.dict) {
      delete names.dict['/EmbeddedFiles'];
      edits.touch(names.owner);
    }
    if ('/Collection' in catalog.dict) {
      delete catalog.dict['/Collection'];
      edits.touch(catalog.owner);
    }
  }

  const attachments = new Set(
    removeAnnotations(edits, (annotation) => edits.pdf.resolve(annotation['/Subtype']) === '/FileAttachment').map(({ annotation }) => annotation),
  );
  if (attachments.size > 0)
    removeAnnotations(edits, (annotation) => edits.pdf.resolve(annotation['/Subtype']) === '/Popup' && attachments.has(annotation['/Parent']));

  edits.eachDictionary((dict, owner) => {
    for (const key of ['/EF', '/RF', '/AF']) {
      if (!(key in dict)) continue;
      delete dict[key];
      edits.touch(owner);
    }
  });
}
