import { apply, compose, rotationAbout, translation, type Matrix } from '../../page-marks/geometry';

/**
 * Where a stamp goes on a page (reference §6.1, as its code has it): the
 * margin is a share of the page's mean side; positions 1-9 are a grid read
 * from the top left (1 top left, 5 centre, 9 bottom right); the override
 * coordinates, when both are 0 or more, put the start of a text's first
 * baseline, or an image's lower-left corner, at that point instead.
 *
 * Sizes are in points on the page as shown, origin at its lower-left corner.
 */

export type Margin = 'none' | 'small' | 'medium' | 'large' | 'x-large';

/** Share of (width + height) / 2 (reference §6.1; `none` is ours: the reference treats it as medium). */
export const MARGIN_SHARES: Record<Margin, number> = { none: 0, small: 0.02, medium: 0.035, large: 0.05, 'x-large': 0.075 };

export interface StampBox {
  width: number;
  height: number;
  /** Text: the first baseline below the box's top. */
  baseline?: number;
}

export interface StampPlacement {
  /** 1-9. */
  position: number;
  margin: Margin;
  /** Degrees, anticlockwise. */
  rotation: number;
  overrideX: number;
  overrideY: number;
  /** At given coordinates, images stay inside the page (reference §6.1); text may run off it. At a grid position, every stamp that fits stays inside. */
  keepInside: boolean;
}

/** The column a position sits in: how a text block's lines line up there. */
export function columnAlignment(position: number): 'left' | 'center' | 'right' {
  return (['right', 'left', 'center'] as const)[position % 3];
}

/**
 * The transform that takes the stamp's box (origin at its lower-left corner)
 * onto the page. A stamp at a grid position turns about its own centre and is
 * then placed by the upright box around it as turned: that box keeps the
 * margin and stays on the page whenever it fits (a stamp turned 15° in a
 * corner would otherwise poke past the edge). One at given coordinates turns
 * about that point; an image there is moved inside the page.
 */
export function stampMatrix(page: { width: number; height: number }, box: StampBox, placement: StampPlacement): Matrix {
  const overridden = placement.overrideX >= 0 && placement.overrideY >= 0;
  const column = placement.position % 3;
  const row = Math.floor((placement.position - 1) / 3);
  const margin = overridden ? 0 : MARGIN_SHARES[placement.margin] * ((page.width + page.height) / 2);
  let x: number;
  let y: number;
  if (overridden) {
    x = placement.overrideX;
    y = box.baseline !== undefined ? placement.overrideY + box.baseline - box.height : placement.overrideY;
  } else {
    x = column === 1 ? margin : column === 2 ? (page.width - box.width) / 2 : page.width - box.width - margin;
    y = row === 0 ? page.height - margin - box.height : row === 1 ? (page.height - box.height) / 2 : margin;
  }
  const [pivotX, pivotY] = !overridden ? [x + box.width / 2, y + box.height / 2] : box.baseline !== undefined ? [x, y + box.height - box.baseline] : [x, y];
  const placed = compose(translation(x, y), rotationAbout(placement.rotation, pivotX, pivotY));
  if (overridden && !placement.keepInside) return placed;

  const bounds = boundsOf(placed, box);
  let dx = 0;
  let dy = 0;
  if (!overridden) {
    // The turned box, not the upright one, sits at the margin.
    if (column === 1) dx = margin - bounds.left;
    else if (column === 0) dx = page.width - margin - bounds.right;
    if (row === 0) dy = page.height - margin - bounds.top;
    else if (row === 2) dy = margin - bounds.bottom;
  }
  dx = insideShift(bounds.left + dx, bounds.right + dx, page.width) + dx;
  dy = insideShift(bounds.bottom + dy, bounds.top + dy, page.height) + dy;
  return compose(placed, translation(dx, dy));
}

/** The upright box around the stamp's box as `matrix` places it. */
function boundsOf(matrix: Matrix, box: StampBox): { left: number; right: number; bottom: number; top: number } {
  const corners = [apply(matrix, 0, 0), apply(matrix, box.width, 0), apply(matrix, 0, box.height), apply(matrix, box.width, box.height)];
  const xs = corners.map(([cx]) => cx);
  const ys = corners.map(([, cy]) => cy);
  return { left: Math.min(...xs), right: Math.max(...xs), bottom: Math.min(...ys), top: Math.max(...ys) };
}

/** How far to move a span [low, high] to bring it inside [0, size]; one longer than the page is centred on it. */
function insideShift(low: number, high: number, size: number): number {
  if (high - low > size) return (size - (high - low)) / 2 - low;
  if (low < 0) return -low;
  if (high > size) return size - high;
  return 0;
}
