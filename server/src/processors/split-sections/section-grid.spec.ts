import { sectionRects } from './section-grid';

describe('sectionRects', () => {
  const box = { x0: 10, y0: 20, x1: 410, y1: 320 }; // 400 wide, 300 high as stored
  const corners = (rotate: number) => sectionRects(box, rotate, 2, 1).map((r) => [r.x0, r.y0, r.x1, r.y1]);

  it('cuts an upright page into columns from the left, each from the top', () => {
    expect(sectionRects(box, 0, 2, 2).map((r) => [r.x0, r.y0, r.x1, r.y1])).toEqual([
      [10, 170, 210, 320],
      [10, 20, 210, 170],
      [210, 170, 410, 320],
      [210, 20, 410, 170],
    ]);
  });

  it('cuts a turned page as shown: the shown left column is the stored bottom (90), right (180) or top (270)', () => {
    expect(corners(90)).toEqual([
      [10, 20, 410, 170],
      [10, 170, 410, 320],
    ]);
    expect(corners(180)).toEqual([
      [210, 20, 410, 320],
      [10, 20, 210, 320],
    ]);
    expect(corners(270)).toEqual([
      [10, 170, 410, 320],
      [10, 20, 410, 170],
    ]);
    expect(corners(-90)).toEqual(corners(270));
  });

  it('gives neighbours the very same edge', () => {
    const rects = sectionRects({ x0: 0, y0: 0, x1: 100, y1: 100 }, 0, 3, 1);
    expect(rects[0].x1).toBe(rects[1].x0);
    expect(rects[1].x1).toBe(rects[2].x0);
    expect(rects[0].x1).toBe(33.3333);
  });
});
