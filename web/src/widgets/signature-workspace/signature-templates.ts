import type { PageTextFont } from '@folio/registry';
import type { Point } from '../../pdf-rendering/page-frame';
import type { ItemTemplate } from '../page-workspace/workspace-tool';

/** A drawn signature's width on the page (points) when first placed: a signature line's length. */
export const SIGNATURE_WIDTH = 180;
/** Size of a typed signature's letters (points). */
export const TYPED_SIZE = 28;
/** Room around a stroke inside its box (points). */
const MARGIN = 2;

/**
 * Strokes drawn on the pad (pad pixels) as an ink template SIGNATURE_WIDTH points
 * wide (or narrower, for a short mark), laid out from (0, 0) as shown: the
 * workspace puts it where the visitor clicks.
 */
export function inkTemplate(strokes: readonly (readonly Point[])[], style: { color: string; thickness: number }): ItemTemplate | undefined {
  const points = strokes.flat();
  if (points.length === 0) return undefined;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  const [width, height] = [Math.max(...xs) - left, Math.max(...ys) - top];
  const factor = Math.min(SIGNATURE_WIDTH / Math.max(width, 1), 1);
  const scaled = strokes.map((stroke) =>
    stroke.map(([x, y]) => [Math.round(((x - left) * factor + MARGIN) * 100) / 100, Math.round(((y - top) * factor + MARGIN) * 100) / 100] as [number, number]),
  );
  return {
    kind: 'ink',
    width: width * factor + 2 * MARGIN,
    height: Math.max(height * factor, 1) + 2 * MARGIN,
    strokes: scaled,
    color: style.color,
    thickness: style.thickness,
  };
}

/** A typed name in a handwriting face, boxed to fit its width (measured by the caller with the face loaded). */
export function typedTemplate(text: string, font: PageTextFont, color: string, measuredWidth: number, size = TYPED_SIZE): ItemTemplate {
  return { kind: 'text', text, font, fontSize: size, color, align: 'left', width: Math.ceil(measuredWidth + size * 0.4), height: Math.ceil(size * 1.45) };
}

/** Today's date as the visitor writes it, as a small text to put beside a signature. */
export function dateTemplate(locale: string, today = new Date()): ItemTemplate {
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(today);
  return { kind: 'text', text, font: 'sans', fontSize: 11, color: '#111111', align: 'left', width: Math.max(text.length * 6.2, 60), height: 16 };
}
