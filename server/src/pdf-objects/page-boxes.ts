import type { PageNode, Rectangle } from './page-tree';

/** The part of `box` inside `within`, as PDFBox clips the crop, bleed, trim and art boxes to the media box. */
export function clipRectangle(box: Rectangle, within: Rectangle): Rectangle {
  return { x1: Math.max(box.x1, within.x1), y1: Math.max(box.y1, within.y1), x2: Math.min(box.x2, within.x2), y2: Math.min(box.y2, within.y2) };
}

/**
 * The region of the page a reader shows: its (inherited) crop box clipped to
 * its media box, or the media box when it has none, as PDFBox's getCropBox
 * and Poppler read it. Not turned for /Rotate.
 */
export function effectiveCropBox(page: Pick<PageNode, 'mediaBox' | 'cropBox'>): Rectangle {
  return page.cropBox ? clipRectangle(page.cropBox, page.mediaBox) : page.mediaBox;
}
