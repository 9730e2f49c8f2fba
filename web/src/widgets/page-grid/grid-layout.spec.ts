import { describe, expect, it } from '@jest/globals';
import { CELL_GAP, gridLayout, insertionIndexAt, insertionMarker, LABEL_HEIGHT, MIN_CELL_WIDTH } from './grid-layout';

describe('gridLayout', () => {
  it('fits as many columns as cells of the least width allow, at least two', () => {
    expect(gridLayout(700, 1.414).columns).toBe(Math.floor((700 + CELL_GAP) / (MIN_CELL_WIDTH + CELL_GAP)));
    expect(gridLayout(330, 1.414).columns).toBe(3);
    expect(gridLayout(150, 1.414).columns).toBe(2);
  });

  it('shares the width between the columns and gives rows the first page’s shape plus a label', () => {
    const layout = gridLayout(660, 1.5);
    expect(layout.cellWidth * layout.columns + CELL_GAP * (layout.columns - 1)).toBeCloseTo(660);
    expect(layout.thumbHeight).toBe(Math.round(layout.cellWidth * 1.5));
    expect(layout.rowHeight).toBe(layout.thumbHeight + LABEL_HEIGHT + CELL_GAP);
  });

  it('keeps a very long or very wide first page from making boxes absurd', () => {
    expect(gridLayout(660, 10).thumbHeight).toBe(Math.round(gridLayout(660, 1.6).thumbHeight));
    expect(gridLayout(660, 0.05).thumbHeight).toBe(Math.round(gridLayout(660, 0.5).thumbHeight));
  });
});

describe('insertionIndexAt', () => {
  // Four columns of 100 px with 12 px gaps; rows 100 px high.
  const layout = { columns: 4, cellWidth: 100, thumbHeight: 64, rowHeight: 100, gap: 12 };

  it('puts a page before a cell from its left half and after it from its right half', () => {
    expect(insertionIndexAt(10, 10, layout, 10)).toBe(0);
    expect(insertionIndexAt(60, 10, layout, 10)).toBe(1);
    expect(insertionIndexAt(112 + 10, 10, layout, 10)).toBe(1);
    expect(insertionIndexAt(224 + 90, 150, layout, 10)).toBe(7);
  });

  it('stays within the pages, wherever the pointer goes', () => {
    expect(insertionIndexAt(-50, -50, layout, 10)).toBe(0);
    expect(insertionIndexAt(1000, 1000, layout, 10)).toBe(10);
    expect(insertionIndexAt(336 + 90, 250, layout, 10)).toBe(10);
  });

  it('marks the left edge of the cell a page goes before, or the right edge of the last', () => {
    expect(insertionMarker(5, layout, 10)).toEqual({ left: 112 - 6, top: 100 });
    expect(insertionMarker(10, layout, 10)).toEqual({ left: 112 + 100 + 6, top: 200 });
  });
});
