import { mappingOfOrder, mappingOfRange, retargetOutline } from './outline-retargeting';
import type { OutlineNode } from './outlines';

const node = (title: string, pageIndex: number | undefined, children: OutlineNode[] = [], look?: OutlineNode['look']): OutlineNode => ({
  title,
  pageIndex,
  children,
  ...(look ? { look } : {}),
});

describe('retargetOutline', () => {
  // 1 (p0) › 1.1 (p1); 2 (p2) › 2.1 (p3), 2.2 (p4); 3 (p5)
  const report = [node('1', 0, [node('1.1', 1)]), node('2', 2, [node('2.1', 3), node('2.2', 4)]), node('3', 5)];

  it('keeps the bookmarks whose pages remain, at their new places, and drops the others', () => {
    expect(retargetOutline(report, mappingOfOrder([0, 2, 4, 5]))).toEqual([node('1', 0), node('2', 1, [node('2.2', 2)]), node('3', 3)]);
  });

  it('moves the children of a dropped bookmark up to its place', () => {
    expect(retargetOutline(report, mappingOfOrder([0, 1, 3, 4, 5]))).toEqual([node('1', 0, [node('1.1', 1)]), node('2.1', 2), node('2.2', 3), node('3', 4)]);
  });

  it('gives a part the bookmarks of its own pages, counted from its first', () => {
    expect(retargetOutline(report, mappingOfRange(2, 4))).toEqual([node('2', 0, [node('2.1', 1), node('2.2', 2)])]);
  });

  it('points a repeated page’s bookmark at its first place, keeping its look', () => {
    const look = { view: ['/XYZ', 0, 700, null], open: false, color: [1, 0, 0], flags: 2 };
    expect(retargetOutline([node('A', 1, [], look)], mappingOfOrder([0, 1, 1, 0]))).toEqual([node('A', 1, [], look)]);
  });

  it('keeps a heading without a page while something under it remains, and web links', () => {
    const tree = [
      node('Part', undefined, [node('a', 0), node('b', 1)]),
      node('Empty', undefined, [node('c', 2)]),
      node('Site', undefined, [], { uri: 'https://example.org' }),
    ];
    expect(retargetOutline(tree, mappingOfOrder([1]))).toEqual([
      node('Part', undefined, [node('b', 0)]),
      node('Site', undefined, [], { uri: 'https://example.org' }),
    ]);
  });
});
