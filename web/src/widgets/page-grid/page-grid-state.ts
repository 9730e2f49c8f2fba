import { parsePageSelection } from '@folio/registry';

/**
 * What the page grid shows, kept in step with the field's text (the grammar of
 * registry/kit/page-selection.ts, which stays what the server receives). Pages
 * are 1-based throughout.
 */
export interface PageGridState {
  /** Every page of the document once, in the order the grid shows them. */
  arrangement: readonly number[];
  /** The pages the text selects. */
  selected: ReadonlySet<number>;
}

/**
 * A selection is a set (the grid keeps document order and the text lists pages
 * ascending); an order is a sequence (the grid shows the chosen pages first, in
 * the text's order, then the others, and dragging rearranges them).
 */
export type PageGridMode = 'selection' | 'order';

/** Consecutive runs at least this long are written as a range: `1,2` stays, `3,4,5` becomes `3-5`. */
const SHORTEST_RANGE = 3;

/**
 * Pages in the grammar's compact form, in the order given: ascending runs of
 * three or more as ranges. e.g. [1, 3, 4, 5] → '1,3-5'; [3, 1, 2] → '3,1,2'.
 */
export function compactPageList(pages: readonly number[]): string {
  const parts: string[] = [];
  let start = 0;
  while (start < pages.length) {
    let end = start;
    while (end + 1 < pages.length && pages[end + 1] === pages[end] + 1) end++;
    if (end - start + 1 >= SHORTEST_RANGE) parts.push(`${pages[start]}-${pages[end]}`);
    else for (let i = start; i <= end; i++) parts.push(String(pages[i]));
    start = end + 1;
  }
  return parts.join(',');
}

/**
 * The pages a text selects in a document of `pageCount` pages, in the text's
 * order, or undefined when the text is not valid grammar (the grid then keeps
 * what it showed). Blank text selects nothing.
 */
export function pagesOfText(text: string, pageCount: number): number[] | undefined {
  if (text.trim() === '') return [];
  try {
    return parsePageSelection(text, pageCount).map((index) => index + 1);
  } catch {
    return undefined;
  }
}

function documentOrder(pageCount: number): number[] {
  return Array.from({ length: pageCount }, (_, index) => index + 1);
}

/** The grid for a text, or undefined when the text is not valid grammar. */
export function stateOfText(text: string, pageCount: number, mode: PageGridMode): PageGridState | undefined {
  const pages = pagesOfText(text, pageCount);
  if (!pages) return undefined;
  const selected = new Set(pages);
  const arrangement = mode === 'order' ? [...pages, ...documentOrder(pageCount).filter((page) => !selected.has(page))] : documentOrder(pageCount);
  return { arrangement, selected };
}

/** The text the grid writes into the field: the selected pages ascending, or in the grid's order for an order. */
export function textOfState(state: PageGridState, mode: PageGridMode): string {
  const chosen = state.arrangement.filter((page) => state.selected.has(page));
  return compactPageList(mode === 'order' ? chosen : chosen.sort((a, b) => a - b));
}

/** Every page chosen or none, the arrangement kept. */
export function withAllPages(state: PageGridState, chosen: boolean): PageGridState {
  return { arrangement: state.arrangement, selected: new Set(chosen ? state.arrangement : []) };
}

/** Each of `pages` chosen (`chosen`) or left out. */
export function withPages(state: PageGridState, pages: readonly number[], chosen: boolean): PageGridState {
  const selected = new Set(state.selected);
  for (const page of pages) {
    if (chosen) selected.add(page);
    else selected.delete(page);
  }
  return { arrangement: state.arrangement, selected };
}

/** A click on a page: chosen if it was not, left out if it was. */
export function togglePage(state: PageGridState, page: number): PageGridState {
  return withPages(state, [page], !state.selected.has(page));
}

/** The pages from `from` to `to` as the grid shows them, both included, whichever comes first (a shift-click's range). */
export function pagesBetween(state: PageGridState, from: number, to: number): number[] {
  const a = state.arrangement.indexOf(from);
  const b = state.arrangement.indexOf(to);
  if (a < 0 || b < 0) return [to];
  return state.arrangement.slice(Math.min(a, b), Math.max(a, b) + 1);
}

/**
 * `page` moved to sit before the page now at `insertionIndex` of the arrangement
 * (the arrangement's length puts it last). A page moved elsewhere joins the
 * order; one dropped where it was stays as it was.
 */
export function movePage(state: PageGridState, page: number, insertionIndex: number): PageGridState {
  const from = state.arrangement.indexOf(page);
  if (from < 0) return state;
  const arrangement = state.arrangement.filter((other) => other !== page);
  const to = Math.max(0, Math.min(insertionIndex > from ? insertionIndex - 1 : insertionIndex, arrangement.length));
  if (to === from) return state;
  arrangement.splice(to, 0, page);
  return { arrangement, selected: new Set(state.selected).add(page) };
}
