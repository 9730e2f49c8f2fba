/**
 * The grid's geometry: every cell the same size, so which page sits where, and
 * where a dragged page would land, is arithmetic rather than measurement (most
 * cells are not in the DOM at all).
 */
export interface GridLayout {
  columns: number;
  /** Width of a cell, in CSS pixels. */
  cellWidth: number;
  /** Height of a thumbnail's box (the cell less its label). */
  thumbHeight: number;
  /** Distance from one row's top to the next one's. */
  rowHeight: number;
  /** Space between cells, both ways. */
  gap: number;
}

/** The narrowest a cell may get before a column is dropped. */
export const MIN_CELL_WIDTH = 80;
export const CELL_GAP = 12;
/** Height of the page number under a thumbnail. */
export const LABEL_HEIGHT = 24;
/** Pages far taller or wider than the first are drawn inside a box of at most this shape. */
const ASPECT_LIMITS = { min: 0.5, max: 1.6 };

/** The layout for a grid `width` pixels wide, whose boxes have the first page's shape (height / width). */
export function gridLayout(width: number, aspect: number): GridLayout {
  const columns = Math.max(2, Math.floor((width + CELL_GAP) / (MIN_CELL_WIDTH + CELL_GAP)));
  const cellWidth = Math.max(1, (width - CELL_GAP * (columns - 1)) / columns);
  const shape = Math.min(ASPECT_LIMITS.max, Math.max(ASPECT_LIMITS.min, Number.isFinite(aspect) && aspect > 0 ? aspect : 1.414));
  const thumbHeight = Math.round(cellWidth * shape);
  return { columns, cellWidth, thumbHeight, rowHeight: thumbHeight + LABEL_HEIGHT + CELL_GAP, gap: CELL_GAP };
}

/**
 * Where a page dropped at (x, y) of the grid's content (scrolled content, not the
 * view) would go: the index in the arrangement it would sit before, from 0 to
 * `count` (last). The left half of a cell puts it before that cell, the right half after.
 */
export function insertionIndexAt(x: number, y: number, layout: GridLayout, count: number): number {
  const rows = Math.ceil(count / layout.columns);
  const row = Math.max(0, Math.min(rows - 1, Math.floor(y / layout.rowHeight)));
  const pitch = layout.cellWidth + layout.gap;
  const column = Math.max(0, Math.min(layout.columns - 1, Math.floor(x / pitch)));
  const after = x - column * pitch > layout.cellWidth / 2;
  return Math.max(0, Math.min(count, row * layout.columns + column + (after ? 1 : 0)));
}

/** Where the drop marker for an insertion index is drawn: the left edge of the cell it goes before, or the right edge of the last. */
export function insertionMarker(index: number, layout: GridLayout, count: number): { left: number; top: number } {
  const pitch = layout.cellWidth + layout.gap;
  const atEnd = index >= count;
  const cell = atEnd ? count - 1 : index;
  const column = cell % layout.columns;
  const row = Math.floor(cell / layout.columns);
  return { left: atEnd ? column * pitch + layout.cellWidth + layout.gap / 2 : column * pitch - layout.gap / 2, top: row * layout.rowHeight };
}
