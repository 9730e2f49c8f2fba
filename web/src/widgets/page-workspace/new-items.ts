import type { PageItem, PageItemKind } from '@folio/registry';
import { DEFAULT_COLOURS, DEFAULT_FONT_SIZE, DEFAULT_SIZES, DEFAULT_THICKNESS } from './item-appearance';
import { newItemId, type WorkspaceItem } from './item-edits';
import { fromShown, rectFromShown, shownSize, type PageFrame, type Point, type Rect } from '../../pdf-rendering/page-frame';
import type { ItemTemplate } from './workspace-tool';

/** Ink strokes are padded by this much around their points (points), so the box holds the line's width. */
const INK_MARGIN = 2;

/** The properties a new item of `kind` starts with, besides where it is. */
export function templateFor(kind: PageItemKind, texts: { text: string; note: string }): ItemTemplate {
  const size = DEFAULT_SIZES[kind];
  const color = DEFAULT_COLOURS[kind];
  switch (kind) {
    case 'text':
      return { kind, ...size, text: texts.text, font: 'sans', fontSize: DEFAULT_FONT_SIZE, color, align: 'left' };
    case 'note':
      return { kind, ...size, text: texts.note, color };
    case 'ink':
      return { kind, ...size, strokes: [[[0, 0]]], color, thickness: DEFAULT_THICKNESS };
    case 'rectangle':
    case 'ellipse':
    case 'line':
    case 'arrow':
      return { kind, ...size, color, thickness: DEFAULT_THICKNESS } as ItemTemplate;
    case 'image':
      return { kind, ...size, image: '' } as ItemTemplate;
    default:
      return { kind, ...size, color } as ItemTemplate;
  }
}

/** A template put on `page` with its middle at `centre` (as shown), kept on the page. */
export function placeTemplate(template: ItemTemplate, page: number, frame: PageFrame, centre: Point): WorkspaceItem {
  const shownPage = shownSize(frame);
  // The template's size is as shown (a signature reads left to right on screen).
  const width = Math.min(Math.abs(template.width) || 1, shownPage.width);
  const height = Math.min(Math.abs(template.height) || 1, shownPage.height);
  const shown: Rect = {
    x: Math.min(Math.max(centre[0] - width / 2, 0), shownPage.width - width),
    y: Math.min(Math.max(centre[1] - height / 2, 0), shownPage.height - height),
    width,
    height,
  };
  const target = rectFromShown(frame, shown);
  // The template's own geometry (its strokes) is laid out as shown from (0, 0); a line keeps its direction.
  const base = { ...template, page, id: newItemId() } as WorkspaceItem;
  if (base.kind === 'line' || base.kind === 'arrow') {
    const [x1, y1] = fromShown(frame, [shown.x, shown.y + height / 2]);
    const [x2, y2] = fromShown(frame, [shown.x + width, shown.y + height / 2]);
    return { ...base, x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
  }
  if (base.kind === 'ink') {
    const strokes = base.strokes.map((stroke) => stroke.map(([sx, sy]) => fromShown(frame, [shown.x + sx, shown.y + sy]) as [number, number]));
    return { ...base, ...target, strokes };
  }
  return { ...base, ...target };
}

/** An item dragged out from `start` to `end` (as shown). */
export function draggedItem(template: ItemTemplate, page: number, frame: PageFrame, start: Point, end: Point): WorkspaceItem {
  const base = { ...template, page, id: newItemId() } as WorkspaceItem;
  if (template.kind === 'line' || template.kind === 'arrow') {
    const [x1, y1] = fromShown(frame, start);
    const [x2, y2] = fromShown(frame, end);
    return { ...base, x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
  }
  const shown = { x: Math.min(start[0], end[0]), y: Math.min(start[1], end[1]), width: Math.abs(end[0] - start[0]), height: Math.abs(end[1] - start[1]) };
  return { ...base, ...rectFromShown(frame, shown) };
}

/** Points closer than this (points) to the last kept one are dropped: a stroke keeps its shape in far fewer points. */
const MIN_STEP = 0.6;

/** A stroke's points as drawn (as shown), thinned, in the items' frame. */
export function strokeFromShown(frame: PageFrame, points: readonly Point[]): [number, number][] {
  const kept: Point[] = [];
  for (const point of points) {
    const last = kept.at(-1);
    if (!last || Math.hypot(point[0] - last[0], point[1] - last[1]) >= MIN_STEP) kept.push(point);
  }
  const lastPoint = points.at(-1);
  if (lastPoint && kept.at(-1) !== lastPoint) kept.push(lastPoint);
  return kept.map((point) => fromShown(frame, point).map((n) => Math.round(n * 100) / 100) as [number, number]);
}

/** An ink item holding `strokes` (items' frame), its box their bounds. */
export function inkItem(page: number, strokes: [number, number][][], style: { color?: string; thickness?: number }, id = newItemId()): WorkspaceItem {
  const all = strokes.flat();
  const xs = all.map(([x]) => x);
  const ys = all.map(([, y]) => y);
  const margin = Math.max(INK_MARGIN, (style.thickness ?? DEFAULT_THICKNESS) / 2);
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return {
    kind: 'ink',
    id,
    page,
    x,
    y,
    width: Math.max(...xs) + margin - x,
    height: Math.max(...ys) + margin - y,
    strokes,
    color: style.color ?? DEFAULT_COLOURS.ink,
    thickness: style.thickness ?? DEFAULT_THICKNESS,
  };
}

/** Room left between an item put on a page by a button and the one it would cover. */
const PLACING_GAP = 8;

/**
 * Where a template put in by a button goes: the page's middle, or as far
 * below it as needed not to cover what is already there (a date under the
 * signature it goes with). All as shown, in points.
 */
export function freeSpotBelow(
  centre: Point,
  template: { width: number; height: number },
  taken: readonly Rect[],
  page: { width: number; height: number },
): Point {
  const [width, height] = [Math.abs(template.width), Math.abs(template.height)];
  let [x, y] = centre;
  for (let tries = 0; tries < 50; tries++) {
    const box = { left: x - width / 2, top: y - height / 2, right: x + width / 2, bottom: y + height / 2 };
    const covered = taken.find((rect) => rect.x < box.right && rect.x + rect.width > box.left && rect.y < box.bottom && rect.y + rect.height > box.top);
    if (!covered) break;
    const next = covered.y + covered.height + PLACING_GAP + height / 2;
    if (next + height / 2 > page.height) break;
    y = next;
  }
  return [x, y];
}

export type { PageItem };
