import type { PageWords, WordBox } from '../../engines/poppler-text';
import { maxOf, minOf } from './lines';
import type { RulingLine, RulingLines } from './ruling-lines';

/**
 * Tables on PDF pages, two ways: ruled tables (a grid of drawn lines, found on a
 * greyscale rendering, words placed into its cells) and, beyond the reference's
 * lattice-only detection, borderless tables (lines of short phrases whose gaps
 * line up into at least three columns).
 */

/** A table found on one page, with where it lies (points, top-left origin). */
export interface PlacedTable {
  top: number;
  left: number;
  bottom: number;
  right: number;
  rows: string[][];
}

/** Ruled tables first; borderless ones among the words no ruled table took. */
export function tablesOnPage(page: PageWords, lines: RulingLines): PlacedTable[] {
  const ruled = ruledTables(lines, page.words);
  const inside = (word: WordBox) => ruled.some((table) => contains(table, centreOf(word)));
  const loose = borderlessTables(page.words.filter((word) => !inside(word)));
  return [...ruled, ...loose].sort((a, b) => a.top - b.top || a.left - b.left);
}

// ---------------------------------------------------------------- ruled tables

/** Lines closer than this (points) are the same boundary: double rules, anti-aliasing. */
const SAME_LINE_PT = 3;
/** How far a line may fall short of the one it meets and still count as touching. */
const TOUCH_PT = 3;

/** A lattice: the x of every column boundary and the y of every row boundary, ascending. */
export interface Grid {
  xs: number[];
  ys: number[];
}

/** Tables made of ruling lines, with the words inside each grid placed into its cells. */
export function ruledTables(lines: RulingLines, words: readonly WordBox[]): PlacedTable[] {
  return findGrids(lines)
    .map((grid) => ({
      top: grid.ys[0],
      bottom: grid.ys[grid.ys.length - 1],
      left: grid.xs[0],
      right: grid.xs[grid.xs.length - 1],
      rows: fillGrid(grid, words),
    }))
    .filter((table) => holdsText(table.rows));
}

/**
 * A grid is a table when text stands in a good share of its cells: filled
 * shapes side by side (the bars of a chart on their axis) make grids too, but
 * empty ones.
 */
function holdsText(rows: readonly string[][]): boolean {
  const cells = rows.flat();
  return cells.filter((cell) => cell !== '').length * MIN_FILLED_CELLS_SHARE >= cells.length;
}

/** At least one cell in this many holds text. */
const MIN_FILLED_CELLS_SHARE = 3;

/**
 * Groups lines that touch into networks and reads each network as a grid with
 * at least two rows and two columns. A line touching nothing (an underline, a
 * page rule) never makes a table.
 */
export function findGrids({ horizontals, verticals }: RulingLines): Grid[] {
  const touches = (h: RulingLine, v: RulingLine) =>
    v.at >= h.from - TOUCH_PT && v.at <= h.to + TOUCH_PT && h.at >= v.from - TOUCH_PT && h.at <= v.to + TOUCH_PT;
  const parent = [...horizontals, ...verticals].map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  horizontals.forEach((h, i) =>
    verticals.forEach((v, j) => {
      if (touches(h, v)) parent[root(i)] = root(horizontals.length + j);
    }),
  );
  const networks = new Map<number, { hs: RulingLine[]; vs: RulingLine[] }>();
  const networkOf = (i: number) => {
    const key = root(i);
    if (!networks.has(key)) networks.set(key, { hs: [], vs: [] });
    return networks.get(key)!;
  };
  horizontals.forEach((h, i) => networkOf(i).hs.push(h));
  verticals.forEach((v, j) => networkOf(horizontals.length + j).vs.push(v));

  const grids: Grid[] = [];
  for (const { hs, vs } of networks.values()) {
    const ys = mergeClose(hs.map((h) => h.at));
    const xs = mergeClose(vs.map((v) => v.at));
    if (ys.length >= 3 && xs.length >= 3) grids.push({ xs, ys });
  }
  return grids.sort((a, b) => a.ys[0] - b.ys[0]);
}

/** Sorted values with near-duplicates merged into their mean. */
function mergeClose(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const value of sorted) {
    const last = groups[groups.length - 1];
    if (last && value - last[last.length - 1] <= SAME_LINE_PT) last.push(value);
    else groups.push([value]);
  }
  return groups.map((group) => group.reduce((sum, v) => sum + v, 0) / group.length);
}

/**
 * The text of each cell: the words whose centre lies in it, in reading order
 * (lines top to bottom, words left to right), joined by single spaces.
 */
export function fillGrid(grid: Grid, words: readonly WordBox[]): string[][] {
  const rows = grid.ys.length - 1;
  const cols = grid.xs.length - 1;
  const cells: WordBox[][][] = Array.from({ length: rows }, () => Array.from({ length: cols }, () => []));
  for (const word of words) {
    const { x, y } = centreOf(word);
    const row = intervalIndex(grid.ys, y);
    const col = intervalIndex(grid.xs, x);
    if (row >= 0 && col >= 0) cells[row][col].push(word);
  }
  return cells.map((row) => row.map((cell) => cellText(cell)));
}

function intervalIndex(bounds: readonly number[], value: number): number {
  for (let i = 0; i < bounds.length - 1; i++) if (value >= bounds[i] && value < bounds[i + 1]) return i;
  return -1;
}

function cellText(words: readonly WordBox[]): string {
  return groupIntoLines(words)
    .map((line) => line.map((word) => word.text).join(' '))
    .join(' ');
}

// ---------------------------------------------------------------- borderless tables

/** Fewest columns and rows a borderless table needs (fewer is too easily ordinary text). */
const MIN_COLUMNS = 3;
const MIN_ROWS = 3;
/** A gap at least this many times the text height separates cells; word spaces are far smaller. */
const CELL_GAP_EM = 0.9;
/** Lines further apart than this many line heights do not belong to one table. */
const MAX_ROW_GAP = 2.5;
/** Prose set in columns has long cells; a table's cells are short. */
const MAX_WORDS_PER_CELL = 4;

/**
 * Tables without ruling lines: runs of at least three consecutive text lines,
 * each split by wide gaps into at least two phrases, whose phrases stack into
 * at least three columns.
 */
export function borderlessTables(words: readonly WordBox[]): PlacedTable[] {
  const lines = groupIntoLines(words).map((line) => ({ words: line, cells: splitCells(line) }));
  const tables: PlacedTable[] = [];
  let run: typeof lines = [];
  const flush = () => {
    const table = run.length >= MIN_ROWS ? tableFromRows(run.map((line) => line.cells)) : undefined;
    if (table) tables.push(table);
    run = [];
  };
  for (const line of lines) {
    const previous = run[run.length - 1];
    const height = lineHeight(line.words);
    const close = previous && top(line.words) - bottom(previous.words) <= MAX_ROW_GAP * height;
    if (line.cells.length < 2) {
      flush();
      continue;
    }
    if (!close) flush();
    run.push(line);
  }
  flush();
  return tables;
}

/** Splits a line's words where the gap is wider than a word space. */
function splitCells(line: readonly WordBox[]): WordBox[][] {
  const height = lineHeight(line);
  const cells: WordBox[][] = [];
  for (const word of line) {
    const cell = cells[cells.length - 1];
    const previous = cell?.[cell.length - 1];
    if (previous && word.xMin - previous.xMax < CELL_GAP_EM * height) cell.push(word);
    else cells.push([word]);
  }
  return cells;
}

/**
 * Columns are the x-ranges the rows' phrases cover once overlapping ones are
 * merged; each phrase goes to the column it lies in. Not a table when fewer
 * than three columns remain or the phrases read like prose.
 */
function tableFromRows(rows: WordBox[][][]): PlacedTable | undefined {
  const spans = rows.flat().map((cell) => ({ from: cell[0].xMin, to: cell[cell.length - 1].xMax }));
  const columns = mergeSpans(spans);
  if (columns.length < MIN_COLUMNS) return undefined;
  const wordCounts = rows
    .flat()
    .map((cell) => cell.length)
    .sort((a, b) => a - b);
  if (wordCounts[Math.floor(wordCounts.length / 2)] > MAX_WORDS_PER_CELL) return undefined;
  // Most rows must fill most columns, or these are merely indented lines.
  const filled = rows.filter((cells) => cells.length >= Math.min(columns.length, MIN_COLUMNS)).length;
  if (filled * 2 < rows.length) return undefined;
  if (!cellsLineUp(rows.flat(), columns)) return undefined;

  const texts = rows.map((cells) => {
    const row: string[] = columns.map(() => '');
    for (const cell of cells) {
      const centre = (cell[0].xMin + cell[cell.length - 1].xMax) / 2;
      const index = columns.findIndex((column) => centre >= column.from && centre <= column.to);
      const text = cell.map((word) => word.text).join(' ');
      row[index] = row[index] ? `${row[index]} ${text}` : text;
    }
    return row;
  });
  const all = rows.flat(2);
  return {
    top: minOf(all.map((w) => w.yMin)),
    bottom: maxOf(all.map((w) => w.yMax)),
    left: columns[0].from,
    right: columns[columns.length - 1].to,
    rows: texts,
  };
}

/** Cells of one column line up when their left edges, right edges or middles are this close (points). */
const ALIGN_PT = 2;
/** Share of cells that must line up with another in their column. */
const MIN_ALIGNED_SHARE = 0.6;

/**
 * A table's cells stand in columns: each lines up (left, right or centred)
 * with another cell of its column. Justified prose has wide gaps too, spread
 * evenly over each line, but its words fall anywhere: only the first and last
 * of a line line up, so most of its "cells" line up with nothing.
 */
function cellsLineUp(cells: readonly WordBox[][], columns: readonly { from: number; to: number }[]): boolean {
  const byColumn = new Map<number, { left: number; right: number }[]>();
  for (const cell of cells) {
    const left = cell[0].xMin;
    const right = cell[cell.length - 1].xMax;
    const index = columns.findIndex((column) => (left + right) / 2 >= column.from && (left + right) / 2 <= column.to);
    byColumn.set(index, [...(byColumn.get(index) ?? []), { left, right }]);
  }
  let aligned = 0;
  for (const column of byColumn.values()) {
    aligned += column.filter((cell, i) =>
      column.some(
        (other, j) =>
          i !== j &&
          (Math.abs(other.left - cell.left) <= ALIGN_PT ||
            Math.abs(other.right - cell.right) <= ALIGN_PT ||
            Math.abs(other.left + other.right - cell.left - cell.right) <= 2 * ALIGN_PT),
      ),
    ).length;
  }
  return aligned >= cells.length * MIN_ALIGNED_SHARE;
}

function mergeSpans(spans: { from: number; to: number }[]): { from: number; to: number }[] {
  const merged: { from: number; to: number }[] = [];
  for (const span of [...spans].sort((a, b) => a.from - b.from)) {
    const last = merged[merged.length - 1];
    if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

// ---------------------------------------------------------------- geometry

/** Words on one baseline (their vertical middles close), each line left to right, lines top to bottom. */
export function groupIntoLines(words: readonly WordBox[]): WordBox[][] {
  const lines: WordBox[][] = [];
  for (const word of [...words].sort((a, b) => middle(a) - middle(b) || a.xMin - b.xMin)) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(middle(word) - middle(line[0])) <= 0.4 * Math.max(height(word), height(line[0]))) line.push(word);
    else lines.push([word]);
  }
  return lines.map((line) => line.sort((a, b) => a.xMin - b.xMin));
}

const middle = (word: WordBox) => (word.yMin + word.yMax) / 2;
const height = (word: WordBox) => word.yMax - word.yMin;
const top = (line: readonly WordBox[]) => minOf(line.map((w) => w.yMin));
const bottom = (line: readonly WordBox[]) => maxOf(line.map((w) => w.yMax));

function lineHeight(line: readonly WordBox[]): number {
  return Math.max(1, maxOf(line.map(height)));
}

function centreOf(word: WordBox): { x: number; y: number } {
  return { x: (word.xMin + word.xMax) / 2, y: middle(word) };
}

function contains(table: PlacedTable, { x, y }: { x: number; y: number }): boolean {
  return x >= table.left && x <= table.right && y >= table.top && y <= table.bottom;
}
