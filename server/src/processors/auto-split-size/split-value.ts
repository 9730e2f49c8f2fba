import { parseCount, parseSize } from '@folio/registry';

/** How the document is cut, read from `splitType` and `splitValue` (reference §3.10). */
export type SplitPlan = { by: 'size'; maxBytes: number } | { by: 'pages'; pagesPerPart: number } | { by: 'documents'; parts: number };

/** The plan a checked `splitValue` gives (the declaration's `checks` refused any other before the processor runs). */
export function readSplitValue(splitType: 0 | 1 | 2, splitValue: string): SplitPlan {
  const value = splitType === 0 ? parseSize(splitValue) : parseCount(splitValue);
  if (value === undefined)
    throw new Error(`A split value the declaration's checks should have refused reached the processor: "${splitValue}" for split type ${splitType}`);
  if (splitType === 0) return { by: 'size', maxBytes: value };
  return splitType === 1 ? { by: 'pages', pagesPerPart: value } : { by: 'documents', parts: value };
}

/** Consecutive parts of `size` pages, the last one shorter (0-based, inclusive). */
export function rangesOfPages(pageCount: number, size: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let first = 0; first < pageCount; first += size) ranges.push([first, Math.min(pageCount, first + size) - 1]);
  return ranges;
}

/**
 * `parts` consecutive parts as even as can be: each gets ⌊N / parts⌋ pages and the
 * first N mod parts one more; more parts than pages gives one page each.
 */
export function rangesOfDocuments(pageCount: number, parts: number): [number, number][] {
  const count = Math.min(parts, pageCount);
  const base = Math.floor(pageCount / count);
  const extra = pageCount % count;
  const ranges: [number, number][] = [];
  for (let i = 0, first = 0; i < count; i++) {
    const length = base + (i < extra ? 1 : 0);
    ranges.push([first, first + length - 1]);
    first += length;
  }
  return ranges;
}
