import { naturalOrder } from './comic-archives';

describe('naturalOrder (comic pages)', () => {
  const sorted = (names: string[]) => [...names].sort(naturalOrder);

  it('compares runs of digits by value, over the whole path', () => {
    expect(sorted(['page10.jpg', 'page2.jpg', 'page1.jpg'])).toEqual(['page1.jpg', 'page2.jpg', 'page10.jpg']);
    expect(sorted(['b/1.png', 'a/10.png', 'a/9.png'])).toEqual(['a/9.png', 'a/10.png', 'b/1.png']);
  });

  it('compares numbers of any length exactly (the reference refuses one past 2³¹ − 1)', () => {
    expect(sorted(['99999999999999999999.png', '100000000000000000000.png', '3.png'])).toEqual([
      '3.png',
      '99999999999999999999.png',
      '100000000000000000000.png',
    ]);
  });

  it('keeps case in the other runs, and orders equal values by their spelling so the order is total', () => {
    expect(sorted(['b.png', 'B.png', 'a.png'])).toEqual(['B.png', 'a.png', 'b.png']);
    expect(sorted(['p2.png', 'p02.png', 'p002.png'])).toEqual(['p2.png', 'p02.png', 'p002.png']);
  });
});
