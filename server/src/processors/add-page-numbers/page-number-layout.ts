import { compose, scaling, translation, type Matrix } from '../../page-marks/geometry';

/**
 * Where a page number goes (reference §6.2): the margin is a share of the
 * page's width across and of its height up and down; positions 1-9 are a grid
 * read from the top left (1 top left, 5 centre, 9 bottom right). A number at
 * the top has its line's top (the font's ascent) at the margin; at the bottom,
 * its baseline; in the middle row, its line is centred.
 *
 * Sizes are in points on the page as shown, origin at its lower-left corner.
 */

export type NumberMargin = 'small' | 'medium' | 'large' | 'x-large';

export const NUMBER_MARGIN_SHARES: Record<NumberMargin, number> = { small: 0.02, medium: 0.035, large: 0.05, 'x-large': 0.075 };

/** A shaped text's logical box: advance widths across, ascent to descent of its lines up. */
export interface NumberBox {
  width: number;
  height: number;
  /** The first line's baseline, below the box's top. */
  baseline: number;
}

/**
 * The transform that takes the number's box (origin at its lower-left corner)
 * onto the page. A number is never off the page: one that would not fit (a
 * long text at a large size) is shrunk to the page, and one that reaches past
 * an edge is moved in.
 */
export function numberMatrix(page: { width: number; height: number }, box: NumberBox, position: number, margin: NumberMargin): Matrix {
  const share = NUMBER_MARGIN_SHARES[margin];
  const scale = Math.min(1, page.width / box.width, page.height / box.height);
  const width = box.width * scale;
  const height = box.height * scale;
  const descent = (box.height - box.baseline) * scale;
  const column = (position - 1) % 3;
  const row = Math.floor((position - 1) / 3);
  const x = column === 0 ? share * page.width : column === 1 ? (page.width - width) / 2 : page.width - share * page.width - width;
  const y = row === 0 ? page.height - share * page.height - height : row === 1 ? (page.height - height) / 2 : share * page.height - descent;
  const inside = (value: number, room: number) => Math.max(0, Math.min(value, room));
  return compose(scaling(scale, scale), translation(inside(x, page.width - width), inside(y, page.height - height)));
}

/** How the lines of a number's text line up in its column. */
export function numberAlignment(position: number): 'left' | 'center' | 'right' {
  return (['left', 'center', 'right'] as const)[(position - 1) % 3];
}

export interface NumberContext {
  /** The page's number, before padding. */
  number: number;
  /** Pads the number's digits with zeros to this many characters (the sign counts), as Java's %0Nd. */
  zeroPad: number;
  /** Pages in the document. */
  total: number;
  /** The uploaded name without its extension. */
  fileName: string;
}

/**
 * The text of one page: `{n}`, `{total}` and `{filename}` replaced in one pass
 * (a file name holding `{n}` stays as it is).
 */
export function numberText(template: string, context: NumberContext): string {
  const sign = context.number < 0 ? '-' : '';
  const digits = String(Math.abs(context.number)).padStart(context.zeroPad - sign.length, '0');
  const values: Record<string, string> = { n: sign + digits, total: String(context.total), filename: context.fileName };
  return template.replace(/\{(n|total|filename)\}/g, (_, key: string) => values[key]);
}
