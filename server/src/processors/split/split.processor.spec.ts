import { splitRanges } from './split.processor';

describe('splitRanges', () => {
  const doc = (pageCount: number) => ({ name: 'book.pdf', pageCount });

  it('ends a part at each point and always at the last page', () => {
    expect(splitRanges('1,3', doc(5))).toEqual([
      [0, 0],
      [1, 2],
      [3, 4],
    ]);
  });

  it('ignores out-of-range points beside real ones', () => {
    expect(splitRanges('2,50', doc(20))).toEqual([
      [0, 1],
      [2, 19],
    ]);
  });

  it('turns every page into a part with all', () => {
    expect(splitRanges('all', doc(3))).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it('refuses a selection that names only pages the file lacks, naming them', () => {
    expect(() => splitRanges('99', doc(20))).toThrow('Page 99 is out of range: "book.pdf" has 20 pages.');
    expect(() => splitRanges('30,40-45', doc(20))).toThrow('Pages 30 and 40 are out of range: "book.pdf" has 20 pages.');
  });

  it('refuses a selection that names no page at all', () => {
    expect(() => splitRanges('abc', doc(20))).toThrow('"abc" selects no page to split after: "book.pdf" has 20 pages.');
  });
});
