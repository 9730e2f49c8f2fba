import { diffSequences, type EditRun } from './sequence-diff';

/** b rebuilt from a and the runs: what every edit must give. */
function apply(a: readonly string[], b: readonly string[], runs: readonly EditRun[]): string[] {
  const out: string[] = [];
  let [i, j] = [0, 0];
  for (const run of runs) {
    expect([run.aStart, run.bStart]).toEqual([i, j]);
    if (run.kind === 'equal') expect(a.slice(run.aStart, run.aEnd)).toEqual(b.slice(run.bStart, run.bEnd));
    if (run.kind !== 'delete') out.push(...b.slice(run.bStart, run.bEnd));
    [i, j] = [run.aEnd, run.bEnd];
  }
  expect([i, j]).toEqual([a.length, b.length]);
  return out;
}

/** The length of the longest common subsequence (dynamic programming), to check the edit keeps as much. */
function lcs(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(row[j], row[j - 1]);
      diagonal = above;
    }
  }
  return row[b.length];
}

const kept = (runs: readonly EditRun[]) => runs.filter((r) => r.kind === 'equal').reduce((sum, r) => sum + r.aEnd - r.aStart, 0);

describe('diffSequences', () => {
  it('finds a word changed, a run inserted and a run deleted', () => {
    const a = 'the quick brown fox jumps over the lazy dog'.split(' ');
    const b = 'the quick red fox jumps high over the dog'.split(' ');
    const runs = diffSequences(a, b);
    expect(apply(a, b, runs)).toEqual(b);
    expect(runs.map((r) => r.kind)).toEqual(['equal', 'delete', 'insert', 'equal', 'insert', 'equal', 'delete', 'equal']);
  });

  it('rebuilds the second sequence and keeps the longest common part on random small inputs', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 300; round++) {
      const a = Array.from({ length: Math.floor(random() * 30) }, () => 'abcde'[Math.floor(random() * 5)]);
      const b = Array.from({ length: Math.floor(random() * 30) }, () => 'abcde'[Math.floor(random() * 5)]);
      const runs = diffSequences(a, b);
      expect(apply(a, b, runs)).toEqual(b);
      // With no common ends and no word once in each, no anchor is taken: Myers alone, which is exact.
      const count = (list: string[], x: string) => list.filter((y) => y === x).length;
      const anchored = a.some((x) => count(a, x) === 1 && count(b, x) === 1);
      if (a.length > 0 && b.length > 0 && a[0] !== b[0] && a[a.length - 1] !== b[b.length - 1] && !anchored) expect(kept(runs)).toBe(lcs(a, b));
    }
  });

  it('answers a stretch past the edit bound as removed and added, quickly', () => {
    const a = Array.from({ length: 20_000 }, (_, i) => `x${i % 7}`);
    const b = Array.from({ length: 20_000 }, (_, i) => `x${(i * 3) % 5}`);
    const started = Date.now();
    const runs = diffSequences(a, b, 200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(apply(a, b, runs)).toEqual(b);
  });

  it('aligns a 150,000-word book with a few changes in well under a second', () => {
    const a = Array.from({ length: 150_000 }, (_, i) => `w${i % 9000}`);
    const b = [...a];
    b[500] = 'changed';
    b.splice(80_000, 0, 'inserted', 'words');
    b.splice(140_000, 20);
    const started = Date.now();
    const runs = diffSequences(a, b);
    // About 60 ms built; jest's transform makes it slower here.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(apply(a, b, runs)).toEqual(b);
    expect(kept(runs)).toBe(150_000 - 21);
  });
});
