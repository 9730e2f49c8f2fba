import { InvalidInputError } from '../../input-checks/input-errors';

/** How the document is cut, read from `splitType` and `splitValue` (reference §3.10). */
export type SplitPlan = { by: 'size'; maxBytes: number } | { by: 'pages'; pagesPerPart: number } | { by: 'documents'; parts: number };

const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** A size as the reference reads it: `10MB`, `500KB`, `1.5GB`, `100B`, a bare number is MB, `1,5MB` is 1.5 MB; any case. */
const SIZE = /^(\d+(?:[.,]\d*)?|[.,]\d+)\s*(B|KB|MB|GB)?$/i;
const COUNT = /^\+?\d+$/;

export const SIZE_MESSAGE = 'Split value must be a size such as 2MB, 500KB or 1.5GB, above 0.';
export const PAGES_MESSAGE = 'Split value must be a whole number of pages per part, 1 or more.';
export const DOCUMENTS_MESSAGE = 'Split value must be a whole number of documents, 1 or more.';

export function readSplitValue(splitType: 0 | 1 | 2, splitValue: string): SplitPlan {
  const value = splitValue.trim();
  if (splitType === 0) {
    const match = SIZE.exec(value);
    if (!match) throw new InvalidInputError(SIZE_MESSAGE);
    const bytes = Math.floor(Number(match[1].replace(',', '.')) * UNITS[(match[2] ?? 'MB').toUpperCase()]);
    if (!(bytes >= 1) || !Number.isFinite(bytes)) throw new InvalidInputError(SIZE_MESSAGE);
    return { by: 'size', maxBytes: bytes };
  }
  const count = COUNT.test(value) ? Number(value) : NaN;
  if (!(count >= 1) || !Number.isSafeInteger(count)) throw new InvalidInputError(splitType === 1 ? PAGES_MESSAGE : DOCUMENTS_MESSAGE);
  return splitType === 1 ? { by: 'pages', pagesPerPart: count } : { by: 'documents', parts: count };
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
