import { layoutGrid } from './multi-page-layout.processor';

describe('layoutGrid', () => {
  const grid = (pagesPerSheet: number) => {
    const { rows, cols, perSheet } = layoutGrid({ mode: 'DEFAULT', pagesPerSheet, rows: undefined, cols: undefined });
    return `${cols}×${rows}/${perSheet}`;
  };

  it('follows the reference for 2 and perfect squares: columns × rows', () => {
    expect([1, 2, 4, 9, 16].map(grid)).toEqual(['1×1/1', '2×1/2', '2×2/4', '3×3/9', '4×4/16']);
  });

  it('gives the other counts the near-square grid, keeping the count per sheet', () => {
    expect([3, 5, 6, 7, 8, 10, 12, 13, 15].map(grid)).toEqual(['2×2/3', '3×2/5', '3×2/6', '3×3/7', '3×3/8', '4×3/10', '4×3/12', '4×4/13', '4×4/15']);
  });

  it('takes rows and columns as given in CUSTOM mode', () => {
    expect(layoutGrid({ mode: 'CUSTOM', pagesPerSheet: 2, rows: 5, cols: 3 })).toEqual({ rows: 5, cols: 3, perSheet: 15 });
  });
});
