/**
 * The shortest edit between two sequences of words, fast on whole books:
 * common ends are trimmed, words that occur once in both (in the same order,
 * the longest such chain) anchor the rest (patience diff), and what lies
 * between anchors is diffed with Myers' O(ND) algorithm. Myers is stopped past
 * `maxEdits` edits: such a stretch has nothing in common worth aligning, and is
 * answered as all removed and all added (one change).
 */

/** A stretch of the edit: `a[aStart, aEnd)` kept as `b[bStart, bEnd)`, removed, or `b[...]` added. */
export interface EditRun {
  kind: 'equal' | 'delete' | 'insert';
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

/** Edits Myers may look for in one stretch between anchors before giving up on aligning it. */
export const DEFAULT_MAX_EDITS = 2000;

interface Range {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

/** The edit from `a` to `b`, as runs in order; adjacent runs of one kind are joined. */
export function diffSequences(a: readonly string[], b: readonly string[], maxEdits = DEFAULT_MAX_EDITS): EditRun[] {
  const ids = new Map<string, number>();
  const idOf = (word: string) => {
    let id = ids.get(word);
    if (id === undefined) ids.set(word, (id = ids.size));
    return id;
  };
  const x = Int32Array.from(a, idOf);
  const y = Int32Array.from(b, idOf);
  const runs: EditRun[] = [];
  const push = (kind: EditRun['kind'], a0: number, a1: number, b0: number, b1: number) => {
    if (a1 === a0 && b1 === b0) return;
    const last = runs[runs.length - 1];
    if (last && last.kind === kind && last.aEnd === a0 && last.bEnd === b0) {
      last.aEnd = a1;
      last.bEnd = b1;
    } else runs.push({ kind, aStart: a0, aEnd: a1, bStart: b0, bEnd: b1 });
  };

  // Ranges still to diff, the next on top; a range's runs are all pushed before the next range's.
  type Task = { range: Range } | { equal: Range };
  const stack: Task[] = [{ range: { a0: 0, a1: x.length, b0: 0, b1: y.length } }];
  while (stack.length > 0) {
    const task = stack.pop()!;
    if ('equal' in task) {
      const { a0, a1, b0, b1 } = task.equal;
      push('equal', a0, a1, b0, b1);
      continue;
    }
    let { a0, a1, b0, b1 } = task.range;
    const head = a0;
    while (a0 < a1 && b0 < b1 && x[a0] === y[b0]) {
      a0++;
      b0++;
    }
    push('equal', head, a0, b0 - (a0 - head), b0);
    let tail = 0;
    while (a1 - tail > a0 && b1 - tail > b0 && x[a1 - tail - 1] === y[b1 - tail - 1]) tail++;
    const after: Range = { a0: a1 - tail, a1, b0: b1 - tail, b1 };
    a1 -= tail;
    b1 -= tail;

    // What follows this range's own runs, in order.
    let later: Task[] = [];
    if (a0 === a1 || b0 === b1) {
      push('delete', a0, a1, b0, b0);
      push('insert', a1, a1, b0, b1);
    } else {
      const anchors = uniqueAnchors(x, y, { a0, a1, b0, b1 });
      if (anchors.length > 0) {
        // Between anchors, in order: range, anchor, range, anchor, ..., range.
        let [pa, pb] = [a0, b0];
        const pieces: Task[] = [];
        for (const [ai, bi] of anchors) {
          pieces.push({ range: { a0: pa, a1: ai, b0: pb, b1: bi } }, { equal: { a0: ai, a1: ai + 1, b0: bi, b1: bi + 1 } });
          [pa, pb] = [ai + 1, bi + 1];
        }
        pieces.push({ range: { a0: pa, a1, b0: pb, b1 } });
        later = pieces;
      } else {
        const edit = myers(x, y, { a0, a1, b0, b1 }, maxEdits);
        if (edit) for (const run of edit) push(run.kind, run.aStart, run.aEnd, run.bStart, run.bEnd);
        else {
          push('delete', a0, a1, b0, b0);
          push('insert', a1, a1, b0, b1);
        }
      }
    }
    stack.push({ equal: after });
    for (let i = later.length - 1; i >= 0; i--) stack.push(later[i]);
  }
  return runs;
}

/**
 * Pairs (index in a, index in b) of words found exactly once in each side of
 * the range, the longest chain increasing in both (patience sorting).
 */
function uniqueAnchors(x: Int32Array, y: Int32Array, { a0, a1, b0, b1 }: Range): [number, number][] {
  const counts = new Map<number, { a: number; b: number; ai: number; bi: number }>();
  for (let i = a0; i < a1; i++) {
    const entry = counts.get(x[i]) ?? { a: 0, b: 0, ai: -1, bi: -1 };
    entry.a++;
    entry.ai = i;
    counts.set(x[i], entry);
  }
  for (let j = b0; j < b1; j++) {
    const entry = counts.get(y[j]);
    if (!entry) continue;
    entry.b++;
    entry.bi = j;
  }
  const pairs: [number, number][] = [];
  for (const entry of counts.values()) if (entry.a === 1 && entry.b === 1) pairs.push([entry.ai, entry.bi]);
  if (pairs.length === 0) return [];
  pairs.sort((p, q) => p[0] - q[0]);
  // Longest increasing subsequence of the b indices.
  const tops: number[] = [];
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let i = 0; i < pairs.length; i++) {
    let lo = 0;
    let hi = tops.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tops[mid]][1] < pairs[i][1]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tops[lo - 1];
    tops[lo] = i;
  }
  const chain: [number, number][] = [];
  for (let i = tops[tops.length - 1]; i >= 0; i = previous[i]) chain.push(pairs[i]);
  return chain.reverse();
}

/** Myers' greedy shortest edit of one range, or null past `maxEdits` edits. */
function myers(x: Int32Array, y: Int32Array, { a0, a1, b0, b1 }: Range, maxEdits: number): EditRun[] | null {
  const n = a1 - a0;
  const m = b1 - b0;
  const limit = Math.min(n + m, maxEdits);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  // v after each round d, for the way back.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      let i = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let j = i - k;
      while (i < n && j < m && x[a0 + i] === y[b0 + j]) {
        i++;
        j++;
      }
      v[offset + k] = i;
      if (i >= n && j >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        return backtrack(trace, n, m, a0, b0);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  return null;
}

/** The runs of the path Myers found, from the saved rounds (round d holds k = -d..d). */
function backtrack(trace: Int32Array[], n: number, m: number, a0: number, b0: number): EditRun[] {
  const steps: EditRun[] = [];
  let i = n;
  let j = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const before = trace[d - 1];
    const at = (k: number) => before[k + d - 1];
    const k = i - j;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevI = at(prevK);
    const prevJ = prevI - prevK;
    const startI = down ? prevI : prevI + 1;
    const startJ = down ? prevJ + 1 : prevJ;
    if (i > startI) steps.push({ kind: 'equal', aStart: a0 + startI, aEnd: a0 + i, bStart: b0 + startJ, bEnd: b0 + j });
    if (down) steps.push({ kind: 'insert', aStart: a0 + prevI, aEnd: a0 + prevI, bStart: b0 + prevJ, bEnd: b0 + prevJ + 1 });
    else steps.push({ kind: 'delete', aStart: a0 + prevI, aEnd: a0 + prevI + 1, bStart: b0 + prevJ, bEnd: b0 + prevJ });
    i = prevI;
    j = prevJ;
  }
  if (i > 0) steps.push({ kind: 'equal', aStart: a0, aEnd: a0 + i, bStart: b0, bEnd: b0 + j });
  return steps.reverse();
}
