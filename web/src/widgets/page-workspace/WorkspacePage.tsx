import { ROTATABLE_ITEM_KINDS } from '@folio/registry';
import { memo, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { drawPage } from '../../pdf-rendering/draw-page';
import type { PDFDocumentProxy } from '../../pdf-rendering/open-pdf';
import { ItemGraphic, rotationOf } from './ItemGraphic';
import { itemBounds, normaliseDegrees, placeItem, type WorkspaceItem } from './item-edits';
import { draggedItem, inkItem, placeTemplate, strokeFromShown, templateFor } from './new-items';
import { keepOnPage, rectFromShown, rectToShown, shownSize, type PageFrame, type Point, type Rect } from '../../pdf-rendering/page-frame';
import { snapCorner, snapMove } from './snapping';
import type { WorkspaceTool } from './workspace-tool';

const ROTATABLE = new Set<string>(ROTATABLE_ITEM_KINDS);

/** Screen pixels within which an edge snaps. */
const SNAP_PIXELS = 6;
/** A drag shorter than this (points) is a click: the item gets its default size there. */
const CLICK_SLOP = 3;
/** Wait after the last zoom step before drawing the page again at the new size. */
const REDRAW_DELAY_MS = 120;
/** Wait before drawing a page that came into view: pages flying past in a fast scroll are never drawn. */
const FIRST_DRAW_DELAY_MS = 60;
/** Strokes drawn within this long of each other are one ink item (the dot of an i). */
const INK_JOIN_MS = 1500;

/** What the page shows to a per-page overlay (a form's fields). */
export interface ShownPage {
  number: number;
  frame: PageFrame;
  /** CSS pixels per point. */
  scale: number;
}

type Gesture =
  | { type: 'move' | 'resize'; id: string; start: Point; original: WorkspaceItem; shown: Rect; current: WorkspaceItem; moved: boolean }
  | { type: 'drag'; start: Point; end: Point }
  | { type: 'ink'; points: Point[] };

export interface WorkspacePageProps {
  doc: PDFDocumentProxy;
  number: number;
  frame: PageFrame;
  scale: number;
  items: readonly WorkspaceItem[];
  selectedId: string | undefined;
  tool: WorkspaceTool;
  disabled: boolean;
  labelOf(item: WorkspaceItem): string;
  pageLabel: string;
  newTexts: { text: string; note: string };
  onSelect(id: string | undefined): void;
  /** A finished change to this page's items: `replace` (same id) or add. */
  onCommit(item: WorkspaceItem, options?: { joinInk?: boolean }): void;
  onRemove(id: string): void;
  /** The visitor pressed on this page: it becomes the current page. */
  onActivate(page: number): void;
  /** An ink stroke just drawn may join this item (same page, moments ago). */
  inkToJoin(page: number, now: number, joinWithinMs: number): WorkspaceItem | undefined;
  overlay?: ReactNode;
  /** The page's own form fields are left out of its picture: the overlay shows them as controls. */
  withoutFormFields: boolean;
  /** Items can be placed here (a tool with item kinds); otherwise the item layer stays out of the overlay's way. */
  takesItems: boolean;
}

/** A pointer's place on the page as shown, in points. */
function pointOf(event: PointerEvent, element: HTMLElement, scale: number): Point {
  const box = element.getBoundingClientRect();
  return [(event.clientX - box.left) / scale, (event.clientY - box.top) / scale];
}

/**
 * One page of the workspace: the page drawn by pdf.js, the items on it drawn
 * over it (SVG in the page's points, scaled), and the gestures that make and
 * change them. While a gesture lasts only this page re-renders; the finished
 * change goes to the list once, as one undo step.
 */
export const WorkspacePage = memo(function WorkspacePage(props: WorkspacePageProps) {
  const { doc, number, frame, scale, items, selectedId, tool, disabled, overlay, withoutFormFields, takesItems } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture>();
  const [guides, setGuides] = useState<{ x: number[]; y: number[] }>({ x: [], y: [] });
  const size = shownSize(frame);
  const cssWidth = size.width * scale;
  const cssHeight = size.height * scale;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const stop = new AbortController();
    const draw = () => void drawPage(doc, number, canvas, cssWidth, stop.signal, { withoutFormFields }).catch(() => undefined);
    const timer = setTimeout(draw, canvas.width === 0 ? FIRST_DRAW_DELAY_MS : REDRAW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
  }, [doc, number, cssWidth, withoutFormFields]);

  const shownItems =
    gesture && (gesture.type === 'move' || gesture.type === 'resize') ? items.map((item) => (item.id === gesture.id ? gesture.current : item)) : items;
  const othersThan = (id: string) => items.filter((item) => item.id !== id).map((item) => rectToShown(frame, itemBounds(item)));

  const startOnItem = (event: PointerEvent<HTMLElement>, item: WorkspaceItem, type: 'move' | 'resize') => {
    if (disabled || event.button !== 0 || tool.mode !== 'select') return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    props.onSelect(item.id);
    props.onActivate(number);
    const start = pointOf(event, layerRef.current!, scale);
    setGesture({ type, id: item.id, start, original: item, shown: rectToShown(frame, itemBounds(item)), current: item, moved: false });
  };

  const startOnPage = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    props.onActivate(number);
    if (tool.mode === 'select') {
      props.onSelect(undefined);
      return;
    }
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const start = pointOf(event, layerRef.current!, scale);
    if (tool.mode === 'ink') setGesture({ type: 'ink', points: [start] });
    else if (tool.mode === 'drag') setGesture({ type: 'drag', start, end: start });
    else {
      const placed = placeTemplate(tool.template, number, frame, start);
      props.onCommit(placed);
      props.onSelect(placed.id);
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!gesture) return;
    const layer = layerRef.current!;
    const point = pointOf(event, layer, scale);
    if (gesture.type === 'ink') {
      const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
      const more = coalesced.length > 0 ? coalesced.map((e) => pointOf(e as unknown as PointerEvent, layer, scale)) : [point];
      setGesture({ type: 'ink', points: [...gesture.points, ...more] });
      return;
    }
    if (gesture.type === 'drag') {
      setGesture({ ...gesture, end: [Math.min(Math.max(point[0], 0), size.width), Math.min(Math.max(point[1], 0), size.height)] });
      return;
    }
    const [dx, dy] = [point[0] - gesture.start[0], point[1] - gesture.start[1]];
    const threshold = SNAP_PIXELS / scale;
    let shown: Rect;
    if (gesture.type === 'move') {
      const snapped = snapMove({ ...gesture.shown, x: gesture.shown.x + dx, y: gesture.shown.y + dy }, size, othersThan(gesture.id), threshold);
      shown = keepOnPage(snapped.rect, size);
      setGuides(snapped.guides);
    } else {
      const snapped = snapCorner(
        { ...gesture.shown, width: Math.max(gesture.shown.width + dx, 4), height: Math.max(gesture.shown.height + dy, 4) },
        size,
        othersThan(gesture.id),
        threshold,
      );
      shown = snapped.rect;
      setGuides(snapped.guides);
    }
    setGesture({ ...gesture, moved: true, current: placeItem(gesture.original, rectFromShown(frame, shown)) });
  };

  const onPointerUp = () => {
    if (!gesture) return;
    setGesture(undefined);
    setGuides({ x: [], y: [] });
    if (gesture.type === 'ink') {
      const stroke = strokeFromShown(frame, gesture.points);
      const now = Date.now();
      const joined = props.inkToJoin(number, now, INK_JOIN_MS);
      if (joined && joined.kind === 'ink') {
        props.onCommit(inkItem(number, [...joined.strokes, stroke], joined, joined.id), { joinInk: true });
      } else {
        const item = inkItem(number, [stroke], {});
        props.onCommit(item, { joinInk: true });
      }
      return;
    }
    if (gesture.type === 'drag' && tool.mode === 'drag') {
      const template = templateFor(tool.kind, props.newTexts);
      const [start, end] = [gesture.start, gesture.end];
      const tiny = Math.abs(end[0] - start[0]) < CLICK_SLOP && Math.abs(end[1] - start[1]) < CLICK_SLOP;
      const item = tiny ? placeTemplate(template, number, frame, start) : draggedItem(template, number, frame, start, end);
      props.onCommit(item);
      props.onSelect(item.id);
      return;
    }
    if ((gesture.type === 'move' || gesture.type === 'resize') && gesture.moved) props.onCommit(gesture.current);
  };

  const onItemKey = (event: KeyboardEvent<HTMLElement>, item: WorkspaceItem) => {
    if (disabled) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onRemove(item.id);
      return;
    }
    if (event.key === 'Escape') {
      props.onSelect(undefined);
      return;
    }
    if ((event.key === '[' || event.key === ']') && ROTATABLE.has(item.kind)) {
      event.preventDefault();
      const turn = (event.key === ']' ? 1 : -1) * (event.shiftKey ? 1 : 15);
      props.onCommit({ ...item, rotation: normaliseDegrees(rotationOf(item) + turn) } as WorkspaceItem);
      return;
    }
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, Point> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const shown = rectToShown(frame, itemBounds(item));
    const next = event.altKey
      ? { ...shown, width: Math.max(shown.width + move[0], 4), height: Math.max(shown.height + move[1], 4) }
      : keepOnPage({ ...shown, x: shown.x + move[0], y: shown.y + move[1] }, size);
    props.onCommit(placeItem(item, rectFromShown(frame, next)));
  };

  const drawing =
    gesture?.type === 'drag' && tool.mode === 'drag'
      ? draggedItem(templateFor(tool.kind, props.newTexts), number, frame, gesture.start, gesture.end)
      : gesture?.type === 'ink'
        ? inkItem(number, [strokeFromShown(frame, gesture.points)], {})
        : undefined;

  return (
    <div className="page-workspace__page" data-page={number} style={{ width: cssWidth, height: cssHeight }} aria-label={props.pageLabel} role="group">
      <canvas ref={canvasRef} className="page-workspace__canvas" style={{ width: cssWidth, height: cssHeight }} aria-hidden="true" />
      {overlay && <div className="page-workspace__overlay">{overlay}</div>}
      {takesItems && (
        <div
          ref={layerRef}
          className="page-workspace__layer"
          data-mode={tool.mode}
          onPointerDown={startOnPage}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          <svg className="page-workspace__graphics" viewBox={`0 0 ${size.width} ${size.height}`} width={cssWidth} height={cssHeight} aria-hidden="true">
            {shownItems.map((item) => (
              <ItemGraphic key={item.id} item={item} frame={frame} />
            ))}
            {drawing && <ItemGraphic item={drawing} frame={frame} />}
            {guides.x.map((x) => (
              <line key={`x${x}`} className="page-workspace__guide" x1={x} x2={x} y1={0} y2={size.height} />
            ))}
            {guides.y.map((y) => (
              <line key={`y${y}`} className="page-workspace__guide" x1={0} x2={size.width} y1={y} y2={y} />
            ))}
          </svg>
          {shownItems.map((item) => {
            const shown = rectToShown(frame, itemBounds(item));
            const selected = item.id === selectedId;
            return (
              <div
                key={item.id}
                className="page-workspace__item"
                data-item-id={item.id}
                data-kind={item.kind}
                data-selected={selected || undefined}
                role="button"
                tabIndex={0}
                aria-pressed={selected}
                aria-label={props.labelOf(item)}
                style={{
                  left: shown.x * scale - 3,
                  top: shown.y * scale - 3,
                  width: shown.width * scale + 6,
                  height: shown.height * scale + 6,
                  ...(rotationOf(item) !== 0 && { transform: `rotate(${rotationOf(item)}deg)` }),
                }}
                onPointerDown={(event) => startOnItem(event, item, 'move')}
                onFocus={() => {
                  props.onSelect(item.id);
                  props.onActivate(number);
                }}
                onKeyDown={(event) => onItemKey(event, item)}
              >
                {selected && !disabled && (
                  <span
                    className="page-workspace__handle"
                    data-handle="resize"
                    aria-hidden="true"
                    onPointerDown={(event) => startOnItem(event, item, 'resize')}
                  />
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
});
