import type { Sheet, SheetBox, SheetLine, ShownSize } from '../../engines/page-imposition';

export interface PosterLayout {
  /** Source pages' shown sizes, in page order. */
  pages: readonly ShownSize[];
  /** The tiles' page, portrait, in points. */
  tile: { width: number; height: number };
  columns: number;
  rows: number;
  rightToLeft: boolean;
  /** Points of each neighbour's edge a tile repeats, measured on the printed tile. */
  overlap: number;
  cropMarks: boolean;
}

/** Room kept round a tile's content for crop marks, in points: a 3 pt gap, then a 12 pt mark. */
const MARK_GAP = 3;
const MARK_LENGTH = 12;
const MARK_ROOM = MARK_GAP + MARK_LENGTH + 3;
const MARK_WIDTH = 0.5;

/**
 * The tiles of a poster (reference §8.2): each page, as a viewer shows it, is
 * cut into columns × rows equal cells, and each cell becomes a tile: a page of
 * the tile size with the cell scaled uniformly and centred, in rows top to
 * bottom and columns left to right (right to left when asked). Every tile of
 * a page has the same scale, so the printed tiles fit together; a tile shows
 * its own cell and, with an overlap, that much of its neighbours beyond each
 * inner edge, and nothing else (the reference shows whatever of the page falls
 * in its margins). Crop marks sit outside that, at the cell's corners, on the
 * lines to cut along.
 */
export function posterTiles(layout: PosterLayout): Sheet[] {
  const { tile, columns, rows } = layout;
  const room = layout.cropMarks ? MARK_ROOM : 0;
  const overlapX = columns > 1 ? layout.overlap : 0;
  const overlapY = rows > 1 ? layout.overlap : 0;
  const tiles: Sheet[] = [];
  layout.pages.forEach((size, page) => {
    const cell = { width: size.width / columns, height: size.height / rows };
    const scale = Math.min((tile.width - 2 * (overlapX + room)) / cell.width, (tile.height - 2 * (overlapY + room)) / cell.height);
    // The cell's place on every tile of this page: centred.
    const drawn: SheetBox = {
      x: (tile.width - cell.width * scale) / 2,
      y: (tile.height - cell.height * scale) / 2,
      width: cell.width * scale,
      height: cell.height * scale,
    };
    for (let row = 0; row < rows; row++) {
      for (let step = 0; step < columns; step++) {
        const column = layout.rightToLeft ? columns - 1 - step : step;
        // Row 0 is the top of the page; the page's y runs up from its bottom.
        const cellX = column * cell.width;
        const cellY = size.height - (row + 1) * cell.height;
        const grow = { left: column > 0, right: column < columns - 1, top: row > 0, bottom: row < rows - 1 };
        const clip: SheetBox = {
          x: drawn.x - (grow.left ? overlapX : 0),
          y: drawn.y - (grow.bottom ? overlapY : 0),
          width: drawn.width + (grow.left ? overlapX : 0) + (grow.right ? overlapX : 0),
          height: drawn.height + (grow.bottom ? overlapY : 0) + (grow.top ? overlapY : 0),
        };
        tiles.push({
          width: tile.width,
          height: tile.height,
          placements: [{ page, scale, x: drawn.x - cellX * scale, y: drawn.y - cellY * scale, clip }],
          lines: layout.cropMarks ? cornerMarks(drawn, clip) : [],
        });
      }
    }
  });
  return tiles;
}

/** Two marks per corner of `cell`, each on one of its edges' lines, just outside `content`. */
function cornerMarks(cell: SheetBox, content: SheetBox): SheetLine[] {
  const lines: SheetLine[] = [];
  const mark = (from: { x: number; y: number }, to: { x: number; y: number }) => lines.push({ from, to, width: MARK_WIDTH });
  const left = content.x - MARK_GAP;
  const right = content.x + content.width + MARK_GAP;
  const bottom = content.y - MARK_GAP;
  const top = content.y + content.height + MARK_GAP;
  for (const x of [cell.x, cell.x + cell.width]) {
    mark({ x, y: bottom }, { x, y: bottom - MARK_LENGTH });
    mark({ x, y: top }, { x, y: top + MARK_LENGTH });
  }
  for (const y of [cell.y, cell.y + cell.height]) {
    mark({ x: left, y }, { x: left - MARK_LENGTH, y });
    mark({ x: right, y }, { x: right + MARK_LENGTH, y });
  }
  return lines;
}
