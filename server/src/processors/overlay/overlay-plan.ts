import { InvalidInputError } from '../../refusals/input-errors';

export type OverlayMode = 'SequentialOverlay' | 'InterleavedOverlay' | 'FixedRepeatOverlay';

/** Which overlay page each base page gets: `targets[i]` (base page) gets `sources[i]` (page of the overlays one after another); both 1-based. */
export interface OverlayPairs {
  targets: number[];
  sources: number[];
}

export const COUNTS_MESSAGE = 'Counts must be whole numbers of 1 or more, one per overlay file.';

/**
 * FixedRepeatOverlay's counts, one per overlay file, from the wire: one comma
 * list or one part per count (gathered one per line). None given: each file once.
 */
export function readCounts(raw: string | undefined, files: number): number[] {
  const items = (raw ?? '').split(/[\s,]+/).filter((item) => item !== '');
  if (items.length === 0) return Array(files).fill(1);
  const counts = items.map((item) => (/^\+?\d+$/.test(item) ? Number(item) : NaN));
  if (counts.length !== files || !counts.every((count) => Number.isSafeInteger(count) && count >= 1)) throw new InvalidInputError(COUNTS_MESSAGE);
  return counts;
}

/**
 * Maps base pages to overlay pages (reference §3.14), the overlay files' pages
 * numbered one after another (`pageCounts` per file, in order):
 *
 * - Sequential: the overlays' pages in turn, the first file's first, over and
 *   over: base page i gets page ((i - 1) mod total) + 1.
 * - Interleaved: the files in turn, base page i gets file ((i - 1) mod files);
 *   each file's own pages in turn each time it comes round.
 * - FixedRepeat: file j's pages, counts[j] times over, then the next file's;
 *   base pages after the last file's get nothing.
 */
export function overlayPairs(mode: OverlayMode, basePages: number, pageCounts: readonly number[], counts: readonly number[]): OverlayPairs {
  const offsets: number[] = [];
  pageCounts.reduce((offset, n) => (offsets.push(offset), offset + n), 0);
  const targets: number[] = [];
  const sources: number[] = [];
  /** Base page `target` (0-based) gets page `page` (0-based) of file `file`. */
  const pair = (target: number, file: number, page: number) => {
    targets.push(target + 1);
    sources.push(offsets[file] + page + 1);
  };
  if (mode === 'SequentialOverlay') {
    const total = pageCounts.reduce((sum, n) => sum + n, 0);
    // The concatenated pages in turn: file 0 with page k, where k counts from the first file's first page.
    for (let i = 0; i < basePages; i++) pair(i, 0, i % total);
  } else if (mode === 'InterleavedOverlay') {
    for (let i = 0; i < basePages; i++) {
      const file = i % pageCounts.length;
      pair(i, file, Math.floor(i / pageCounts.length) % pageCounts[file]);
    }
  } else {
    let base = 0;
    for (let file = 0; file < pageCounts.length && base < basePages; file++) {
      const span = counts[file] * pageCounts[file];
      for (let k = 0; k < span && base < basePages; k++, base++) pair(base, file, k % pageCounts[file]);
    }
  }
  return { targets, sources };
}
