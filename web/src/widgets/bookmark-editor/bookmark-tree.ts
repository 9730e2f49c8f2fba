/**
 * The bookmark tree the editor works on, and every change to it as a pure
 * function: each answers a new tree (the old one untouched), or the same tree
 * when the change makes no sense (indenting the first entry).
 */

/** Spec §3: id (random 8-character string), title, pageNumber (default 1), children. */
export interface Bookmark {
  id: string;
  title: string;
  pageNumber: number;
  children: Bookmark[];
}

/** What the request carries for one bookmark (reference §3.13; the ids stay on the page). */
export interface WireBookmark {
  title: string;
  pageNumber: number;
  children: WireBookmark[];
}

/** Nesting the editor allows, as deep as the server writes (bookmark-data.ts). */
export const MAX_DEPTH = 64;

const ID_CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random 8-character id (spec §3). */
export function newId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += ID_CHARACTERS[Math.floor(random() * ID_CHARACTERS.length)];
  return id;
}

export function newBookmark(pageNumber = 1, title = ''): Bookmark {
  return { id: newId(), title, pageNumber, children: [] };
}

/** Where an entry sits: the list holding it and its index there, with the parent (undefined at the top). */
interface Place {
  siblings: Bookmark[];
  index: number;
  parent: Bookmark | undefined;
  depth: number;
}

function find(tree: Bookmark[], id: string, parent?: Bookmark, depth = 1): Place | undefined {
  for (let index = 0; index < tree.length; index++) {
    if (tree[index].id === id) return { siblings: tree, index, parent, depth };
    const below = find(tree[index].children, id, tree[index], depth + 1);
    if (below) return below;
  }
  return undefined;
}

/** A deep copy, so a change can edit its copy in place. */
function copy(tree: Bookmark[]): Bookmark[] {
  return tree.map((b) => ({ ...b, children: copy(b.children) }));
}

/** Applies `change` to a copy of the tree at the entry's place; the tree itself when the entry is not there or `change` declines. */
function edit(tree: Bookmark[], id: string, change: (place: Place) => boolean): Bookmark[] {
  const next = copy(tree);
  const place = find(next, id);
  return place && change(place) ? next : tree;
}

/** Levels below an entry, itself included (1 for a leaf). */
function height(bookmark: Bookmark): number {
  return 1 + Math.max(0, ...bookmark.children.map(height));
}

/** A new top-level entry at the end. */
export function addBookmark(tree: Bookmark[], bookmark: Bookmark = newBookmark()): Bookmark[] {
  return [...copy(tree), bookmark];
}

/** A new last child of the entry (its page to start with is its parent's). */
export function addChild(tree: Bookmark[], parentId: string, child?: Bookmark): Bookmark[] {
  return edit(tree, parentId, (place) => {
    if (place.depth >= MAX_DEPTH) return false;
    const parent = place.siblings[place.index];
    parent.children.push(child ?? newBookmark(parent.pageNumber));
    return true;
  });
}

export function removeBookmark(tree: Bookmark[], id: string): Bookmark[] {
  return edit(tree, id, (place) => (place.siblings.splice(place.index, 1), true));
}

export function updateBookmark(tree: Bookmark[], id: string, patch: Partial<Pick<Bookmark, 'title' | 'pageNumber'>>): Bookmark[] {
  return edit(tree, id, (place) => (Object.assign(place.siblings[place.index], patch), true));
}

/** One level deeper: the entry becomes the last child of the entry before it. */
export function indent(tree: Bookmark[], id: string): Bookmark[] {
  return edit(tree, id, ({ siblings, index, depth }) => {
    if (index === 0 || depth + height(siblings[index]) - 1 >= MAX_DEPTH) return false;
    const [entry] = siblings.splice(index, 1);
    siblings[index - 1].children.push(entry);
    return true;
  });
}

/** One level up: the entry moves out of its parent, to just after it. */
export function outdent(tree: Bookmark[], id: string): Bookmark[] {
  const place = find(tree, id);
  if (!place?.parent) return tree;
  const parentId = place.parent.id;
  const next = copy(tree);
  const inner = find(next, id)!;
  const outer = find(next, parentId)!;
  const [entry] = inner.siblings.splice(inner.index, 1);
  outer.siblings.splice(outer.index + 1, 0, entry);
  return next;
}

/** Swaps the entry with the one before (-1) or after (+1) it among its siblings. */
export function move(tree: Bookmark[], id: string, by: -1 | 1): Bookmark[] {
  return edit(tree, id, ({ siblings, index }) => {
    const target = index + by;
    if (target < 0 || target >= siblings.length) return false;
    [siblings[index], siblings[target]] = [siblings[target], siblings[index]];
    return true;
  });
}

/** What the editor offers for an entry, so buttons that would do nothing are disabled. */
export function possibleMoves(tree: Bookmark[], id: string): { up: boolean; down: boolean; indent: boolean; outdent: boolean; addChild: boolean } {
  const place = find(tree, id);
  if (!place) return { up: false, down: false, indent: false, outdent: false, addChild: false };
  const { siblings, index, parent, depth } = place;
  return {
    up: index > 0,
    down: index < siblings.length - 1,
    indent: index > 0 && depth + height(siblings[index]) - 1 < MAX_DEPTH,
    outdent: parent !== undefined,
    addChild: depth < MAX_DEPTH,
  };
}

/** How many entries the tree holds at every level. */
export function countBookmarks(tree: readonly Bookmark[]): number {
  return tree.reduce((sum, b) => sum + 1 + countBookmarks(b.children), 0);
}

/** A page number the document can open: a whole number from 1, and at most `pageCount` when it is known. */
export function isValidPage(pageNumber: number, pageCount: number | undefined): boolean {
  return Number.isInteger(pageNumber) && pageNumber >= 1 && (pageCount === undefined || pageNumber <= pageCount);
}

/** Whether every entry has a page the document can open. */
export function allPagesValid(tree: readonly Bookmark[], pageCount: number | undefined): boolean {
  return tree.every((b) => isValidPage(b.pageNumber, pageCount) && allPagesValid(b.children, pageCount));
}

/** The tree as the request and the exported file carry it: title, pageNumber, children. */
export function toWire(tree: readonly Bookmark[]): WireBookmark[] {
  return tree.map((b) => ({ title: b.title, pageNumber: b.pageNumber, children: toWire(b.children) }));
}

export function toJson(tree: readonly Bookmark[]): string {
  return JSON.stringify(toWire(tree));
}

/** The file's JSON is not a bookmark tree. */
export class BookmarkImportError extends Error {}

/**
 * A tree from JSON text: an exported bookmarks.json, or any array of
 * `{ title, pageNumber, children }` (ids are made afresh, so an imported file
 * never clashes with entries already on the page). A missing page is 1 (spec §9);
 * anything that is not such a tree throws.
 */
export function fromJson(text: string): Bookmark[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BookmarkImportError('not JSON');
  }
  const read = (items: unknown, depth: number): Bookmark[] => {
    if (!Array.isArray(items) || depth > MAX_DEPTH) throw new BookmarkImportError('not a bookmark list');
    return items.map((item) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new BookmarkImportError('a bookmark is not an object');
      const { title, pageNumber, children } = item as Record<string, unknown>;
      if (title !== undefined && title !== null && typeof title !== 'string') throw new BookmarkImportError('a title is not text');
      const page = pageNumber === undefined || pageNumber === null ? 1 : Number(pageNumber);
      if (!Number.isInteger(page)) throw new BookmarkImportError('a page number is not a whole number');
      return { id: newId(), title: title ?? '', pageNumber: page, children: children === undefined || children === null ? [] : read(children, depth + 1) };
    });
  };
  return read(data, 1);
}
