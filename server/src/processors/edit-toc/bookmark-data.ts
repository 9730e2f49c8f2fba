import { InvalidInputError } from '../../refusals/input-errors';
import type { OutlineNode } from '../../pdf-objects/outlines';

/** Deeper trees are refused: no viewer shows them, and the writer recurses once per level. */
export const MAX_DEPTH = 64;
/** Most bookmarks one request may write. */
export const MAX_BOOKMARKS = 100_000;
/** Longest title kept, in characters; viewers show a line of it at most. */
const MAX_TITLE = 1000;

const SHAPE = 'a JSON array of bookmarks like [{"title": "Intro", "pageNumber": 1, "children": []}]';

/**
 * The bookmark tree an API client or the page sent (reference §3.13: title,
 * 1-based pageNumber, optional children), as outline nodes of a document of
 * `pageCount` pages. As in the reference, a page number below 1 opens the first
 * page and one past the end the last; a missing one is 1 (the spec's default).
 * JSON that is not such a tree is refused with a message naming the bookmark
 * (its position: "2.1" is the first child of the second).
 */
export function parseBookmarkData(json: string, pageCount: number): OutlineNode[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new InvalidInputError(`bookmarkData is not valid JSON; send ${SHAPE}.`);
  }
  if (!Array.isArray(data)) throw new InvalidInputError(`bookmarkData must be ${SHAPE}.`);
  let count = 0;
  const readList = (items: unknown[], path: string, depth: number): OutlineNode[] => {
    if (depth > MAX_DEPTH && items.length > 0) throw new InvalidInputError(`Bookmark ${path}: bookmarks nest at most ${MAX_DEPTH} levels deep.`);
    return items.map((item, index) => {
      const at = path === '' ? String(index + 1) : `${path}.${index + 1}`;
      if (++count > MAX_BOOKMARKS) throw new InvalidInputError(`bookmarkData holds more than ${MAX_BOOKMARKS} bookmarks.`);
      if (item === null || typeof item !== 'object' || Array.isArray(item))
        throw new InvalidInputError(`Bookmark ${at} must be an object with a title, a pageNumber and children.`);
      const { title, pageNumber, children } = item as Record<string, unknown>;
      if (title !== undefined && title !== null && typeof title !== 'string') throw new InvalidInputError(`Bookmark ${at}: title must be text.`);
      if (children !== undefined && children !== null && !Array.isArray(children))
        throw new InvalidInputError(`Bookmark ${at}: children must be an array of bookmarks.`);
      return {
        title: [...(title ?? '')].slice(0, MAX_TITLE).join(''),
        pageIndex: clamp(pageNumberOf(pageNumber, at), pageCount) - 1,
        children: readList(children ?? [], at, depth + 1),
      };
    });
  };
  return readList(data, '', 1);
}

/** A page number as sent: a whole number, or its decimal text (a client may quote it); absent is page 1. */
function pageNumberOf(value: unknown, at: string): number {
  if (value === undefined || value === null) return 1;
  const number = typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number))
    throw new InvalidInputError(`Bookmark ${at}: pageNumber must be a whole number (1 is the first page).`);
  return number;
}

/** 1…pageCount, as the reference clamps. */
function clamp(pageNumber: number, pageCount: number): number {
  return Math.min(Math.max(pageNumber, 1), Math.max(pageCount, 1));
}
