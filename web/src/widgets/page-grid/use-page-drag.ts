import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** A mouse or pen press becomes a drag after moving this far; less is a click. */
const DRAG_DISTANCE_PX = 6;
/** A finger must rest this long on a page before it drags it; moving sooner scrolls the grid. */
const TOUCH_HOLD_MS = 350;
/** Near the grid's top or bottom edge a drag scrolls it, faster the closer it gets. */
const EDGE_PX = 48;
const MAX_SCROLL_STEP_PX = 18;

/** A page being dragged: where the pointer is, and where the page would land. */
export interface PageDrag {
  page: number;
  /** Index in the arrangement the page would sit before (0 … page count). */
  insertion: number;
  clientX: number;
  clientY: number;
}

interface PageDragOptions {
  /** The scrolling box the grid's content is in. */
  scroller: HTMLElement | null;
  enabled: boolean;
  /** Insertion index for a point on the screen (the grid turns it into a place in its scrolled content). */
  insertionAt(clientX: number, clientY: number): number;
  onDrop(page: number, insertion: number): void;
}

/**
 * Dragging pages into a new order with the mouse, a pen, or a finger held
 * still on a page first. Listens on the window, so a drag survives its page's
 * cell leaving the DOM as the grid scrolls. `wasDrag()` tells a click that ends
 * a drag from a real click.
 */
export function usePageDrag({ scroller, enabled, insertionAt, onDrop }: PageDragOptions) {
  const [drag, setDrag] = useState<PageDrag | null>(null);
  const stopCurrent = useRef<(() => void) | null>(null);
  const justDragged = useRef(false);
  // The latest callbacks, read by listeners set up at the press.
  const latest = useRef({ scroller, insertionAt, onDrop });
  useEffect(() => {
    latest.current = { scroller, insertionAt, onDrop };
  });

  useEffect(() => () => stopCurrent.current?.(), []);

  const onPointerDown = useCallback(
    (page: number, event: ReactPointerEvent) => {
      if (!enabled || event.button !== 0 || stopCurrent.current) return;
      const touch = event.pointerType === 'touch';
      const start = { x: event.clientX, y: event.clientY };
      let pointer = { ...start };
      let active = false;
      let frame = 0;

      const insertionNow = () => latest.current.insertionAt(pointer.x, pointer.y);
      const show = () => setDrag({ page, insertion: insertionNow(), clientX: pointer.x, clientY: pointer.y });
      const scrollNearEdges = () => {
        const box = latest.current.scroller;
        if (box) {
          const rect = box.getBoundingClientRect();
          const above = rect.top + EDGE_PX - pointer.y;
          const below = pointer.y - (rect.bottom - EDGE_PX);
          const step = above > 0 ? -Math.min(above, EDGE_PX) : below > 0 ? Math.min(below, EDGE_PX) : 0;
          if (step !== 0) {
            box.scrollTop += (step / EDGE_PX) * MAX_SCROLL_STEP_PX;
            show();
          }
        }
        frame = requestAnimationFrame(scrollNearEdges);
      };
      const begin = () => {
        active = true;
        show();
        frame = requestAnimationFrame(scrollNearEdges);
      };
      const holdTimer = touch ? window.setTimeout(begin, TOUCH_HOLD_MS) : undefined;

      const move = (moved: PointerEvent) => {
        if (moved.pointerId !== event.pointerId) return;
        pointer = { x: moved.clientX, y: moved.clientY };
        const distance = Math.hypot(pointer.x - start.x, pointer.y - start.y);
        if (!active && !touch && distance >= DRAG_DISTANCE_PX) begin();
        else if (!active && touch && distance >= DRAG_DISTANCE_PX)
          stop(); // the finger scrolls
        else if (active) show();
      };
      const end = (ended: PointerEvent) => {
        if (ended.pointerId !== event.pointerId) return;
        const dropped = active && ended.type === 'pointerup';
        const insertion = dropped ? insertionNow() : 0;
        stop();
        if (dropped) latest.current.onDrop(page, insertion);
      };
      // Once a finger drags a page, its moves must not scroll the page too.
      const holdStill = (touchMove: TouchEvent) => active && touchMove.cancelable && touchMove.preventDefault();
      const noMenu = (menu: Event) => active && menu.preventDefault();

      function stop() {
        window.clearTimeout(holdTimer);
        cancelAnimationFrame(frame);
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', end);
        window.removeEventListener('pointercancel', end);
        window.removeEventListener('touchmove', holdStill);
        window.removeEventListener('contextmenu', noMenu);
        stopCurrent.current = null;
        if (active) {
          // The click that follows the release belongs to the drag, not to the page.
          justDragged.current = true;
          setTimeout(() => (justDragged.current = false), 0);
        }
        setDrag(null);
      }

      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', end);
      window.addEventListener('pointercancel', end);
      window.addEventListener('touchmove', holdStill, { passive: false });
      window.addEventListener('contextmenu', noMenu);
      stopCurrent.current = stop;
    },
    [enabled],
  );

  const wasDrag = useCallback(() => justDragged.current, []);

  return { drag, onPointerDown, wasDrag };
}
