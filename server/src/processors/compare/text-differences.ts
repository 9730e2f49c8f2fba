import type { PageWords, WordBox } from '../../engines/poppler-text';
import type { Difference, DifferenceKind, DifferenceSide, PlacedBox } from '@folio/registry';
import { diffSequences, type EditRun } from './sequence-diff';

/** A word of a document in reading order, with its page. */
export interface PlacedWord extends WordBox {
  page: number;
}

/** Counts of words behind the text differences. */
export interface WordCounts {
  added: number;
  removed: number;
  /** Words replaced by others, one for one (a changed run of 2 words for 3 counts 2 changed and 1 added). */
  changed: number;
}

/** Every word of the document in reading order, each with its page (pdftotext's flows, blocks and lines: two columns read one after the other). */
export function wordsInOrder(pages: readonly PageWords[]): PlacedWord[] {
  return pages.flatMap(({ page, words }) => words.map((word) => ({ ...word, page })));
}

/**
 * A word as compared: the same text set by two programs reads the same
 * (ligatures, compatibility forms, curly quotes and dashes, soft hyphens).
 */
export function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\u00ad/g, '')
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-');
}

/**
 * The text differences between two documents' words: runs of words removed,
 * added or replaced, each with its pages and boxes (a line's words joined into
 * one box) in both documents. A run whose words only split differently
 * ("dataset" and "data set" read alike once spaces are ignored) is no difference.
 */
export function textDifferences(original: readonly PlacedWord[], changed: readonly PlacedWord[]): { differences: Omit<Difference, 'id'>[]; words: WordCounts } {
  const runs = diffSequences(
    original.map((w) => comparable(w.text)),
    changed.map((w) => comparable(w.text)),
  );
  const differences: Omit<Difference, 'id'>[] = [];
  const words: WordCounts = { added: 0, removed: 0, changed: 0 };
  for (const group of editGroups(runs)) {
    const removed = original.slice(group.aStart, group.aEnd);
    const added = changed.slice(group.bStart, group.bEnd);
    const before = removed.map((w) => w.text).join(' ');
    const after = added.map((w) => w.text).join(' ');
    if (removed.length > 0 && added.length > 0 && before.replace(/\s+/g, '') === after.replace(/\s+/g, '')) continue;
    const kind: DifferenceKind = removed.length === 0 ? 'inserted' : added.length === 0 ? 'deleted' : 'changed';
    const same = Math.min(removed.length, added.length);
    words.changed += same;
    words.removed += removed.length - same;
    words.added += added.length - same;
    differences.push({
      kind,
      before,
      after,
      original: sideOf(removed, original, group.aStart),
      changed: sideOf(added, changed, group.bStart),
    });
  }
  return { differences, words };
}

/** Stretches between kept words: each a removal, an addition or both (a replacement). */
function editGroups(runs: readonly EditRun[]): { aStart: number; aEnd: number; bStart: number; bEnd: number }[] {
  const groups: { aStart: number; aEnd: number; bStart: number; bEnd: number }[] = [];
  let open: (typeof groups)[number] | undefined;
  for (const run of runs) {
    if (run.kind === 'equal') {
      open = undefined;
      continue;
    }
    if (!open) {
      open = { aStart: run.aStart, aEnd: run.aEnd, bStart: run.bStart, bEnd: run.bEnd };
      groups.push(open);
    } else {
      open.aEnd = run.aEnd;
      open.bEnd = run.bEnd;
    }
  }
  return groups;
}

/** The pages and boxes of these words; for no words, the page where they would stand (the word before, else after). */
function sideOf(words: readonly PlacedWord[], all: readonly PlacedWord[], at: number): DifferenceSide {
  if (words.length === 0) {
    const near = all[at - 1] ?? all[at];
    return { pages: [near?.page ?? 1], boxes: [] };
  }
  const boxes = lineBoxes(words);
  return { pages: [...new Set(words.map((w) => w.page))], boxes };
}

/** Words that follow each other on one line joined into one box. */
export function lineBoxes(words: readonly PlacedWord[]): PlacedBox[] {
  const lines: { page: number; xMin: number; yMin: number; xMax: number; yMax: number }[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    const height = word.yMax - word.yMin;
    const sameLine =
      last !== undefined &&
      last.page === word.page &&
      Math.abs((last.yMin + last.yMax) / 2 - (word.yMin + word.yMax) / 2) < height / 2 &&
      word.xMin >= last.xMax - 1 &&
      word.xMin - last.xMax < height * 3;
    if (sameLine) {
      last.xMax = Math.max(last.xMax, word.xMax);
      last.yMin = Math.min(last.yMin, word.yMin);
      last.yMax = Math.max(last.yMax, word.yMax);
    } else lines.push({ page: word.page, xMin: word.xMin, yMin: word.yMin, xMax: word.xMax, yMax: word.yMax });
  }
  return lines.map((line) => ({
    page: line.page,
    x: round(line.xMin),
    y: round(line.yMin),
    width: round(line.xMax - line.xMin),
    height: round(line.yMax - line.yMin),
  }));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
