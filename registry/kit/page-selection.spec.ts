import { assertPageSelectionSyntax, outOfRangePages, PageSelectionError, parsePageSelection } from './page-selection';

/** Reference §2.2, N = 10, shown 1-based. */
const REFERENCE_EXAMPLES: [string, number[]][] = [
  ['1,3,5-7', [1, 3, 5, 6, 7]],
  ['all', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
  ['ALL', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
  ['n', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
  ['2n', [2, 4, 6, 8, 10]],
  ['2n-1', [1, 3, 5, 7, 9]],
  ['2n+1', [3, 5, 7, 9]],
  ['3n', [3, 6, 9]],
  ['6n-5', [1, 7]],
  ['-n+11', [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]],
  ['n/2', [1, 2, 3, 4, 5]],
  ['8-', [8, 9, 10]],
  ['3-1', []],
  ['0', []],
  ['11', []],
  ['-3', []],
  ['5,2,5,2', [5, 2]],
  [' 4', [4]],
  ['4 - 6', []],
  ['2N', []],
  [' all', []],
  ['(n+1)2', [4, 6, 8, 10]],
];

describe('parsePageSelection', () => {
  it.each(REFERENCE_EXAMPLES)('%p on 10 pages selects %p', (spec, expected) => {
    expect(parsePageSelection(spec, 10).map((index) => index + 1)).toEqual(expected);
  });

  it('clips ranges to the document', () => {
    expect(parsePageSelection('8-15', 10).map((i) => i + 1)).toEqual([8, 9, 10]);
  });

  it.each(['none', 'an+b', '2n;1'])('refuses %p as an invalid expression', (spec) => {
    expect(() => parsePageSelection(spec, 10)).toThrow(new PageSelectionError(spec));
    expect(() => assertPageSelectionSyntax(spec)).toThrow('Invalid expression format: ' + spec);
  });

  it('accepts valid syntax without a page count', () => {
    expect(() => assertPageSelectionSyntax('1,3,5-7,2n+1,all')).not.toThrow();
  });
});

describe('outOfRangePages', () => {
  it.each([
    ['1,3,5-7', []],
    ['12', [12]],
    ['0', [0]],
    ['3,12,0,12', [12, 0]],
    ['12-15', [12]],
    ['11-', [11]],
    ['8-15', []],
    ['0-3', []],
    ['2n+30', []],
    ['all', []],
    ['-3', []],
    ['4 - 6', []],
    [' 11 ', [11]],
  ] as [string, number[]][])('%p on 10 pages names %p', (spec, expected) => {
    expect(outOfRangePages(spec, 10)).toEqual(expected);
  });
});
