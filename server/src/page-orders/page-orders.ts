import { organiseTool, outOfRangePages, parsePageSelection, type InputFile, type PageRangeParams, type ToolParams } from '@folio/registry';
import { InvalidInputError } from '../refusals/input-errors';

/**
 * The page orders of Organise, Extract Pages and Remove Pages: which pages of the
 * input, in which order, make the result. Pure functions of the page count and
 * the options, 0-based; the processors hand the result to qpdf.
 *
 * Every order with no pages is refused here with a message naming the file: a
 * 0-page PDF (which the reference writes) opens nowhere.
 */

export type OrganiseMode = ToolParams<typeof organiseTool>['customMode'];

/** A document as the order rules see it. */
export interface PageDocument {
  /** Upload name, used in messages. e.g. 'book.pdf' */
  name: string;
  /** e.g. 10 */
  pageCount: number;
}

export function documentOf(file: InputFile): PageDocument {
  return { name: file.originalName, pageCount: file.pageCount ?? 0 };
}

/**
 * Most pages a DUPLICATE result may have. The reference only caps the count
 * (at most max(100, 3N) copies), which still lets a 1,000-page file become
 * 3 million pages; this keeps one request to seconds of work.
 */
export const MAX_DUPLICATED_PAGES = 100_000;

/** DUPLICATE's copy count when the text is not a positive whole number (reference §3.4). */
export const DEFAULT_DUPLICATE_COUNT = 2;

// ---------------------------------------------------------------- orders by mode (reference §3.4)

/** from, from+1, …, to; empty when to < from. */
function ascending(from: number, to: number): number[] {
  return to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** N-1, N-2, …, 0. */
export function reverseOrder(n: number): number[] {
  return ascending(0, n - 1).reverse();
}

/**
 * Front sides were scanned first, then the back sides in reverse: interleave the
 * first half with the second half read backwards. N=6 → 0,5,1,4,2,3.
 */
export function duplexSort(n: number): number[] {
  const half = Math.ceil(n / 2);
  const order: number[] = [];
  for (let i = 1; i <= half; i++) {
    order.push(i - 1);
    if (i <= n - half) order.push(n - i);
  }
  return order;
}

/**
 * Outermost pairs first: 0, N-1, 1, N-2, … An odd document keeps its middle page
 * at the end (the reference drops it). N=5 → 0,4,1,3,2.
 */
export function bookletSort(n: number): number[] {
  const order: number[] = [];
  for (let i = 0; i < Math.floor(n / 2); i++) order.push(i, n - 1 - i);
  if (n % 2 === 1) order.push(Math.floor(n / 2));
  return order;
}

/**
 * Blocks of four as b+3, b, b+1, b+2. Places past the end are skipped; the
 * reference fills them with copies of the last page. N=5 → 3,0,1,2,4.
 */
export function sideStitchBookletSort(n: number): number[] {
  const order: number[] = [];
  for (let block = 0; block < n; block += 4) {
    for (const index of [block + 3, block, block + 1, block + 2]) if (index < n) order.push(index);
  }
  return order;
}

/** Odd pages (1st, 3rd, …), then even pages. N=5 → 0,2,4,1,3. */
export function oddEvenSplit(n: number): number[] {
  return [...ascending(0, n - 1).filter((i) => i % 2 === 0), ...ascending(0, n - 1).filter((i) => i % 2 === 1)];
}

/**
 * The first half interleaved with the second: k = ceil(N/2), then 0, k, 1, k+1, …
 * (older Stirling's algorithm; the current reference answers 500). N=6 → 0,3,1,4,2,5.
 */
export function oddEvenMerge(n: number): number[] {
  const half = Math.ceil(n / 2);
  const order: number[] = [];
  for (let i = 1; i <= half; i++) {
    order.push(i - 1);
    if (half + i <= n) order.push(half + i - 1);
  }
  return order;
}

/** Every page `count` times, in place: 0,0,1,1,… for count 2. */
export function duplicateEach(n: number, count: number): number[] {
  return ascending(0, n - 1).flatMap((i) => Array<number>(count).fill(i));
}

export function removeFirst(n: number): number[] {
  return ascending(1, n - 1);
}

export function removeLast(n: number): number[] {
  return ascending(0, n - 2);
}

export function removeFirstAndLast(n: number): number[] {
  return ascending(1, n - 2);
}

/** The modes whose order depends on the page count alone. */
const FIXED_ORDERS: Record<Exclude<OrganiseMode, 'CUSTOM' | 'DUPLICATE'>, (n: number) => number[]> = {
  REVERSE_ORDER: reverseOrder,
  DUPLEX_SORT: duplexSort,
  BOOKLET_SORT: bookletSort,
  SIDE_STITCH_BOOKLET_SORT: sideStitchBookletSort,
  ODD_EVEN_SPLIT: oddEvenSplit,
  ODD_EVEN_MERGE: oddEvenMerge,
  REMOVE_FIRST: removeFirst,
  REMOVE_LAST: removeLast,
  REMOVE_FIRST_AND_LAST: removeFirstAndLast,
};

/**
 * DUPLICATE's copy count: the text as a whole number, like the reference's
 * `Integer.parseInt(trim)`; anything else, or less than 1, counts as 2.
 */
export function duplicateCount(text: string | undefined): number {
  const trimmed = text?.trim() ?? '';
  if (!/^[+-]?\d+$/.test(trimmed)) return DEFAULT_DUPLICATE_COUNT;
  const count = Number(trimmed);
  return count < 1 ? DEFAULT_DUPLICATE_COUNT : count;
}

// ---------------------------------------------------------------- the three tools

/** Organise: the new order for `mode`; `pageNumbers` is the order (CUSTOM) or the copy count (DUPLICATE). */
export function organiseOrder(mode: OrganiseMode, pageNumbers: string | undefined, doc: PageDocument): number[] {
  requirePages(doc);
  const n = doc.pageCount;
  if (mode === 'CUSTOM') return customOrder(pageNumbers ?? '', doc);
  if (mode === 'DUPLICATE') {
    const count = duplicateCount(pageNumbers);
    const limit = Math.max(100, 3 * n);
    if (count > limit) {
      throw new InvalidInputError(`Each page can be duplicated at most ${limit} times: "${doc.name}" has ${pagesText(n)}; the page order asks for ${count}.`);
    }
    if (count * n > MAX_DUPLICATED_PAGES) {
      throw new InvalidInputError(
        `Duplicating each page of "${doc.name}" (${pagesText(n)}) ${count} times would make ${count * n} pages; the result may have at most ${MAX_DUPLICATED_PAGES}.`,
      );
    }
    return duplicateEach(n, count);
  }
  const order = FIXED_ORDERS[mode](n);
  if (order.length === 0) throw new InvalidInputError(`${modeLabel(mode)} would leave no pages: "${doc.name}" has ${pagesText(n)}.`);
  return order;
}

/**
 * CUSTOM: the pages in the order listed (grammar §2: duplicates dropped, unlisted
 * pages left out). A page number the document lacks is refused rather than
 * skipped, since the visitor wrote that order on purpose.
 */
export function customOrder(spec: string, doc: PageDocument): number[] {
  requirePages(doc);
  const missing = outOfRangePages(spec, doc.pageCount);
  if (missing.length > 0) throw outOfRange(missing, doc);
  const order = select(spec, doc);
  if (order.length === 0) throw new InvalidInputError(`The page order "${spec.trim()}" selects no pages: "${doc.name}" has ${pagesText(doc.pageCount)}.`);
  return order;
}

/**
 * Remove Pages: the pages that stay, in their original order. Pages the
 * document lacks are ignored (reference §3.5) unless nothing else is selected.
 */
export function removalOrder(spec: string, doc: PageDocument): number[] {
  requirePages(doc);
  const removed = new Set(select(spec, doc));
  if (removed.size === 0) {
    const missing = outOfRangePages(spec, doc.pageCount);
    if (missing.length > 0) throw outOfRange(missing, doc);
    throw new InvalidInputError(`"${spec.trim()}" selects no pages to remove: "${doc.name}" has ${pagesText(doc.pageCount)}.`);
  }
  const kept = ascending(0, doc.pageCount - 1).filter((i) => !removed.has(i));
  if (kept.length === 0) {
    throw new InvalidInputError(`"${spec.trim()}" selects every page of "${doc.name}"; at least one page must remain.`);
  }
  return kept;
}

/** PDF to Image: the pages in the order given (page numbers the document lacks are skipped); none at all is refused. */
export function renderOrder(spec: string, doc: PageDocument): number[] {
  const order = select(spec, doc);
  if (order.length === 0) throw new InvalidInputError(`The pages "${spec.trim()}" select no page: "${doc.name}" has ${pagesText(doc.pageCount)}.`);
  return order;
}

/** The page-range trio (Extract Pages, PDF to Word): every page, or startPage…endPage (1-based, inclusive). */
export function extractOrder(params: PageRangeParams, doc: PageDocument): number[] {
  requirePages(doc);
  if (params.pageRange === 'all') return ascending(0, doc.pageCount - 1);
  const { startPage, endPage } = params;
  // The schema requires both and checks end ≥ start; this only narrows the types.
  if (startPage === undefined || endPage === undefined) throw new InvalidInputError('Please enter a valid page range.');
  if (startPage > doc.pageCount) throw outOfRange(startPage === endPage ? [startPage] : [`${startPage}-${endPage}`], doc);
  if (endPage > doc.pageCount) throw outOfRange([endPage], doc);
  return ascending(startPage - 1, endPage - 1);
}

/**
 * An order written as few qpdf page ranges as possible, 1-based: runs going up
 * or down by one become `a-b` (qpdf reads `9-5` backwards). e.g. [2,1,0,5] → ['3-1', '6']
 */
export function compactRanges(order: readonly number[]): string[] {
  const ranges: string[] = [];
  for (let i = 0; i < order.length;) {
    let j = i;
    const step = order[i + 1] - order[i];
    if (step === 1 || step === -1) while (j + 1 < order.length && order[j + 1] - order[j] === step) j++;
    ranges.push(j === i ? `${order[i] + 1}` : `${order[i] + 1}-${order[j] + 1}`);
    i = j + 1;
  }
  return ranges;
}

// ---------------------------------------------------------------- helpers

/** The grammar's pages; functions of n on a document beyond their limit are a 400, as in the reference. */
function select(spec: string, doc: PageDocument): number[] {
  try {
    return parsePageSelection(spec, doc.pageCount);
  } catch (error) {
    throw new InvalidInputError(error instanceof Error ? error.message : String(error));
  }
}

function requirePages(doc: PageDocument): void {
  if (doc.pageCount < 1) throw new InvalidInputError(`"${doc.name}" has no pages.`);
}

/** e.g. 'Page 12 is out of range: "book.pdf" has 10 pages.'; a range counts as several pages. */
export function outOfRange(pages: readonly (number | string)[], doc: PageDocument): InvalidInputError {
  const named = listText(pages.map(String));
  const subject = pages.length === 1 && typeof pages[0] === 'number' ? `Page ${named} is` : `Pages ${named} are`;
  return new InvalidInputError(`${subject} out of range: "${doc.name}" has ${pagesText(doc.pageCount)}.`);
}

function modeLabel(mode: OrganiseMode): string {
  return organiseTool.fields.customMode.options.find((option) => option.value === mode)?.label ?? mode;
}

export function pagesText(n: number): string {
  return n === 1 ? '1 page' : `${n} pages`;
}

/** 'a', 'a and b', 'a, b and c' */
function listText(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
