import { LINE_ITEM_KINDS, type PageItem, type PageItemKind } from '@folio/registry';
import type { Point, Rect } from '../../pdf-rendering/page-frame';

/**
 * An item as the workspace holds it: the wire's item plus an id the page uses
 * to tell items apart (the server's schema drops it).
 */
export type WorkspaceItem = PageItem & { id: string };

let lastId = 0;
export function newItemId(): string {
  lastId += 1;
  return `item-${Date.now().toString(36)}-${lastId}`;
}

export function isLineKind(kind: PageItemKind): boolean {
  return (LINE_ITEM_KINDS as readonly PageItemKind[]).includes(kind);
}

/** The rectangle an item covers, with a positive size (a line's may run right to left or upwards). */
export function itemBounds(item: PageItem): Rect {
  if (!isLineKind(item.kind)) return { x: item.x, y: item.y, width: item.width, height: item.height };
  return {
    x: Math.min(item.x, item.x + item.width),
    y: Math.min(item.y, item.y + item.height),
    width: Math.abs(item.width),
    height: Math.abs(item.height),
  };
}

/** Maps `from` onto `to`; a side of no length keeps its offset. */
function rectMap(from: Rect, to: Rect): (point: Point) => [number, number] {
  const sx = from.width === 0 ? 1 : to.width / from.width;
  const sy = from.height === 0 ? 1 : to.height / from.height;
  return ([x, y]) => [to.x + (x - from.x) * sx, to.y + (y - from.y) * sy];
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The item moved and stretched so its bounds are `to` (items' frame): a box
 * takes the rectangle, a line keeps its direction, ink strokes follow.
 */
export function placeItem<T extends PageItem>(item: T, to: Rect): T {
  const map = rectMap(itemBounds(item), to);
  if (isLineKind(item.kind)) {
    const [x1, y1] = map([item.x, item.y]);
    const [x2, y2] = map([item.x + item.width, item.y + item.height]);
    return { ...item, x: round(x1), y: round(y1), width: round(x2 - x1), height: round(y2 - y1) };
  }
  const placed = { ...item, x: round(to.x), y: round(to.y), width: round(Math.max(to.width, 1)), height: round(Math.max(to.height, 1)) };
  if (item.kind === 'ink') {
    const strokes = item.strokes.map((stroke) => stroke.map((point) => map(point).map(round) as [number, number]));
    return { ...placed, strokes } as T;
  }
  return placed;
}

/** The same item on another page, at the same place. */
export function onPage<T extends PageItem>(item: T, page: number): T {
  return { ...item, page };
}

/** An angle in -180 to 180, so turning back and forth never leaves the schema's range. */
export function normaliseDegrees(degrees: number): number {
  const turned = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return turned === -180 ? 180 : turned;
}
