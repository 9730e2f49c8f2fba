/**
 * Undo and redo over whole lists of items: each change the visitor finishes (a
 * box drawn, a drag let go, a colour chosen) is one step. Lists are never
 * changed in place, so a step is the list as it was.
 */
export interface ItemHistory<T> {
  past: readonly T[];
  future: readonly T[];
}

/** Steps kept; older ones are forgotten. */
const MAX_STEPS = 200;

export const EMPTY_HISTORY: ItemHistory<never> = { past: [], future: [] };

/** `current` is about to be replaced by a change: remember it, and forget what was undone. */
export function recordChange<T>(history: ItemHistory<T>, current: T): ItemHistory<T> {
  return { past: [...history.past, current].slice(-MAX_STEPS), future: [] };
}

/** The list to go back to, with the history after it, or undefined when there is nothing to undo. */
export function undo<T>(history: ItemHistory<T>, current: T): { value: T; history: ItemHistory<T> } | undefined {
  const value = history.past.at(-1);
  if (value === undefined) return undefined;
  return { value, history: { past: history.past.slice(0, -1), future: [current, ...history.future] } };
}

export function redo<T>(history: ItemHistory<T>, current: T): { value: T; history: ItemHistory<T> } | undefined {
  const value = history.future[0];
  if (value === undefined) return undefined;
  return { value, history: { past: [...history.past, current], future: history.future.slice(1) } };
}
