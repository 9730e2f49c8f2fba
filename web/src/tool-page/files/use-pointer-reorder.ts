import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { dropIndex } from './file-order';

/** How close to the list's top or bottom edge a drag scrolls it, and by how much per pointer move. */
const EDGE_PX = 28;
const SCROLL_STEP_PX = 12;

export interface PointerReorder {
  /** The key of the row being dragged, if any. */
  dragging: number | null;
  /** Handlers for a row's drag handle. */
  handleProps(key: number): { onPointerDown(event: ReactPointerEvent<HTMLElement>): void };
}

/**
 * Dragging rows of `list` (its element children, one per key, in `keys` order)
 * by their handles, with a mouse, a finger or a pen alike (pointer events; HTML
 * drag and drop does not start from touch in most mobile browsers). The row
 * moves as soon as the pointer passes a neighbour's middle, so what is shown
 * is always the order that will be sent.
 *
 * The pointer is followed on the window, not captured by the handle: React
 * moves a row's element to reorder it, and a moved element loses its capture.
 */
export function usePointerReorder(list: RefObject<HTMLElement | null>, keys: readonly number[], onMove: (key: number, to: number) => void): PointerReorder {
  const [dragging, setDragging] = useState<number | null>(null);
  const latest = useRef({ keys, onMove });
  latest.current = { keys, onMove };

  useEffect(() => {
    if (dragging === null) return;
    const follow = (event: PointerEvent) => {
      const element = list.current;
      if (!element) return;
      event.preventDefault();
      const box = element.getBoundingClientRect();
      if (event.clientY < box.top + EDGE_PX) element.scrollTop -= SCROLL_STEP_PX;
      else if (event.clientY > box.bottom - EDGE_PX) element.scrollTop += SCROLL_STEP_PX;
      const middles = Array.from(element.children, (row) => {
        const rect = row.getBoundingClientRect();
        return rect.top + rect.height / 2;
      });
      const from = latest.current.keys.indexOf(dragging);
      const to = dropIndex(middles, from, event.clientY);
      if (from >= 0 && to !== from) latest.current.onMove(dragging, to);
    };
    const stop = () => setDragging(null);
    window.addEventListener('pointermove', follow, { passive: false });
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    document.documentElement.classList.add('is-reordering');
    return () => {
      window.removeEventListener('pointermove', follow);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
      document.documentElement.classList.remove('is-reordering');
    };
  }, [dragging, list]);

  return {
    dragging,
    handleProps: (key) => ({
      onPointerDown(event) {
        if (event.button !== 0) return;
        // No text selection, no native image drag, no scrolling by the finger that drags.
        event.preventDefault();
        setDragging(key);
      },
    }),
  };
}
