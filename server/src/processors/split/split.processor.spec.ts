import { splitRanges } from './split.processor';

describe('splitRanges', () => {
  it('ends a part at each point and always at the last page', () => {
    expect(splitRanges('1,3', 5)).toEqual([[0, 0], [1, 2], [3, 4]]);
  });

  it('gives the whole document for out-of-range points', () => {
    expect(splitRanges('50', 20)).toEqual([[0, 19]]);
  });

  it('turns every page into a part with all', () => {
    expect(splitRanges('all', 3)).toEqual([[0, 0], [1, 1], [2, 2]]);
  });
});
