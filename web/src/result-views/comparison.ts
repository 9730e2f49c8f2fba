import type { ComparedPageFrame, Comparison, Difference, PlacedBox } from '@folio/registry';
import { normaliseRotation, rectToShown, shownSize as shownSizeOf, type PageFrame } from '../pdf-rendering/page-frame';

/**
 * Compare's JSON answer (registry/kit/comparison.ts) as the page reads it:
 * the summary, every page's frame, and the differences with their boxes in
 * points from the top-left of the unturned page.
 */

export type Side = 'original' | 'changed';

/** The answer's JSON, or null when it is not a comparison. */
export function readComparison(text: string): Comparison | null {
  try {
    const value = JSON.parse(text) as Partial<Comparison>;
    if (!value || typeof value !== 'object' || !value.summary || !Array.isArray(value.differences) || !value.pages) return null;
    if (!Array.isArray(value.pages.original) || !Array.isArray(value.pages.changed)) return null;
    return value as Comparison;
  } catch {
    return null;
  }
}

/** The page's size as shown (turned by its /Rotate). */
export function shownSize(frame: ComparedPageFrame): { width: number; height: number } {
  return shownSizeOf(pageFrame(frame));
}

/** The answer's page frame as the page workspace's frame arithmetic takes it. */
function pageFrame(frame: ComparedPageFrame): PageFrame {
  return { width: frame.width, height: frame.height, rotation: normaliseRotation(frame.rotation) };
}

/**
 * A box of the unturned page where it shows on the page turned by its /Rotate
 * (clockwise), as fractions of the shown page: what pdf.js draws.
 */
export function shownBox(box: Omit<PlacedBox, 'page'>, frame: ComparedPageFrame): { left: number; top: number; width: number; height: number } {
  const shown = rectToShown(pageFrame(frame), { x: box.x, y: box.y, width: box.width, height: box.height });
  const size = shownSize(frame);
  return { left: shown.x / size.width, top: shown.y / size.height, width: shown.width / size.width, height: shown.height / size.height };
}

/** The page a difference is found on in one document: its first box's, else where its words would stand. */
export function pageOn(difference: Difference, side: Side): number {
  return difference[side].boxes[0]?.page ?? difference[side].pages[0] ?? 1;
}

/** Differences the toggles let through: text kinds, visual, or both. */
export function shownDifferences(differences: readonly Difference[], show: { text: boolean; visual: boolean }): Difference[] {
  return differences.filter((d) => (d.kind === 'visual' ? show.visual : show.text));
}
