import { compose, rotatedExtent, rotationAbout, translation, type Matrix } from '../../page-marks/geometry';
import { InvalidInputError } from '../../refusals/input-errors';

/** Most copies one page takes: past it the page would be slow to show, and the request is refused. */
export const MAX_TILES_PER_PAGE = 10_000;

export interface TileSettings {
  /** Degrees, anticlockwise. */
  rotation: number;
  /** Points between copies, across and down. */
  widthSpacer: number;
  heightSpacer: number;
}

/**
 * The copies of a w × h watermark that cover a page: a grid of cells, each the
 * upright box around the watermark plus its spacers turned by the rotation (as
 * the reference sizes them, §5.3), so turned copies never overlap; each copy
 * turned about its own centre in the middle of its cell. The grid is centred
 * on the page, and cells cut by the edges still get their copy, so the edges
 * are covered too. Answers one transform per copy, taking the watermark's box
 * (origin at its lower-left corner) onto the page.
 */
export function tileMatrices(page: { width: number; height: number }, box: { width: number; height: number }, settings: TileSettings): Matrix[] {
  const cell = rotatedExtent(box.width + settings.widthSpacer, box.height + settings.heightSpacer, settings.rotation);
  const columns = Math.max(1, Math.ceil(page.width / cell.width));
  const rows = Math.max(1, Math.ceil(page.height / cell.height));
  if (!(columns * rows <= MAX_TILES_PER_PAGE)) {
    throw new InvalidInputError(
      `The watermark would be drawn ${Number.isFinite(columns * rows) ? columns * rows : 'countless'} times on a page; at most ${MAX_TILES_PER_PAGE} copies fit. Choose a larger font size or larger spacers.`,
    );
  }
  const left = (page.width - columns * cell.width) / 2;
  const bottom = (page.height - rows * cell.height) / 2;
  const matrices: Matrix[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const centreX = left + (column + 0.5) * cell.width;
      const centreY = bottom + (row + 0.5) * cell.height;
      matrices.push(compose(translation(centreX - box.width / 2, centreY - box.height / 2), rotationAbout(settings.rotation, centreX, centreY)));
    }
  }
  return matrices;
}
