import { describe, expect, it } from '@jest/globals';
import { imageToPdfTool, mergeTool, rotateTool } from '@folio/registry';
import { dropIndex, moveItem, ordersFiles } from './file-order';

describe('which tools let the visitor order the files', () => {
  it('those that combine several files into one: Merge and Image to PDF, not Rotate (each file on its own)', () => {
    expect(ordersFiles(mergeTool.input)).toBe(true);
    expect(ordersFiles(imageToPdfTool.input)).toBe(true);
    expect(ordersFiles(rotateTool.input)).toBe(false);
  });

  it('not a tool that combines at most one file, nor a single-file one', () => {
    expect(ordersFiles({ multiple: true, combine: true, maxFiles: 1 })).toBe(false);
    expect(ordersFiles({ multiple: false, combine: true })).toBe(false);
    expect(ordersFiles({ multiple: true, combine: true, maxFiles: 2 })).toBe(true);
  });
});

describe('moving one file in the list', () => {
  const list = ['a', 'b', 'c', 'd'];

  it('moves up, down, to either end, and clamps past the ends', () => {
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(list, 1, -1)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('gives back the same list when nothing moves, and never changes the one given', () => {
    expect(moveItem(list, 2, 2)).toBe(list);
    expect(moveItem(list, 7, 0)).toBe(list);
    expect(moveItem(list, 0, -5)).toBe(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('where a dragged file belongs', () => {
  // Three rows 60 px high: middles at 30, 90, 150.
  const middles = [30, 90, 150];

  it('stays in place until the pointer passes a neighbour’s middle', () => {
    expect(dropIndex(middles, 0, 40)).toBe(0);
    expect(dropIndex(middles, 0, 89)).toBe(0);
    expect(dropIndex(middles, 0, 91)).toBe(1);
    expect(dropIndex(middles, 0, 500)).toBe(2);
    expect(dropIndex(middles, 2, 100)).toBe(2);
    expect(dropIndex(middles, 2, 89)).toBe(1);
    expect(dropIndex(middles, 2, -10)).toBe(0);
  });

  it('does not flicker back right after a move: the moved row must pass the other’s new middle', () => {
    // Row 0 dragged past row 1's middle (90) moves to index 1; rows are now [b, a, c] with middles 30, 90, 150.
    expect(dropIndex(middles, 0, 95)).toBe(1);
    expect(dropIndex(middles, 1, 85)).toBe(1);
    expect(dropIndex(middles, 1, 29)).toBe(0);
  });
});
