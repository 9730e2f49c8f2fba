import { posterTiles, type PosterLayout } from './poster-tiles';

const A4 = { width: 595, height: 842 };
const layout = (options: Partial<PosterLayout> = {}): PosterLayout => ({
  pages: [A4],
  tile: A4,
  columns: 2,
  rows: 2,
  rightToLeft: false,
  overlap: 0,
  cropMarks: false,
  ...options,
});

describe('posterTiles', () => {
  it('makes columns × rows tiles per page, rows top to bottom, all at one scale, each clipped to its cell', () => {
    const tiles = posterTiles(layout({ pages: [A4, A4] }));
    expect(tiles).toHaveLength(8);
    const placements = tiles.map((tile) => tile.placements[0]);
    expect(new Set(placements.map((p) => p.scale))).toEqual(new Set([2]));
    // Cell (0, 0) is the page's top-left quarter: the page is drawn so that its top-left quarter fills the tile.
    expect(placements[0]).toMatchObject({ page: 0, x: 0, y: -842 });
    expect(placements[1]).toMatchObject({ x: -595, y: -842 });
    expect(placements[2]).toMatchObject({ x: 0, y: 0 });
    expect(placements[0].clip).toEqual({ x: 0, y: 0, width: 595, height: 842 });
    expect(placements[4].page).toBe(1);
  });

  it('runs columns from the right when asked', () => {
    const xs = posterTiles(layout({ rightToLeft: true })).map((tile) => tile.placements[0].x);
    expect(xs).toEqual([-595, 0, -595, 0]);
  });

  it('keeps room for the overlap and the marks, and widens each clip beyond inner edges only', () => {
    const [topLeft] = posterTiles(layout({ overlap: 20, cropMarks: true }));
    const { scale, clip } = topLeft.placements[0];
    // (595 − 2 × (20 + 18)) / 297.5 and (842 − 2 × (20 + 18)) / 421: the width decides.
    expect(scale).toBeCloseTo(519 / 297.5, 6);
    const cellWidth = 297.5 * scale;
    expect(clip!.width).toBeCloseTo(cellWidth + 20, 6);
    expect(clip!.height).toBeCloseTo(421 * scale + 20, 6);
    expect(topLeft.lines).toHaveLength(8);
    for (const line of topLeft.lines!) {
      for (const end of [line.from, line.to]) {
        expect(end.x).toBeGreaterThanOrEqual(0);
        expect(end.x).toBeLessThanOrEqual(595);
        expect(end.y).toBeGreaterThanOrEqual(0);
        expect(end.y).toBeLessThanOrEqual(842);
      }
    }
  });
});
