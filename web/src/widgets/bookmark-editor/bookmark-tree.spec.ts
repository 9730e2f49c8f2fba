import { describe, expect, it } from '@jest/globals';
import {
  addBookmark,
  addChild,
  allPagesValid,
  BookmarkImportError,
  fromJson,
  indent,
  MAX_DEPTH,
  move,
  newId,
  outdent,
  possibleMoves,
  removeBookmark,
  toJson,
  toWire,
  updateBookmark,
  type Bookmark,
} from './bookmark-tree';

const b = (id: string, pageNumber = 1, children: Bookmark[] = []): Bookmark => ({ id, title: id.toUpperCase(), pageNumber, children });
/** The tree's shape as ids: 'a(b c(d))'. */
const shape = (tree: Bookmark[]): string => tree.map((x) => (x.children.length ? `${x.id}(${shape(x.children)})` : x.id)).join(' ');

describe('bookmark tree', () => {
  const tree = () => [b('a'), b('b', 2, [b('c', 3), b('d', 4)]), b('e', 5)];

  it('makes random 8-character ids', () => {
    expect(newId()).toMatch(/^[a-z0-9]{8}$/);
    expect(new Set(Array.from({ length: 50 }, () => newId())).size).toBe(50);
  });

  it('adds entries at the top and children at the end of their parent, starting on the parent’s page', () => {
    const added = addBookmark(tree(), b('x'));
    expect(shape(added)).toBe('a b(c d) e x');
    const child = addChild(tree(), 'b');
    expect(shape(child).startsWith('a b(c d ')).toBe(true);
    expect(child[1].children[2].pageNumber).toBe(2);
  });

  it('removes an entry with its children, and edits titles and pages, leaving the old tree alone', () => {
    const before = tree();
    expect(shape(removeBookmark(before, 'b'))).toBe('a e');
    expect(shape(removeBookmark(before, 'd'))).toBe('a b(c) e');
    const edited = updateBookmark(before, 'c', { title: 'Renamed', pageNumber: 9 });
    expect(edited[1].children[0]).toMatchObject({ title: 'Renamed', pageNumber: 9 });
    expect(before[1].children[0]).toMatchObject({ title: 'C', pageNumber: 3 });
    expect(shape(before)).toBe('a b(c d) e');
  });

  it('indents under the entry before, and outdents to just after the parent', () => {
    expect(shape(indent(tree(), 'b'))).toBe('a(b(c d)) e');
    expect(shape(indent(tree(), 'd'))).toBe('a b(c(d)) e');
    expect(shape(outdent(tree(), 'c'))).toBe('a b(d) c e');
    expect(shape(outdent(indent(tree(), 'e'), 'e'))).toBe('a b(c d) e');
  });

  it('leaves the tree as it is for changes that make no sense', () => {
    const before = tree();
    expect(indent(before, 'a')).toBe(before);
    expect(indent(before, 'c')).toBe(before);
    expect(outdent(before, 'a')).toBe(before);
    expect(move(before, 'a', -1)).toBe(before);
    expect(move(before, 'e', 1)).toBe(before);
    expect(removeBookmark(before, 'nope')).toBe(before);
  });

  it('moves an entry among its siblings only', () => {
    expect(shape(move(tree(), 'b', -1))).toBe('b(c d) a e');
    expect(shape(move(tree(), 'c', 1))).toBe('a b(d c) e');
  });

  it('says which moves an entry allows', () => {
    expect(possibleMoves(tree(), 'a')).toEqual({ up: false, down: true, indent: false, outdent: false, addChild: true });
    expect(possibleMoves(tree(), 'd')).toEqual({ up: true, down: false, indent: true, outdent: true, addChild: true });
  });

  it('never nests deeper than the server writes', () => {
    let deep: Bookmark[] = [b('leaf')];
    for (let i = 0; i < MAX_DEPTH - 1; i++) deep = [b(`n${i}`, 1, deep)];
    expect(addChild(deep, 'leaf')).toBe(deep);
    expect(possibleMoves(deep, 'leaf').addChild).toBe(false);
    const withSibling = [b('first'), ...deep];
    expect(indent(withSibling, deep[0].id)).toBe(withSibling);
  });

  it('checks pages against the document: whole numbers from 1 to its last page', () => {
    expect(allPagesValid(tree(), 5)).toBe(true);
    expect(allPagesValid(tree(), 4)).toBe(false);
    expect(allPagesValid(tree(), undefined)).toBe(true);
    expect(allPagesValid([b('a', 0)], undefined)).toBe(false);
    expect(allPagesValid([b('a', 1, [b('b', 1.5)])], 3)).toBe(false);
  });

  it('sends title, pageNumber and children only, and reads them back with new ids', () => {
    const json = toJson(tree());
    expect(JSON.parse(json)[1]).toEqual({
      title: 'B',
      pageNumber: 2,
      children: [
        { title: 'C', pageNumber: 3, children: [] },
        { title: 'D', pageNumber: 4, children: [] },
      ],
    });
    const back = fromJson(json);
    expect(toWire(back)).toEqual(toWire(tree()));
    expect(back[0].id).toMatch(/^[a-z0-9]{8}$/);
    expect(back[0].id).not.toBe('a');
  });

  it('imports Stirling’s export format and fills in what is missing', () => {
    expect(toWire(fromJson('[{"id":"x1","title":"Only","pageNumber":"3"},{"title":"No page","children":null}]'))).toEqual([
      { title: 'Only', pageNumber: 3, children: [] },
      { title: 'No page', pageNumber: 1, children: [] },
    ]);
  });

  it.each(['not json', '{"title":"x"}', '[1]', '[{"title": 5}]', '[{"title":"x","pageNumber":"two"}]', '[{"title":"x","children":{}}]'])(
    'refuses %s',
    (text) => {
      expect(() => fromJson(text)).toThrow(BookmarkImportError);
    },
  );
});
