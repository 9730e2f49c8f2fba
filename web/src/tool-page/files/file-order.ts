import type { InputSpec } from '@folio/registry';

/**
 * The visitor may reorder the chosen files where their order is the result's:
 * a tool that combines several files into one (Merge, Image to PDF). A tool that
 * treats each file on its own gives the same files whatever their order.
 */
export function ordersFiles(input: Pick<InputSpec, 'multiple' | 'maxFiles' | 'combine'>): boolean {
  return input.multiple && input.combine === true && (input.maxFiles ?? Infinity) > 1;
}

/** `list` with the item at `from` moved to `to` (both 0-based, `to` clamped to the list). A new array; the same one when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): readonly T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return list;
  const moved = [...list];
  const [item] = moved.splice(from, 1);
  moved.splice(target, 0, item!);
  return moved;
}

/**
 * Where a dragged item belongs, from where the pointer is: after every other
 * item whose middle it has passed. `middles` are the items' vertical middles in
 * their current order (the dragged one's included, and ignored). An item moves
 * only once the pointer passes a neighbour's middle, so it does not flicker
 * between two places when the pointer rests near a border.
 */
export function dropIndex(middles: readonly number[], dragged: number, pointerY: number): number {
  let index = 0;
  middles.forEach((middle, i) => {
    if (i !== dragged && middle < pointerY) index++;
  });
  return index;
}
