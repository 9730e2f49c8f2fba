/**
 * Crop margins as the visitor sees the page, turned into a rectangle in the
 * page's own (unrotated) coordinates. Shared by the browser, which sends the
 * crop box Stirling's API expects, and the server, which crops page by page.
 */

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Which unrotated edge shows on each visual side for a page's /Rotate (clockwise):
 * at 90° the page's left edge is shown at the top.
 */
function unrotatedMargins(visual: Margins, rotation: number): Margins {
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return { left: visual.top, top: visual.right, right: visual.bottom, bottom: visual.left };
    case 180:
      return { bottom: visual.top, left: visual.right, top: visual.bottom, right: visual.left };
    case 270:
      return { right: visual.top, bottom: visual.right, left: visual.bottom, top: visual.left };
    default:
      return visual;
  }
}

/** The rectangle left after cutting the margins, or undefined when nothing would remain. */
export function cropBoxFromMargins(box: Rect, rotation: number, visual: Margins): Rect | undefined {
  const m = unrotatedMargins(visual, rotation);
  const width = box.width - m.left - m.right;
  const height = box.height - m.top - m.bottom;
  if (width <= 0 || height <= 0) return undefined;
  return { x: box.x + m.left, y: box.y + m.bottom, width, height };
}
