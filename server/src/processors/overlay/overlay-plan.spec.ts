import { COUNTS_MESSAGE, overlayPairs, readCounts } from './overlay-plan';

describe('overlay plan', () => {
  /** The overlay page (as `file:page`, 1-based) each base page gets. */
  const plan = (mode: Parameters<typeof overlayPairs>[0], base: number, pages: number[], counts: number[] = []) => {
    const { targets, sources } = overlayPairs(mode, base, pages, counts);
    const names = pages.flatMap((n, file) => Array.from({ length: n }, (_, page) => `${file + 1}:${page + 1}`));
    return Array.from({ length: base }, (_, i) => {
      const k = targets.indexOf(i + 1);
      return k < 0 ? '-' : names[sources[k] - 1];
    });
  };

  it('takes every overlay page in turn, the first file first (sequential)', () => {
    expect(plan('SequentialOverlay', 7, [2, 1])).toEqual(['1:1', '1:2', '2:1', '1:1', '1:2', '2:1', '1:1']);
    expect(plan('SequentialOverlay', 3, [1])).toEqual(['1:1', '1:1', '1:1']);
  });

  it('takes the files in turn, each file’s own pages in turn (interleaved)', () => {
    expect(plan('InterleavedOverlay', 7, [2, 3])).toEqual(['1:1', '2:1', '1:2', '2:2', '1:1', '2:3', '1:2']);
  });

  it('repeats each file’s pages its count of times, then nothing (fixed repeat)', () => {
    expect(plan('FixedRepeatOverlay', 8, [2, 1], [2, 1])).toEqual(['1:1', '1:2', '1:1', '1:2', '2:1', '-', '-', '-']);
    expect(plan('FixedRepeatOverlay', 3, [2, 1], [2, 1])).toEqual(['1:1', '1:2', '1:1']);
  });

  it('reads counts from a comma list or one per line, one each when none are given', () => {
    expect(readCounts('2, 3', 2)).toEqual([2, 3]);
    expect(readCounts('2\n3', 2)).toEqual([2, 3]);
    expect(readCounts(undefined, 3)).toEqual([1, 1, 1]);
    expect(readCounts(' ', 1)).toEqual([1]);
    for (const bad of ['2', '2,0', '1,-1', '1.5,2', '1,2,3', '99999999999999999999,1']) expect(() => readCounts(bad, 2)).toThrow(COUNTS_MESSAGE);
  });
});
