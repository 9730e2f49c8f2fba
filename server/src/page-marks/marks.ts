/**
 * A mark is what Add Stamp, Add Watermark, Add Page Numbers and Add Image put
 * on pages: a shaped text block, a vector drawing or an image, with a box of
 * its own (`width` × `height` points, lower-left at its origin) that
 * placements move, turn and scale onto a page.
 */

/**
 * One page of a PDF, drawn as it is: a text block written by the text renderer
 * (its logical box at (`left`, `bottom`) there), or a drawing (an SVG turned
 * into PDF vectors, its whole page).
 */
export interface TextMarkSource {
  kind: 'text' | 'drawing';
  pdf: string;
  /** 0-based page of `pdf`. */
  page: number;
  left: number;
  bottom: number;
}

/** An image file pdf-lib embeds as it is: a PNG, or a JPEG whose pixels are already upright. */
export interface ImageMarkSource {
  kind: 'image';
  path: string;
  format: 'png' | 'jpeg';
}

export interface Mark {
  /** The box placements work with, in points: a text's advance widths and line heights; an image's drawn size. */
  width: number;
  height: number;
  /** Text: the first line's baseline, below the box's top; the point the reference anchors text at. */
  baseline?: number;
  source: TextMarkSource | ImageMarkSource;
}
