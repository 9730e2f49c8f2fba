/**
 * Between the two frames of a page: the items' frame (points from the top-left
 * corner of the crop box with the page unturned, y down: registry/kit/page-items.ts)
 * and the frame the visitor sees (the same page turned by its /Rotate, points
 * from the top-left corner of what is shown). Pure arithmetic, so a box drawn on
 * a turned page lands where it was drawn.
 */

export type Rotation = 0 | 90 | 180 | 270;

/** A page as the workspace knows it: its unturned size in points and its turn. */
export interface PageFrame {
  width: number;
  height: number;
  rotation: Rotation;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Point = readonly [number, number];

/** A /Rotate value (any multiple of 90, negative too) as a quarter turn clockwise. */
export function normaliseRotation(degrees: number): Rotation {
  return ((((Math.round(degrees / 90) * 90) % 360) + 360) % 360) as Rotation;
}

/** The size of the page as shown. */
export function shownSize(frame: PageFrame): { width: number; height: number } {
  return frame.rotation % 180 === 0 ? { width: frame.width, height: frame.height } : { width: frame.height, height: frame.width };
}

/** A point of the items' frame, where it is shown. */
export function toShown(frame: PageFrame, [u, v]: Point): Point {
  switch (frame.rotation) {
    case 90:
      return [frame.height - v, u];
    case 180:
      return [frame.width - u, frame.height - v];
    case 270:
      return [v, frame.width - u];
    default:
      return [u, v];
  }
}

/** A point as shown, in the items' frame. */
export function fromShown(frame: PageFrame, [s, t]: Point): Point {
  switch (frame.rotation) {
    case 90:
      return [t, frame.height - s];
    case 180:
      return [frame.width - s, frame.height - t];
    case 270:
      return [frame.width - t, s];
    default:
      return [s, t];
  }
}

function boundsOf(corners: readonly Point[]): Rect {
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/** A rectangle of the items' frame as shown (quarter turns keep rectangles upright). */
export function rectToShown(frame: PageFrame, rect: Rect): Rect {
  return boundsOf([toShown(frame, [rect.x, rect.y]), toShown(frame, [rect.x + rect.width, rect.y + rect.height])]);
}

/** A rectangle as shown, in the items' frame. */
export function rectFromShown(frame: PageFrame, rect: Rect): Rect {
  return boundsOf([fromShown(frame, [rect.x, rect.y]), fromShown(frame, [rect.x + rect.width, rect.y + rect.height])]);
}

/** The rectangle spanned by two points, whichever way the drag went. */
export function rectBetween(a: Point, b: Point): Rect {
  return boundsOf([a, b]);
}

/** `rect` moved (not resized) so it lies on the page as shown, as far as it fits. */
export function keepOnPage(rect: Rect, page: { width: number; height: number }): Rect {
  const x = Math.min(Math.max(rect.x, 0), Math.max(page.width - rect.width, 0));
  const y = Math.min(Math.max(rect.y, 0), Math.max(page.height - rect.height, 0));
  return { ...rect, x, y };
}
