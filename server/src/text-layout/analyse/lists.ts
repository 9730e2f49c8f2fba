import type { ListBlock } from '../types';

/** Bullets and numbers that start list items. */

const BULLET = /^([•◦▪▫●○■□‣⁃∙·*–—-])\s+(.*)$/u;
const ORDERED = /^(\(?(\d{1,3}|[a-z])[.)])\s+(.*)$/u;

export interface ListMarker {
  ordered: boolean;
  /** The number of an ordered item (letters count a = 1). */
  number: number;
  /** The text after the marker. */
  text: string;
}

/** The list marker a line starts with, if any. e.g. "• Apples" → { ordered: false, text: 'Apples' } */
export function listMarkerOf(text: string): ListMarker | undefined {
  const bullet = BULLET.exec(text);
  if (bullet) return { ordered: false, number: 0, text: bullet[2] };
  const ordered = ORDERED.exec(text);
  if (ordered) {
    const label = ordered[2];
    const number = /^\d+$/.test(label) ? Number(label) : label.charCodeAt(0) - 96;
    return { ordered: true, number, text: ordered[3] };
  }
  return undefined;
}

/**
 * The number each item of an ordered list shows: the outermost items count on
 * from the list's start, nested ones from 1 again under each outer item.
 */
export function itemNumbers(list: { start: number; items: readonly string[]; levels?: readonly number[] }): number[] {
  const counters: number[] = [];
  return list.items.map((_, index) => {
    const level = list.levels?.[index] ?? 0;
    counters.length = level + 1;
    counters[level] = counters[level] === undefined ? (level === 0 ? list.start : 1) : counters[level] + 1;
    return counters[level];
  });
}

/**
 * Adds `more`'s items to the end of `list`, with their bold and italic
 * stretches and levels: those are kept item by item once any item has some.
 */
export function appendItems(list: ListBlock, more: Pick<ListBlock, 'items' | 'itemEmphasis' | 'levels'>): void {
  const [had, added] = [list.items.length, more.items.length];
  if (list.itemEmphasis || more.itemEmphasis) {
    list.itemEmphasis = [...(list.itemEmphasis ?? Array.from({ length: had }, () => [])), ...(more.itemEmphasis ?? Array.from({ length: added }, () => []))];
  }
  if (list.levels || more.levels) list.levels = [...(list.levels ?? Array<number>(had).fill(0)), ...(more.levels ?? Array<number>(added).fill(0))];
  list.items.push(...more.items);
}
