/**
 * Where a form field's widget sits on a page as the browser shows it. pdf.js
 * gives each widget's `rect` as [x1, y1, x2, y2] in PDF user space (points,
 * origin at the lower left); the page is drawn from its view box (the crop
 * box), turned clockwise by its /Rotate, `scale` CSS pixels to the point.
 */

import { normaliseRotation, shownSize, toShown, type Rotation } from '../../pdf-rendering/page-frame';

/** [x1, y1, x2, y2] in PDF points, lower-left origin, as pdf.js gives `rect` and `view`. */
export type PdfRect = readonly [number, number, number, number];

export type PageRotation = Rotation;

/** A page as the overlay is laid over it. */
export interface PageFrame {
  /** The view box's width and height in points, before /Rotate turns it. */
  widthPt: number;
  heightPt: number;
  /** /Rotate, clockwise. */
  rotation: PageRotation;
  /** CSS pixels per point. */
  scale: number;
  /** The view box (pdf.js's `page.view`), for pages whose crop box does not start at 0, 0. Default [0, 0, widthPt, heightPt]. */
  viewBox?: PdfRect;
}

/** A box in CSS pixels from the shown page's top-left corner. */
export interface CssBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Any angle as one of the four a page can be shown at. e.g. -90 → 270, 450 → 90 */
export const pageRotation = normaliseRotation;

/** The shown page's size in CSS pixels: width and height swap when the page is turned a quarter. */
export function shownPageSize(page: PageFrame): { width: number; height: number } {
  const { width, height } = shownSize({ width: page.widthPt, height: page.heightPt, rotation: page.rotation });
  return { width: width * page.scale, height: height * page.scale };
}

/** One point of PDF user space → CSS pixels from the shown page's top-left: into the unturned top-left frame, then turned as shown. */
function shownPoint(x: number, y: number, page: PageFrame): [number, number] {
  const [originX, originY] = page.viewBox ?? [0, 0];
  const frame = { width: page.widthPt, height: page.heightPt, rotation: page.rotation };
  const [u, v] = toShown(frame, [x - originX, page.heightPt - (y - originY)]);
  return [u * page.scale, v * page.scale];
}

/** A widget's rectangle as a CSS box on the shown page; corners in either order. */
export function widgetBox(rect: PdfRect, page: PageFrame): CssBox {
  const [u1, v1] = shownPoint(rect[0], rect[1], page);
  const [u2, v2] = shownPoint(rect[2], rect[3], page);
  return { left: Math.min(u1, u2), top: Math.min(v1, v2), width: Math.abs(u2 - u1), height: Math.abs(v2 - v1) };
}

/**
 * Items in the order a reader of the shown page meets them: rows from the top,
 * each from the left. Boxes whose middles lie within half a box's height of a
 * row's first box are on that row, so a check box a little lower than the text
 * field beside it still follows it.
 */
export function readingOrder<T>(items: readonly T[], boxOf: (item: T) => CssBox): T[] {
  const boxed = items.map((item) => ({ item, box: boxOf(item) })).sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
  const rows: (typeof boxed)[] = [];
  for (const entry of boxed) {
    const row = rows.at(-1);
    const first = row?.[0].box;
    const middle = entry.box.top + entry.box.height / 2;
    if (row && first && Math.abs(middle - (first.top + first.height / 2)) <= Math.max(first.height, entry.box.height) / 2) row.push(entry);
    else rows.push([entry]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.box.left - b.box.left).map((entry) => entry.item));
}

/** A control laid over a widget: its own (unturned) size, placed so that, turned with the page, it covers the widget's box. */
export interface ControlPlacement extends CssBox {
  /** Clockwise degrees to turn the control by (CSS `rotate`), the page's own turn: its text runs as the page's does. */
  rotation: PageRotation;
}

/** Where a control goes for a widget: the box, or on a turned page the widget's unturned box, centred on it and turned. */
export function controlPlacement(rect: PdfRect, page: PageFrame): ControlPlacement {
  const box = widgetBox(rect, page);
  if (page.rotation !== 90 && page.rotation !== 270) return { ...box, rotation: page.rotation };
  const [centreX, centreY] = [box.left + box.width / 2, box.top + box.height / 2];
  return { left: centreX - box.height / 2, top: centreY - box.width / 2, width: box.height, height: box.width, rotation: page.rotation };
}
