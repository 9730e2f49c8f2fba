import { describe, expect, it } from '@jest/globals';
import { parsePageSelection } from '@folio/registry';
import {
  compactPageList,
  movePage,
  pagesBetween,
  pagesOfText,
  stateOfText,
  textOfState,
  togglePage,
  withAllPages,
  withPages,
  type PageGridState,
} from './page-grid-state';

const selected = (state: PageGridState | undefined) => [...(state?.selected ?? [])].sort((a, b) => a - b);

describe('compactPageList', () => {
  it.each([
    [[], ''],
    [[2, 4], '2,4'],
    [[1, 3, 4, 5], '1,3-5'],
    [[1, 2], '1,2'],
    [[1, 2, 3, 4, 5, 6], '1-6'],
    [[3, 1, 2], '3,1,2'],
    [[4, 5, 6, 1, 2, 3], '4-6,1-3'],
    [[5, 4, 3], '5,4,3'],
    [[1, 3, 4, 5, 7, 8, 9, 10], '1,3-5,7-10'],
  ] as [number[], string][])('%p → %p', (pages, text) => {
    expect(compactPageList(pages)).toBe(text);
  });

  it('writes text the grammar reads back as the same pages, in the same order', () => {
    for (const pages of [
      [2, 4],
      [1, 3, 4, 5],
      [6, 5, 4, 1, 2, 3],
      [3, 1, 2],
      [10, 1, 2, 3, 4, 9],
    ]) {
      expect(parsePageSelection(compactPageList(pages), 10).map((index) => index + 1)).toEqual(pages);
    }
  });
});

describe('pagesOfText', () => {
  it('expands the grammar against the page count, in the text’s order', () => {
    expect(pagesOfText('1-3', 6)).toEqual([1, 2, 3]);
    expect(pagesOfText('5,2', 6)).toEqual([5, 2]);
    expect(pagesOfText('all', 4)).toEqual([1, 2, 3, 4]);
    expect(pagesOfText('2n', 7)).toEqual([2, 4, 6]);
    expect(pagesOfText('4-', 6)).toEqual([4, 5, 6]);
  });

  it('drops pages past the end, as the server does', () => {
    expect(pagesOfText('5-9,12', 6)).toEqual([5, 6]);
  });

  it('reads blank text as no page', () => {
    expect(pagesOfText('', 6)).toEqual([]);
    expect(pagesOfText('  ', 6)).toEqual([]);
  });

  it('gives undefined for text that is not the grammar, so the grid keeps what it showed', () => {
    expect(pagesOfText('none', 6)).toBeUndefined();
    expect(pagesOfText('1,2n;1', 6)).toBeUndefined();
  });
});

describe('a selection', () => {
  it('shows pages in document order and highlights what the text selects', () => {
    const state = stateOfText('1-3', 6, 'selection');
    expect(state?.arrangement).toEqual([1, 2, 3, 4, 5, 6]);
    expect(selected(state)).toEqual([1, 2, 3]);
  });

  it('writes the chosen pages ascending and compact, whatever order they were chosen in', () => {
    let state = stateOfText('', 6, 'selection')!;
    state = togglePage(state, 4);
    expect(textOfState(state, 'selection')).toBe('4');
    state = togglePage(state, 2);
    expect(textOfState(state, 'selection')).toBe('2,4');
    state = withPages(state, [3, 5], true);
    expect(textOfState(state, 'selection')).toBe('2-5');
    state = togglePage(state, 4);
    expect(textOfState(state, 'selection')).toBe('2,3,5');
  });

  it('rewrites typed text canonically once a page is clicked', () => {
    const state = stateOfText('6,2n-1', 6, 'selection')!;
    expect(selected(state)).toEqual([1, 3, 5, 6]);
    expect(textOfState(togglePage(state, 2), 'selection')).toBe('1-3,5,6');
  });

  it('selects all pages or none', () => {
    const state = stateOfText('2', 5, 'selection')!;
    expect(textOfState(withAllPages(state, true), 'selection')).toBe('1-5');
    expect(textOfState(withAllPages(state, false), 'selection')).toBe('');
  });

  it('takes a shift-click range in either direction', () => {
    const state = stateOfText('', 8, 'selection')!;
    expect(pagesBetween(state, 3, 6)).toEqual([3, 4, 5, 6]);
    expect(pagesBetween(state, 6, 3)).toEqual([3, 4, 5, 6]);
  });
});

describe('an order', () => {
  it('shows the text’s pages first, in its order, then the pages left out', () => {
    const state = stateOfText('3,1-2', 5, 'order');
    expect(state?.arrangement).toEqual([3, 1, 2, 4, 5]);
    expect(selected(state)).toEqual([1, 2, 3]);
  });

  it('writes the chosen pages in the order the grid shows them', () => {
    let state = stateOfText('3,1,2', 5, 'order')!;
    state = togglePage(state, 5);
    expect(state.arrangement).toEqual([3, 1, 2, 4, 5]); // a click does not move the page
    expect(textOfState(state, 'order')).toBe('3,1,2,5');
    state = togglePage(state, 1);
    expect(textOfState(state, 'order')).toBe('3,2,5');
  });

  it('moves a dragged page before the page at the drop index, and into the order', () => {
    const start = stateOfText('1-6', 6, 'order')!;
    expect(textOfState(movePage(start, 3, 0), 'order')).toBe('3,1,2,4-6');
    expect(textOfState(movePage(start, 1, 6), 'order')).toBe('2-6,1');
    expect(textOfState(movePage(start, 2, 5), 'order')).toBe('1,3-5,2,6');
    expect(movePage(start, 4, 4)).toBe(start);
    expect(movePage(start, 4, 3)).toBe(start);

    const partial = stateOfText('1,2', 4, 'order')!;
    const moved = movePage(partial, 4, 0);
    expect(moved.arrangement).toEqual([4, 1, 2, 3]);
    expect(textOfState(moved, 'order')).toBe('4,1,2');
    // Dropped where it was: a long press let go, a drag brought back. Nothing changes.
    expect(movePage(partial, 3, 2)).toBe(partial);
    expect(movePage(partial, 3, 3).selected.has(3)).toBe(false);
  });

  it('keeps duplicates out, as the grammar does', () => {
    expect(textOfState(stateOfText('2,1,2,1', 3, 'order')!, 'order')).toBe('2,1');
  });
});
