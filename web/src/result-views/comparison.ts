/**
 * Compare's JSON answer as the page reads it (server/src/processors/compare/comparison.ts
 * writes it): the summary, every page's frame, and the differences with their
 * boxes in points from the top-left of the unturned page.
 */

export type DifferenceKind = 'inserted' | 'deleted' | 'changed' | 'visual';

export interface PlacedBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DifferenceSide {
  pages: number[];
  boxes: PlacedBox[];
}

export interface Difference {
  id: number;
  kind: DifferenceKind;
  before: string;
  after: string;
  original: DifferenceSide;
  changed: DifferenceSide;
}

export interface PageFrame {
  width: number;
  height: number;
  rotation: number;
}

export interface Comparison {
  summary: {
    identical: boolean;
    mode: 'text' | 'visual' | 'both';
    pageCounts: { original: number; changed: number };
    pagesChanged: number;
    wordsAdded: number;
    wordsRemoved: number;
    wordsChanged: number;
    differences: number;
  };
  pages: { original: PageFrame[]; changed: PageFrame[] };
  differences: Difference[];
}

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

/** Outline colours by kind, as the report draws them (server/src/processors/compare/comparison-report.ts). */
export const KIND_COLOURS: Record<DifferenceKind, string> = {
  inserted: '#21993f',
  deleted: '#db2626',
  changed: '#f59e0a',
  visual: '#2563eb',
};

/** The page's size as shown (turned by its /Rotate). */
export function shownSize(frame: PageFrame): { width: number; height: number } {
  const turned = frame.rotation % 180 !== 0;
  return turned ? { width: frame.height, height: frame.width } : { width: frame.width, height: frame.height };
}

/**
 * A box of the unturned page where it shows on the page turned by its /Rotate
 * (clockwise), as fractions of the shown page: what pdf.js draws.
 */
export function shownBox(box: Omit<PlacedBox, 'page'>, frame: PageFrame): { left: number; top: number; width: number; height: number } {
  const { width: w, height: h } = frame;
  const turn = ((frame.rotation % 360) + 360) % 360;
  let shown = { x: box.x, y: box.y, width: box.width, height: box.height };
  if (turn === 90) shown = { x: h - box.y - box.height, y: box.x, width: box.height, height: box.width };
  else if (turn === 180) shown = { x: w - box.x - box.width, y: h - box.y - box.height, width: box.width, height: box.height };
  else if (turn === 270) shown = { x: box.y, y: w - box.x - box.width, width: box.height, height: box.width };
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
