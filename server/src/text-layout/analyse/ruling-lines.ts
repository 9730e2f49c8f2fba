import type { GrayImage } from '../../engines/poppler';

/**
 * Ruling lines found in a rendered page: long, thin runs of dark pixels. A
 * drawn line, a rectangle's edge and a cell border all look the same here,
 * whatever PDF operators made them, which is why tables are found on the
 * picture rather than in the content stream.
 */

/** A horizontal (y fixed) or vertical (x fixed) line, in points from the top-left corner. */
export interface RulingLine {
  /** The fixed coordinate: y of a horizontal line, x of a vertical one. */
  at: number;
  /** Where it starts and ends along its direction. */
  from: number;
  to: number;
}

export interface RulingLines {
  horizontals: RulingLine[];
  verticals: RulingLine[];
}

/** Darker than this (0 black … 255 white) counts as ink; anti-aliased thin lines stay well below. */
const INK = 180;
/** Shortest line, in points: longer than any glyph stroke of ordinary text. */
const MIN_LENGTH_PT = 12;
/** Thickest line, in points: anything thicker is a filled area (a shaded cell, a picture). */
const MAX_THICKNESS_PT = 3;

/**
 * Every horizontal and vertical ruling line on a page rendered at `dpi`.
 * Lines are the edges of ink: ink with paper on at least one side across the
 * line. A thin rule is edge through and through; a filled area (a header row
 * shaded dark blue, a cell background) gives its outline, which is where its
 * cell ends, while its inside, and the gaps between the white letters written
 * on it, give nothing.
 */
export function findRulingLines(image: GrayImage, dpi: number): RulingLines {
  const scale = 72 / dpi;
  const minLength = Math.max(4, Math.round(MIN_LENGTH_PT / scale));
  const maxThickness = Math.max(2, Math.round(MAX_THICKNESS_PT / scale));
  const { width, height, pixels } = image;
  const ink = (row: number, col: number) => row >= 0 && row < height && col >= 0 && col < width && pixels[row * width + col] < INK;
  const horizontalEdge = (row: number, col: number) => ink(row, col) && (!ink(row - 1, col) || !ink(row + 1, col));
  const verticalEdge = (col: number, row: number) => ink(row, col) && (!ink(row, col - 1) || !ink(row, col + 1));
  const horizontals = linesAlong(height, width, horizontalEdge, (row, col) => ink(row, col), minLength, maxThickness);
  const verticals = linesAlong(width, height, verticalEdge, (col, row) => ink(row, col), minLength, maxThickness);
  const toPoints = (line: RulingLine): RulingLine => ({ at: line.at * scale, from: line.from * scale, to: line.to * scale });
  return { horizontals: horizontals.map(toPoints), verticals: verticals.map(toPoints) };
}

/** A run being followed across neighbouring rows (or columns): one ruling line of some thickness. */
interface Band {
  from: number;
  to: number;
  first: number;
  last: number;
}

/**
 * Scans `lanes` lanes (rows for horizontal lines, columns for vertical ones) of
 * `length` pixels each. Long runs in neighbouring lanes with the same extent
 * are one line; a band thicker than `maxThickness` is a filled shape and dropped.
 * Answers pixel coordinates, `at` in the middle of the band.
 */
function linesAlong(
  lanes: number,
  length: number,
  isEdge: (lane: number, position: number) => boolean,
  isInk: (lane: number, position: number) => boolean,
  minLength: number,
  maxThickness: number,
): RulingLine[] {
  const found: RulingLine[] = [];
  let open: Band[] = [];
  const close = (band: Band) => {
    if (band.last - band.first + 1 <= maxThickness) found.push({ at: (band.first + band.last + 1) / 2, from: band.from, to: band.to });
  };
  for (let lane = 0; lane <= lanes; lane++) {
    const runs = lane < lanes ? longRuns(lane, length, isEdge, isInk, minLength, maxThickness) : [];
    const next: Band[] = [];
    for (const run of runs) {
      const index = open.findIndex((band) => Math.abs(band.from - run.from) <= 2 && Math.abs(band.to - run.to) <= 2);
      if (index >= 0) {
        const [band] = open.splice(index, 1);
        next.push({ from: Math.min(band.from, run.from), to: Math.max(band.to, run.to), first: band.first, last: lane });
      } else {
        next.push({ ...run, first: lane, last: lane });
      }
    }
    open.forEach(close);
    open = next;
  }
  return found;
}

/**
 * Runs of edge pixels at least `minLength` long along one lane. A rule crossing
 * the line is ink on both sides of it, so no edge there: the run goes on
 * through up to `maxBridge` pixels of such ink. Without that, a ruled table's
 * column rules would be cut at every row rule into pieces as short as a row
 * (LaTeX's tabular: rows of 10 pt, shorter than MIN_LENGTH_PT).
 */
function longRuns(
  lane: number,
  length: number,
  isEdge: (lane: number, position: number) => boolean,
  isInk: (lane: number, position: number) => boolean,
  minLength: number,
  maxBridge: number,
) {
  const runs: { from: number; to: number }[] = [];
  let start = -1;
  let lastEdge = -1;
  for (let position = 0; position <= length; position++) {
    if (position < length && isEdge(lane, position)) {
      if (start < 0) start = position;
      lastEdge = position;
    } else if (start >= 0 && !(position < length && isInk(lane, position) && position - lastEdge <= maxBridge)) {
      if (lastEdge + 1 - start >= minLength) runs.push({ from: start, to: lastEdge + 1 });
      start = -1;
    }
  }
  return runs;
}
