import {
  bookletSort,
  compactRanges,
  customOrder,
  duplexSort,
  duplicateCount,
  duplicateEach,
  extractOrder,
  MAX_DUPLICATED_PAGES,
  oddEvenMerge,
  oddEvenSplit,
  organiseOrder,
  removalOrder,
  removeFirst,
  removeFirstAndLast,
  removeLast,
  reverseOrder,
  sideStitchBookletSort,
  type OrganiseMode,
} from './page-orders';

/** Orders are 0-based inside; the tables below are written 1-based, worked out by hand. */
const oneBased = (order: number[]) => order.map((i) => i + 1);
const doc = (pageCount: number, name = 'book.pdf') => ({ name, pageCount });

describe('orders by mode, hand-computed for 1, 2, 7 and 8 pages', () => {
  const cases: [string, (n: number) => number[], Record<1 | 2 | 7 | 8, number[]>][] = [
    ['reverseOrder', reverseOrder, { 1: [1], 2: [2, 1], 7: [7, 6, 5, 4, 3, 2, 1], 8: [8, 7, 6, 5, 4, 3, 2, 1] }],
    ['duplexSort', duplexSort, { 1: [1], 2: [1, 2], 7: [1, 7, 2, 6, 3, 5, 4], 8: [1, 8, 2, 7, 3, 6, 4, 5] }],
    ['bookletSort', bookletSort, { 1: [1], 2: [1, 2], 7: [1, 7, 2, 6, 3, 5, 4], 8: [1, 8, 2, 7, 3, 6, 4, 5] }],
    ['sideStitchBookletSort', sideStitchBookletSort, { 1: [1], 2: [1, 2], 7: [4, 1, 2, 3, 5, 6, 7], 8: [4, 1, 2, 3, 8, 5, 6, 7] }],
    ['oddEvenSplit', oddEvenSplit, { 1: [1], 2: [1, 2], 7: [1, 3, 5, 7, 2, 4, 6], 8: [1, 3, 5, 7, 2, 4, 6, 8] }],
    ['oddEvenMerge', oddEvenMerge, { 1: [1], 2: [1, 2], 7: [1, 5, 2, 6, 3, 7, 4], 8: [1, 5, 2, 6, 3, 7, 4, 8] }],
    ['removeFirst', removeFirst, { 1: [], 2: [2], 7: [2, 3, 4, 5, 6, 7], 8: [2, 3, 4, 5, 6, 7, 8] }],
    ['removeLast', removeLast, { 1: [], 2: [1], 7: [1, 2, 3, 4, 5, 6], 8: [1, 2, 3, 4, 5, 6, 7] }],
    ['removeFirstAndLast', removeFirstAndLast, { 1: [], 2: [], 7: [2, 3, 4, 5, 6], 8: [2, 3, 4, 5, 6, 7] }],
  ];
  describe.each(cases)('%s', (_name, order, expected) => {
    it.each([1, 2, 7, 8] as const)('on %p pages', (n) => {
      expect(oneBased(order(n))).toEqual(expected[n]);
    });
  });

  it('duplicates every page in place', () => {
    expect(oneBased(duplicateEach(1, 2))).toEqual([1, 1]);
    expect(oneBased(duplicateEach(2, 2))).toEqual([1, 1, 2, 2]);
    expect(oneBased(duplicateEach(7, 2))).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]);
    expect(oneBased(duplicateEach(8, 3))).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8]);
    expect(oneBased(duplicateEach(2, 1))).toEqual([1, 2]);
  });

  it('matches the reference examples (§3.4), with its defects fixed', () => {
    expect(duplexSort(6)).toEqual([0, 5, 1, 4, 2, 3]);
    expect(duplexSort(5)).toEqual([0, 4, 1, 3, 2]);
    expect(bookletSort(4)).toEqual([0, 3, 1, 2]);
    expect(bookletSort(5)).toEqual([0, 4, 1, 3, 2]); // reference: 0,4,1,3 (middle page dropped)
    expect(sideStitchBookletSort(5)).toEqual([3, 0, 1, 2, 4]); // reference: 3,0,1,2,4,4,4,4 (padded)
    expect(oddEvenMerge(6)).toEqual([0, 3, 1, 4, 2, 5]); // reference: 500
  });
});

describe('organiseOrder', () => {
  const modes: [OrganiseMode, number[]][] = [
    ['REVERSE_ORDER', [7, 6, 5, 4, 3, 2, 1]],
    ['DUPLEX_SORT', [1, 7, 2, 6, 3, 5, 4]],
    ['BOOKLET_SORT', [1, 7, 2, 6, 3, 5, 4]],
    ['SIDE_STITCH_BOOKLET_SORT', [4, 1, 2, 3, 5, 6, 7]],
    ['ODD_EVEN_SPLIT', [1, 3, 5, 7, 2, 4, 6]],
    ['ODD_EVEN_MERGE', [1, 5, 2, 6, 3, 7, 4]],
    ['REMOVE_FIRST', [2, 3, 4, 5, 6, 7]],
    ['REMOVE_LAST', [1, 2, 3, 4, 5, 6]],
    ['REMOVE_FIRST_AND_LAST', [2, 3, 4, 5, 6]],
  ];
  it.each(modes)('%s on 7 pages ignores the page order text', (mode, expected) => {
    expect(oneBased(organiseOrder(mode, 'none of this matters', doc(7)))).toEqual(expected);
  });

  it('takes CUSTOM from the grammar: first occurrence wins, unlisted pages are left out', () => {
    expect(oneBased(organiseOrder('CUSTOM', '3,1,2', doc(7)))).toEqual([3, 1, 2]);
    expect(oneBased(organiseOrder('CUSTOM', '2,2,1,5-7,6', doc(7)))).toEqual([2, 1, 5, 6, 7]);
    expect(oneBased(organiseOrder('CUSTOM', '-n+8', doc(7)))).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(oneBased(organiseOrder('CUSTOM', '2n,2n-1', doc(7)))).toEqual([2, 4, 6, 1, 3, 5, 7]);
    expect(oneBased(organiseOrder('CUSTOM', '5-9', doc(7)))).toEqual([5, 6, 7]);
  });

  it.each([
    ['1,12', 'Page 12 is out of range: "book.pdf" has 7 pages.'],
    ['0,1', 'Page 0 is out of range: "book.pdf" has 7 pages.'],
    ['12,1,9-10', 'Pages 12 and 9 are out of range: "book.pdf" has 7 pages.'],
    ['4 - 6', 'The page order "4 - 6" selects no pages: "book.pdf" has 7 pages.'],
    ['3-1', 'The page order "3-1" selects no pages: "book.pdf" has 7 pages.'],
    ['7n+1', 'The page order "7n+1" selects no pages: "book.pdf" has 7 pages.'],
  ])('refuses the CUSTOM order %p', (spec, message) => {
    expect(() => customOrder(spec, doc(7))).toThrow(message);
  });

  it('refuses a CUSTOM order on a 1-page file naming its single page', () => {
    expect(() => organiseOrder('CUSTOM', '2', doc(1, 'one.pdf'))).toThrow('Page 2 is out of range: "one.pdf" has 1 page.');
  });

  it.each([
    ['REMOVE_FIRST', 1, 'Remove First would leave no pages: "book.pdf" has 1 page.'],
    ['REMOVE_LAST', 1, 'Remove Last would leave no pages: "book.pdf" has 1 page.'],
    ['REMOVE_FIRST_AND_LAST', 2, 'Remove First and Last would leave no pages: "book.pdf" has 2 pages.'],
    ['REVERSE_ORDER', 0, '"book.pdf" has no pages.'],
  ] as [OrganiseMode, number, string][])('refuses %s on %p pages instead of writing an empty PDF', (mode, pages, message) => {
    expect(() => organiseOrder(mode, undefined, doc(pages))).toThrow(message);
  });

  it('reads the DUPLICATE count like the reference: a whole number, else 2', () => {
    expect(duplicateCount('3')).toBe(3);
    expect(duplicateCount('  4 ')).toBe(4);
    expect(duplicateCount('+5')).toBe(5);
    expect(duplicateCount('1')).toBe(1);
    expect(duplicateCount('0')).toBe(2);
    expect(duplicateCount('-3')).toBe(2);
    expect(duplicateCount('1,3,5')).toBe(2);
    expect(duplicateCount('2.5')).toBe(2);
    expect(duplicateCount(undefined)).toBe(2);
    expect(oneBased(organiseOrder('DUPLICATE', 'abc', doc(2)))).toEqual([1, 1, 2, 2]);
    expect(oneBased(organiseOrder('DUPLICATE', '3', doc(2)))).toEqual([1, 1, 1, 2, 2, 2]);
  });

  it('caps the DUPLICATE count at max(100, 3N), like the reference', () => {
    expect(organiseOrder('DUPLICATE', '100', doc(1))).toHaveLength(100);
    expect(() => organiseOrder('DUPLICATE', '101', doc(1))).toThrow(
      'Each page can be duplicated at most 100 times: "book.pdf" has 1 page; the page order asks for 101.',
    );
    expect(organiseOrder('DUPLICATE', '120', doc(40))).toHaveLength(4800);
    expect(() => organiseOrder('DUPLICATE', '121', doc(40))).toThrow('at most 120 times');
  });

  it(`caps a DUPLICATE result at ${MAX_DUPLICATED_PAGES} pages`, () => {
    expect(organiseOrder('DUPLICATE', '100', doc(1000))).toHaveLength(100_000);
    expect(() => organiseOrder('DUPLICATE', '101', doc(1000))).toThrow(
      'Duplicating each page of "book.pdf" (1000 pages) 101 times would make 101000 pages; the result may have at most 100000.',
    );
  });
});

describe('removalOrder', () => {
  it('keeps the pages not selected, in their order', () => {
    expect(oneBased(removalOrder('1,3,5-7', doc(10)))).toEqual([2, 4, 8, 9, 10]);
    expect(oneBased(removalOrder('7,1', doc(8)))).toEqual([2, 3, 4, 5, 6, 8]);
    expect(oneBased(removalOrder('2n', doc(7)))).toEqual([1, 3, 5, 7]);
    expect(oneBased(removalOrder('1', doc(2)))).toEqual([2]);
  });

  it('ignores out-of-range pages next to real ones, as the reference does', () => {
    expect(oneBased(removalOrder('1,50', doc(4)))).toEqual([2, 3, 4]);
    expect(oneBased(removalOrder('3-9', doc(4)))).toEqual([1, 2]);
  });

  it.each([
    ['50', 'Page 50 is out of range: "book.pdf" has 4 pages.'],
    ['5-9,0', 'Pages 5 and 0 are out of range: "book.pdf" has 4 pages.'],
    ['4 - 6', '"4 - 6" selects no pages to remove: "book.pdf" has 4 pages.'],
    ['all', '"all" selects every page of "book.pdf"; at least one page must remain.'],
    ['1-4', '"1-4" selects every page of "book.pdf"; at least one page must remain.'],
  ])('refuses %p on 4 pages', (spec, message) => {
    expect(() => removalOrder(spec, doc(4))).toThrow(message);
  });

  it('refuses removing the only page', () => {
    expect(() => removalOrder('1', doc(1))).toThrow('"1" selects every page of "book.pdf"; at least one page must remain.');
  });
});

describe('extractOrder', () => {
  it('keeps every page, or the range asked for', () => {
    expect(oneBased(extractOrder({ pageRange: 'all', startPage: undefined, endPage: undefined }, doc(7)))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(oneBased(extractOrder({ pageRange: 'custom', startPage: 2, endPage: 4 }, doc(7)))).toEqual([2, 3, 4]);
    expect(oneBased(extractOrder({ pageRange: 'custom', startPage: 7, endPage: 7 }, doc(7)))).toEqual([7]);
    expect(oneBased(extractOrder({ pageRange: 'custom', startPage: 1, endPage: 1 }, doc(1)))).toEqual([1]);
  });

  it.each([
    [3, 12, 'Page 12 is out of range: "book.pdf" has 7 pages.'],
    [8, 8, 'Page 8 is out of range: "book.pdf" has 7 pages.'],
    [9, 12, 'Pages 9-12 are out of range: "book.pdf" has 7 pages.'],
  ])('refuses %p to %p on 7 pages', (startPage, endPage, message) => {
    expect(() => extractOrder({ pageRange: 'custom', startPage, endPage }, doc(7))).toThrow(message);
  });
});

describe('compactRanges', () => {
  it.each([
    [[0, 1, 2], ['1-3']],
    [
      [2, 1, 0, 5],
      ['3-1', '6'],
    ],
    [
      [0, 0, 1, 1],
      ['1', '1-2', '2'],
    ],
    [
      [0, 2, 4, 1, 3],
      ['1', '3', '5', '2', '4'],
    ],
    [
      [0, 1, 0],
      ['1-2', '1'],
    ],
    [
      [3, 0, 1, 2, 4],
      ['4', '1-3', '5'],
    ],
    [[], []],
  ])('writes %p as %p', (order, ranges) => {
    expect(compactRanges(order)).toEqual(ranges);
  });

  it('writes a long reversal as one range', () => {
    expect(compactRanges(reverseOrder(10_000))).toEqual(['10000-1']);
  });
});
