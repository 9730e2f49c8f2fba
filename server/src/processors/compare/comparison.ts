import type { PageFrame, PageFrames, PageRect } from '../../engines/page-differences';
import type { PageWords } from '../../engines/poppler-text';
import type { Comparison, ComparisonSummary, Difference } from '@folio/registry';
import { comparable, type WordCounts } from './text-differences';

/**
 * Poppler's word boxes are in the page as shown (turned by /Rotate); the
 * answer's frame is the unturned page (registry/kit/page-items.ts).
 */
export function unturnedWords(pages: readonly PageWords[], frames: readonly PageFrame[]): PageWords[] {
  return pages.map((page) => {
    const frame = frames[page.page - 1];
    const turn = (((frame?.rotation ?? 0) % 360) + 360) % 360;
    if (!frame || turn === 0) return page;
    const { width: w, height: h } = frame;
    const words = page.words.map((word) => {
      const corners = [toUnturned(word.xMin, word.yMin, turn, w, h), toUnturned(word.xMax, word.yMax, turn, w, h)];
      const xs = corners.map(([x]) => x);
      const ys = corners.map(([, y]) => y);
      return { ...word, xMin: Math.min(...xs), xMax: Math.max(...xs), yMin: Math.min(...ys), yMax: Math.max(...ys) };
    });
    return { ...page, width: w, height: h, words };
  });
}

/** A point of the shown page back in the unturned page (width `w`, height `h` unturned), for a clockwise turn. */
function toUnturned(sx: number, sy: number, turn: number, w: number, h: number): [number, number] {
  if (turn === 90) return [sy, h - sx];
  if (turn === 180) return [w - sx, h - sy];
  if (turn === 270) return [w - sy, sx];
  return [sx, sy];
}

/**
 * Page pairs (same number in both) to compare as pictures: every pair for
 * `visual`; for `both`, those without text on either side or whose words are
 * the same, so a reflowed paragraph is said once, as words, not again as a
 * page of moved pixels.
 */
export function pairsToRender(
  mode: ComparisonSummary['mode'],
  pagesCompared: number,
  original: readonly PageWords[],
  changed: readonly PageWords[],
): [number, number][] {
  const pairs: [number, number][] = [];
  for (let page = 1; page <= pagesCompared; page++) {
    if (mode === 'text') break;
    if (mode === 'visual' || sameWords(original[page - 1], changed[page - 1])) pairs.push([page, page]);
  }
  return pairs;
}

function sameWords(a: PageWords | undefined, b: PageWords | undefined): boolean {
  const first = (a?.words ?? []).map((w) => comparable(w.text)).join(' ');
  const second = (b?.words ?? []).map((w) => comparable(w.text)).join(' ');
  return first === second;
}

/** Each visual region as a difference, on the same place of both pages. */
export function visualDifferences(pairs: readonly [number, number][], regions: readonly PageRect[][]): Omit<Difference, 'id'>[] {
  return pairs.flatMap(([first, second], index) =>
    regions[index].map((region) => ({
      kind: 'visual' as const,
      before: '',
      after: '',
      original: { pages: [first], boxes: [{ page: first, ...region }] },
      changed: { pages: [second], boxes: [{ page: second, ...region }] },
    })),
  );
}

/**
 * Pages only one document has (added or removed at the end) that no text
 * difference already covers: each a difference of its own, the whole page.
 */
export function extraPageDifferences(frames: PageFrames, covered: readonly Omit<Difference, 'id'>[]): Omit<Difference, 'id'>[] {
  const shared = Math.min(frames.original.length, frames.changed.length);
  const touched = (side: 'original' | 'changed', page: number) => covered.some((d) => d[side].boxes.some((box) => box.page === page));
  const extra: Omit<Difference, 'id'>[] = [];
  for (let page = shared + 1; page <= frames.changed.length; page++) {
    if (touched('changed', page)) continue;
    const { width, height } = frames.changed[page - 1];
    extra.push({
      kind: 'inserted',
      before: '',
      after: '',
      original: { pages: [shared], boxes: [] },
      changed: { pages: [page], boxes: [{ page, x: 0, y: 0, width, height }] },
    });
  }
  for (let page = shared + 1; page <= frames.original.length; page++) {
    if (touched('original', page)) continue;
    const { width, height } = frames.original[page - 1];
    extra.push({
      kind: 'deleted',
      before: '',
      after: '',
      original: { pages: [page], boxes: [{ page, x: 0, y: 0, width, height }] },
      changed: { pages: [shared], boxes: [] },
    });
  }
  return extra;
}

/** The differences numbered in page order (the changed document's, text before pictures on a page), and the summary. */
export function assembleComparison(
  mode: ComparisonSummary['mode'],
  frames: PageFrames,
  found: readonly Omit<Difference, 'id'>[],
  words: WordCounts,
): Comparison {
  const pageOf = (d: Omit<Difference, 'id'>) => Math.min(...(d.changed.boxes.length > 0 ? d.changed.pages : d.original.pages));
  const differences = found
    .map((difference, index) => ({ difference, index }))
    .sort((p, q) => pageOf(p.difference) - pageOf(q.difference) || p.index - q.index)
    .map(({ difference }, index) => ({ id: index + 1, ...difference }));
  const changedPages = [...new Set(differences.flatMap((d) => [...d.original.boxes, ...d.changed.boxes].map((box) => box.page)))].sort((a, b) => a - b);
  // A difference with no box on either side (never expected) still marks its page.
  const visual = differences.filter((d) => d.kind === 'visual').length;
  const summary: ComparisonSummary = {
    identical: differences.length === 0,
    message:
      differences.length === 0
        ? 'No differences found.'
        : `${differences.length} ${differences.length === 1 ? 'difference' : 'differences'} on ${changedPages.length} ${changedPages.length === 1 ? 'page' : 'pages'}.`,
    mode,
    pageCounts: { original: frames.original.length, changed: frames.changed.length },
    pagesCompared: Math.min(frames.original.length, frames.changed.length),
    pagesChanged: changedPages.length,
    changedPages,
    wordsAdded: words.added,
    wordsRemoved: words.removed,
    wordsChanged: words.changed,
    differences: differences.length,
    textDifferences: differences.length - visual,
    visualDifferences: visual,
  };
  return { summary, pages: frames, differences };
}
