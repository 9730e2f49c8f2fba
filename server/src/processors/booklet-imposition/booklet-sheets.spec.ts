import { bookletSides, type BookletLayout } from './booklet-sheets';

const A4 = { width: 595, height: 842 };
const layout = (pages: number, options: Partial<BookletLayout> = {}): BookletLayout => ({
  pages: Array.from({ length: pages }, () => A4),
  spine: 'LEFT',
  gutter: 0,
  creep: 0,
  border: false,
  sides: 'BOTH',
  turnBacks: false,
  ...options,
});
/** Each side's pages, 1-based, left half first; 0 for a blank half. */
const order = (sides: ReturnType<typeof bookletSides>) =>
  sides.map((side) => [0, 1].map((half) => (side.placements.find((p) => p.clip!.x < side.width / 2 === (half === 0))?.page ?? -1) + 1));

describe('bookletSides', () => {
  it('puts N−1−2s | 2s on fronts and 2s+1 | N−2−2s on backs, on landscape sheets of page 1', () => {
    const sides = bookletSides(layout(8));
    expect(order(sides)).toEqual([
      [8, 1],
      [2, 7],
      [6, 3],
      [4, 5],
    ]);
    expect(sides[0]).toMatchObject({ width: 842, height: 595 });
  });

  it('leaves halves past the last page blank and swaps halves for a spine on the right', () => {
    expect(order(bookletSides(layout(3)))).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(order(bookletSides(layout(4, { spine: 'RIGHT' })))).toEqual([
      [1, 4],
      [3, 2],
    ]);
  });

  it('gives fronts only or backs only for a printer without duplex', () => {
    expect(order(bookletSides(layout(8, { sides: 'FIRST' })))).toEqual([
      [8, 1],
      [6, 3],
    ]);
    expect(order(bookletSides(layout(8, { sides: 'SECOND' })))).toEqual([
      [2, 7],
      [4, 5],
    ]);
  });

  it('centres a gap of the gutter on the fold, capped at half the sheet less a point as the reference caps it', () => {
    const [front] = bookletSides(layout(4, { gutter: 40 }));
    expect(front.placements.map((p) => p.clip)).toEqual([
      { x: 0, y: 0, width: 401, height: 595 },
      { x: 441, y: 0, width: 401, height: 595 },
    ]);
    const [wide] = bookletSides(layout(4, { gutter: 5000 }));
    expect(wide.placements[0].clip!.width).toBeCloseTo((842 - 420) / 2, 6);
  });

  it('moves each sheet’s pages towards the fold by its depth times the creep', () => {
    const plain = bookletSides(layout(12));
    const crept = bookletSides(layout(12, { creep: 2 }));
    const shift = (side: number, slot: number) => crept[side].placements[slot].x - plain[side].placements[slot].x;
    expect([shift(0, 0), shift(0, 1)]).toEqual([0, 0]);
    expect([shift(4, 0), shift(4, 1)]).toEqual([4, -4]);
  });

  it('turns backs by 180° for a printer that flips the other way: halves swapped, pages upside down', () => {
    const [, back] = bookletSides(layout(4, { turnBacks: true }));
    expect(order([back])).toEqual([[3, 2]]);
    expect(back.placements.every((p) => p.turn === 180)).toBe(true);
  });
});
