import type { OutlineNode } from '../../pdf-objects/outlines';

/** A chapter: its title and its pages, 0-based and inclusive. */
export interface Chapter {
  title: string;
  first: number;
  last: number;
}

/** Longest title kept whole when titles of chapters that share a page are joined (reference §3.11). */
const MAX_JOINED_TITLE = 255;

/**
 * The chapters of a document from its bookmarks (reference §3.11): bookmarks
 * down to `level` (0 is the top level), depth first, those that open a page of
 * this file. A chapter runs from its bookmark's page up to the page of the next
 * bookmark that does not point back before it, or to the end. A bookmark on the
 * same page as the next one starts no pages of its own: with `allowDuplicates`
 * it still makes a chapter of that one page; otherwise its title goes in front
 * of the next chapter's.
 */
export function chaptersOf(tree: readonly OutlineNode[], level: number, pageCount: number, allowDuplicates: boolean): Chapter[] {
  const marks: { title: string; start: number }[] = [];
  const walk = (nodes: readonly OutlineNode[], depth: number) => {
    for (const node of nodes) {
      if (node.pageIndex !== undefined && node.pageIndex < pageCount) marks.push({ title: node.title.replace(/\//g, ''), start: node.pageIndex });
      if (depth < level) walk(node.children, depth + 1);
    }
  };
  walk(tree, 0);

  const spans = marks.map((mark, i) => {
    const next = marks.slice(i + 1).find((other) => other.start >= mark.start);
    return { ...mark, end: next ? next.start : pageCount };
  });

  const chapters: Chapter[] = [];
  let joined = '';
  for (const span of spans) {
    if (span.end === span.start) {
      if (allowDuplicates) chapters.push({ title: span.title, first: span.start, last: span.start });
      else joined += `${span.title} `;
      continue;
    }
    let title = joined === '' ? span.title : `${joined}${span.title}`;
    if (joined !== '' && title.length > MAX_JOINED_TITLE) title = `${title.slice(0, MAX_JOINED_TITLE - 3)}...`;
    chapters.push({ title, first: span.start, last: span.end - 1 });
    joined = '';
  }
  return chapters;
}

/** Bytes of UTF-8 a title may take in a file name: with the number and `.pdf`, names stay under common file-system limits (255 bytes). */
const MAX_TITLE_BYTES = 200;

/**
 * ZIP entry names: the chapter's 0-based number, padded to the width of the
 * chapter count, a space, its title and `.pdf` (`0 Intro.pdf`, `07 Index.pdf`).
 * Titles lose what no file name may hold (control characters, slashes and
 * characters Windows refuses), are trimmed, and shortened on a character
 * boundary; the numbers keep names unique.
 */
export function chapterFileNames(chapters: readonly Chapter[]): string[] {
  const width = String(chapters.length).length;
  return chapters.map((chapter, i) => {
    const number = String(i).padStart(width, '0');
    const title = safeTitle(chapter.title);
    return title === '' ? `${number}.pdf` : `${number} ${title}.pdf`;
  });
}

function safeTitle(title: string): string {
  let safe = title
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/[\\/:*?"<>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    // Windows drops trailing dots from names.
    .replace(/\.+$/, '');
  if (Buffer.byteLength(safe, 'utf8') <= MAX_TITLE_BYTES) return safe;
  let bytes = 0;
  let kept = '';
  for (const character of safe) {
    bytes += Buffer.byteLength(character, 'utf8');
    if (bytes > MAX_TITLE_BYTES) break;
    kept += character;
  }
  return kept.trim();
}
