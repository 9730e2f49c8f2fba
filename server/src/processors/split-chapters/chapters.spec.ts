import type { OutlineNode } from '../../pdf-objects/outlines';
import { chapterFileNames, chaptersOf } from './chapters';

const node = (title: string, pageIndex: number | undefined, children: OutlineNode[] = []): OutlineNode => ({ title, pageIndex, children });

describe('chapters', () => {
  it('ends a chapter at the next bookmark that does not point back before it', () => {
    // Reference §3.11: "Late" points back to page 2 and is passed over when "Early" looks for its end.
    const tree = [node('Early', 0), node('Late', 2), node('Back', 1), node('End', 4)];
    expect(chaptersOf(tree, 0, 6, false)).toEqual([
      { title: 'Early', first: 0, last: 1 },
      { title: 'Late', first: 2, last: 3 },
      { title: 'Back', first: 1, last: 3 },
      { title: 'End', first: 4, last: 5 },
    ]);
  });

  it('joins titles of bookmarks on one page into the next chapter’s, at most 255 characters', () => {
    const long = 'x'.repeat(200);
    const tree = [node(long, 0), node(long, 0), node('Tail', 0), node('Next', 2)];
    const [first] = chaptersOf(tree, 0, 3, false);
    expect(first.title).toHaveLength(255);
    expect(first.title.endsWith('...')).toBe(true);
    expect(first).toMatchObject({ first: 0, last: 1 });
  });

  it('drops slashes from titles and descends only to the level asked for', () => {
    const tree = [node('A/B', 0, [node('Child', 1, [node('Grandchild', 2)])])];
    expect(chaptersOf(tree, 0, 4, false).map((c) => c.title)).toEqual(['AB']);
    expect(chaptersOf(tree, 1, 4, false).map((c) => c.title)).toEqual(['AB', 'Child']);
    expect(chaptersOf(tree, 5, 4, false).map((c) => [c.first, c.last])).toEqual([
      [0, 0],
      [1, 1],
      [2, 3],
    ]);
  });

  it('names files safely, numbered to the width of the count, shortening long titles on a character boundary', () => {
    const names = chapterFileNames([
      { title: 'Ünïcode 東京 ' + '語'.repeat(100), first: 0, last: 0 },
      { title: 'a:b*c?d"e<f>g|h', first: 1, last: 1 },
      { title: 'Ends with dots...', first: 2, last: 2 },
    ]);
    expect(Buffer.byteLength(names[0])).toBeLessThanOrEqual(210);
    expect(names[0].startsWith('0 Ünïcode 東京 語')).toBe(true);
    expect(names[0].endsWith('語.pdf')).toBe(true);
    expect(names.slice(1)).toEqual(['1 abcdefgh.pdf', '2 Ends with dots.pdf']);
  });
});
