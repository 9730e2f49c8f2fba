/** A rectangle in a page's own coordinates (points, lower-left origin before /Rotate). */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Section edges are written to 1/10,000 of a point: neighbours share an edge exactly. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The sections of a page, in the reference's order (§3.12): column by column
 * from the left, each column from the top, as the page is shown. `box` is what
 * the page shows (its crop box within its media box), in its own coordinates;
 * `rotate` its /Rotate (0, 90, 180, 270, clockwise): columns and rows are of
 * the page as it is turned on screen, so a landscape scan stored portrait with
 * /Rotate 90 is cut as the landscape page it shows. Each section is returned in
 * the page's own coordinates, ready to be its MediaBox and CropBox.
 */
export function sectionRects(box: Rect, rotate: number, columns: number, rows: number): Rect[] {
  const turn = ((Math.round(rotate / 90) % 4) + 4) % 4;
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  const shownWidth = turn % 2 === 0 ? width : height;
  const shownHeight = turn % 2 === 0 ? height : width;
  // Shown position (u from the left edge, w from the top edge) → the page's own coordinates.
  const own = (u: number, w: number): [number, number] => {
    switch (turn) {
      case 1:
        return [box.x0 + w, box.y0 + u];
      case 2:
        return [box.x1 - u, box.y0 + w];
      case 3:
        return [box.x1 - w, box.y1 - u];
      default:
        return [box.x0 + u, box.y1 - w];
    }
  };
  const us = Array.from({ length: columns + 1 }, (_, i) => (shownWidth * i) / columns);
  const ws = Array.from({ length: rows + 1 }, (_, j) => (shownHeight * j) / rows);
  const rects: Rect[] = [];
  for (let column = 0; column < columns; column++) {
    for (let row = 0; row < rows; row++) {
      const [ax, ay] = own(us[column], ws[row]);
      const [bx, by] = own(us[column + 1], ws[row + 1]);
      rects.push({ x0: round(Math.min(ax, bx)), y0: round(Math.min(ay, by)), x1: round(Math.max(ax, bx)), y1: round(Math.max(ay, by)) });
    }
  }
  return rects;
}
