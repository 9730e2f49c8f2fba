import { compose, rotationAbout, translation, type Matrix } from '../../page-marks/geometry';

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
  /** Images stay inside the page (reference §6.1); text may run off it. */
  keepInside: boolean;
}

/** The column a position sits in: how a text block's lines line up there. */
export function columnAlignment(position: number): 'left' | 'center' | 'right' {
  return (['right', 'left', 'center'] as const)[position % 3];
}

/**
 * The transform that takes the stamp's box (origin at its lower-left corner)
 * onto the page. A stamp at a grid position turns about its own centre, so it
 * stays where it was put; one at given coordinates turns about that point.
 */
export function stampMatrix(page: { width: number; height: number }, box: StampBox, placement: StampPlacement): Matrix {
  const overridden = placement.overrideX >= 0 && placement.overrideY >= 0;
  let x: number;
  let y: number;
  if (overridden) {
    x = placement.overrideX;
    y = box.baseline !== undefined ? placement.overrideY + box.baseline - box.height : placement.overrideY;
  } else {
    const margin = MARGIN_SHARES[placement.margin] * ((page.width + page.height) / 2);
    const column = placement.position % 3;
    const row = Math.floor((placement.position - 1) / 3);
    x = column === 1 ? margin : column === 2 ? (page.width - box.width) / 2 : page.width - box.width - margin;
    y = row === 0 ? page.height - margin - box.height : row === 1 ? (page.height - box.height) / 2 : margin;
  }
  if (placement.keepInside) {
    x = Math.max(0, Math.min(x, page.width - box.width));
    y = Math.max(0, Math.min(y, page.height - box.height));
  }
  const [pivotX, pivotY] = !overridden
    ? [x + box.width / 2, y + box.height / 2]
    : box.baseline !== undefined
      ? [x, y + box.height - box.baseline]
      : [x, y];
  return compose(translation(x, y), rotationAbout(placement.rotation, pivotX, pivotY));
}
