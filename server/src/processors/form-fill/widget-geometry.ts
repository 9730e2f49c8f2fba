import type { PdfEdits } from '../../pdf-objects/object-edits';
import { pageNodes, rectangleOf } from '../../pdf-objects/page-tree';
import { isReference } from '../../pdf-objects/pdf-objects';
import type { FormTree } from '../../pdf-objects/forms/form-tree';

/** The most a placed widget measures, in points, as the reference places it. */
const MAX_WIDTH = 200;
const MAX_HEIGHT = 40;

/**
 * Gives a widget with no rectangle, or one without area, a box at its
 * page's lower-left corner (at most 200 × 40 pt, within the media box) and
 * lists it on that page (made a widget annotation where it was not one), as
 * the reference does after filling, so a filled field can be seen. Signature widgets keep their empty box: an invisible
 * signature is meant to be one.
 */
export function placeStrayWidgets(edits: PdfEdits, tree: FormTree): void {
  const pages = pageNodes(edits.pdf);
  for (const field of tree.fields) {
    if (field.type === 'signature') continue;
    for (const widget of field.widgets) {
      const rect = rectangleOf(edits.pdf, widget.dict['/Rect']);
      if (rect && rect.x2 - rect.x1 > 0 && rect.y2 - rect.y1 > 0) continue;
      const page = pages.find((node) => node.ref === tree.pageRefs[widget.pageIndex]) ?? pages[0];
      if (!page) continue;
      const { x1, y1, x2, y2 } = page.mediaBox;
      widget.dict['/Rect'] = [x1, y1, x1 + Math.min(MAX_WIDTH, x2 - x1), y1 + Math.min(MAX_HEIGHT, y2 - y1)];
      widget.dict['/P'] = page.ref;
      // A field that was never shown may lack what makes it an annotation at all.
      widget.dict['/Type'] ??= '/Annot';
      widget.dict['/Subtype'] ??= '/Widget';
      edits.touch(widget.owner);
      const annots = page.dict['/Annots'];
      const list = edits.pdf.array(annots);
      const entry = widget.ref;
      if (!entry || list?.includes(entry)) continue;
      if (list) {
        list.push(entry);
        edits.touch(isReference(annots) ? `obj:${annots}` : `obj:${page.ref}`);
      } else {
        page.dict['/Annots'] = [entry];
        edits.touch(`obj:${page.ref}`);
      }
    }
  }
}
