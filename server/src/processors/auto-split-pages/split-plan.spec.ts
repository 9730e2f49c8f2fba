import { partsBetweenDividers } from './split-plan';

describe('partsBetweenDividers', () => {
  const parts = (pageCount: number, dividers: number[], duplex = false) => partsBetweenDividers(pageCount, new Set(dividers), duplex);

  it('splits at each divider and leaves the divider out (reference §6.13: 5 pages, divider on 3 → [1,2], [4,5])', () => {
    expect(parts(5, [3])).toEqual([
      [1, 2],
      [4, 5],
    ]);
  });

  it('answers the whole document as one part when there is no divider', () => {
    expect(parts(4, [])).toEqual([[1, 4]]);
  });

  it('leaves out a divider that is the very first page (the reference keeps it)', () => {
    expect(parts(4, [1])).toEqual([[2, 4]]);
    expect(parts(4, [1], true)).toEqual([[3, 4]]);
  });

  it('drops the page after each divider in duplex mode, whatever it holds', () => {
    expect(parts(8, [3, 6], true)).toEqual([
      [1, 2],
      [5, 5],
      [8, 8],
    ]);
    expect(parts(5, [2, 3], true)).toEqual([
      [1, 1],
      [4, 5],
    ]);
  });

  it('drops the parts left empty', () => {
    expect(parts(6, [2, 3, 6])).toEqual([
      [1, 1],
      [4, 5],
    ]);
    expect(parts(4, [4], true)).toEqual([[1, 3]]);
  });

  it('answers no part when every page is a divider, or a divider’s back', () => {
    expect(parts(3, [1, 2, 3])).toEqual([]);
    expect(parts(4, [1, 3], true)).toEqual([]);
  });
});
