import type { WordBox } from '../../engines/poppler-text';
import { makeLine, maxOf, minOf } from './lines';
import type { Line } from '../types';

/**
 * Reading order on pages set in columns. A gutter is a vertical band, away
 * from the page edges, that (almost) no text crosses while text lies on both
 * sides of it at the same heights. Lines that cross it (a title over both
 * columns) cut the page into sections; each section is read left column first,
 * then right, and each column is searched again for a further gutter.
 */

export interface Gutter {
  /** The empty band, in points from the left edge. */
  left: number;
  right: number;
}

const MIN_GUTTER_WIDTH = 7;
/** Each side of a gutter needs this many lines to count as a column. */
const MIN_COLUMN_LINES = 3;
const MAX_DEPTH = 3;
/** Pages with more lines than this (maps, charts, hostile files) are read top to bottom without a column search. */
const MAX_LINES_FOR_COLUMNS = 3000;

/** Flows of lines in reading order: one per column piece, top to bottom inside each. */
export function readingOrder(lines: readonly Line[]): Line[][] {
  return orderRegion(lines, 0);
}

function orderRegion(lines: readonly Line[], depth: number): Line[][] {
  const byTop = [...lines].sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin);
  const gutter = depth < MAX_DEPTH && byTop.length <= MAX_LINES_FOR_COLUMNS ? findGutter(byTop) : undefined;
  if (!gutter) return byTop.length > 0 ? [byTop] : [];
  const flows: Line[][] = [];
  let left: Line[] = [];
  let right: Line[] = [];
  // Consecutive lines across the gutter (a title over two lines) stay one flow.
  let spanning: Line[] | undefined;
  const closeSection = () => {
    flows.push(...orderRegion(left, depth + 1), ...orderRegion(right, depth + 1));
    left = [];
    right = [];
  };
  for (const line of byTop.flatMap((l) => splitAtGutter(l, gutter))) {
    const side = sideOf(line, gutter);
    if (side === 'left') {
      left.push(line);
      spanning = undefined;
    } else if (side === 'right') {
      right.push(line);
      spanning = undefined;
    } else if (spanning && left.length === 0 && right.length === 0) {
      spanning.push(line);
    } else {
      closeSection();
      spanning = [line];
      flows.push(spanning);
    }
  }
  closeSection();
  return flows;
}

/**
 * Where a line lies against a gutter. Text may not enter it; a picture often
 * (or a table) runs a little past its column's text, so it belongs to a column
 * as long as it does not reach the other column.
 */
function sideOf(line: Line, gutter: Gutter): 'left' | 'right' | 'across' {
  const [leftLimit, rightLimit] = line.image || line.table ? [gutter.right - 1, gutter.left + 1] : [gutter.left + 1, gutter.right - 1];
  if (line.xMax <= leftLimit) return 'left';
  if (line.xMin >= rightLimit) return 'right';
  return 'across';
}

/** Pieces of text inside a line: words closer than about a space and a half. */
interface Piece {
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

function segmentsOf(line: Line): Piece[] {
  const segments: Piece[] = [];
  const gapLimit = Math.max(line.fontSize * 1.2, 4);
  for (const word of line.words) {
    const last = segments[segments.length - 1];
    if (last && word.xMin - last.xMax < gapLimit) last.xMax = Math.max(last.xMax, word.xMax);
    else segments.push({ xMin: word.xMin, xMax: word.xMax, yMin: line.yMin, yMax: line.yMax });
  }
  return segments;
}

/** The widest band in the middle of the text that no line's text crosses and that has columns on both sides. */
export function findGutter(lines: readonly Line[]): Gutter | undefined {
  if (lines.length < MIN_COLUMN_LINES) return undefined;
  const segments = lines.map((line) => ({ line, pieces: segmentsOf(line) }));
  const pieces = segments.flatMap((s) => s.pieces);
  const xMin = minOf(lines.map((l) => l.xMin));
  const xMax = maxOf(lines.map((l) => l.xMax));
  const width = xMax - xMin;
  if (width < 100) return undefined;
  const from = Math.floor(xMin + width * 0.2);
  const to = Math.ceil(xMin + width * 0.8);
  // Lines whose text crosses each x; a few crossings (a title over both columns) are allowed.
  // One point per step on ordinary pages; coarser on posters, so the work stays bounded.
  const step = Math.max(1, (to - from) / 600);
  const crossing: number[] = [];
  for (let x = from; x <= to; x += step) {
    crossing.push(segments.filter(({ pieces }) => pieces.some((p) => p.xMin < x && p.xMax > x)).length);
  }
  // Fewest crossings first: a clean gutter beats a wider band a title crosses.
  const allowed = Math.floor(lines.length * 0.25);
  for (let limit = 0; limit <= allowed; limit++) {
    let best: Gutter | undefined;
    for (let start = 0; start < crossing.length;) {
      if (crossing[start] > limit) {
        start++;
        continue;
      }
      let end = start;
      while (end + 1 < crossing.length && crossing[end + 1] <= limit) end++;
      const band = { left: from + start * step, right: from + end * step };
      const wider = !best || band.right - band.left > best.right - best.left;
      if (band.right - band.left >= MIN_GUTTER_WIDTH && wider && isColumnGutter(pieces, limit, band)) best = band;
      start = end + 1;
    }
    if (best) return best;
  }
  return undefined;
}

/** Text columns on both sides, side by side (not one above the other). */
function isColumnGutter(pieces: readonly Piece[], crossingLines: number, band: Gutter): boolean {
  const left = pieces.filter((p) => p.xMax <= band.left + 1);
  const right = pieces.filter((p) => p.xMin >= band.right - 1);
  if (left.length < MIN_COLUMN_LINES || right.length < MIN_COLUMN_LINES) return false;
  if (crossingLines > (left.length + right.length) / 2) return false;
  const extent = (side: readonly Piece[]) => ({ top: minOf(side.map((p) => p.yMin)), bottom: maxOf(side.map((p) => p.yMax)) });
  const [l, r] = [extent(left), extent(right)];
  const overlap = Math.min(l.bottom, r.bottom) - Math.max(l.top, r.top);
  return overlap > Math.min(l.bottom - l.top, r.bottom - r.top) * 0.3;
}

/** A line Poppler ran across the gutter becomes two; a line with text in the gutter stays whole (it spans). */
function splitAtGutter(line: Line, gutter: Gutter): Line[] {
  const before = line.words.filter((w) => w.xMax <= gutter.left + 1);
  const after = line.words.filter((w) => w.xMin >= gutter.right - 1);
  if (before.length + after.length === line.words.length && before.length > 0 && after.length > 0) {
    const styled = (words: WordBox[]): Line => ({ ...makeLine(words), fontSize: line.fontSize, bold: line.bold, monospace: line.monospace });
    return [styled(before), styled(after)];
  }
  return [line];
}
