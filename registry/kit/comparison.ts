/**
 * Compare's JSON answer (`outputFormat=json`): what the server writes
 * (server/src/processors/compare/) and the page's result view reads
 * (web/src/result-views/comparison.ts), declared once. Boxes are in points from
 * the top-left of the unturned page, pages from 1, as page items are
 * (page-items.ts).
 */

export type DifferenceKind = 'inserted' | 'deleted' | 'changed' | 'visual';

/** Outline colour of each kind, in the page's view and the report PDF alike. */
export const DIFFERENCE_COLOURS: Readonly<Record<DifferenceKind, string>> = {
  inserted: '#21993f',
  deleted: '#db2626',
  changed: '#f59e0a',
  visual: '#2563eb',
};

/** A box on one page of one document. */
export interface PlacedBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a difference is in one document: its pages and boxes (none for the side that lacks the words: `pages` is then where they would be). */
export interface DifferenceSide {
  pages: number[];
  boxes: PlacedBox[];
}

export interface Difference {
  /** From 1, in reading order of the changed document (visual ones after the words of their page). */
  id: number;
  kind: DifferenceKind;
  /** The original's words; '' for an insertion or a visual difference. */
  before: string;
  /** The changed document's words; '' for a deletion or a visual difference. */
  after: string;
  original: DifferenceSide;
  changed: DifferenceSide;
}

/** A page's crop box, unturned, in points, and its /Rotate. */
export interface ComparedPageFrame {
  width: number;
  height: number;
  rotation: number;
}

export interface ComparisonSummary {
  /** No difference of any kind was found. */
  identical: boolean;
  /** In words, for API clients. e.g. 'No differences found.', '3 differences on 2 pages.' */
  message: string;
  mode: 'text' | 'visual' | 'both';
  pageCounts: { original: number; changed: number };
  /** Pages present in both documents, compared page with page as pictures and word with word as text. */
  pagesCompared: number;
  /** Page numbers where either document has a difference (page n of the original with page n of the changed). */
  pagesChanged: number;
  changedPages: number[];
  wordsAdded: number;
  wordsRemoved: number;
  wordsChanged: number;
  differences: number;
  textDifferences: number;
  visualDifferences: number;
}

export interface Comparison {
  summary: ComparisonSummary;
  /** Every page's frame in both documents: the frame of the boxes. */
  pages: { original: ComparedPageFrame[]; changed: ComparedPageFrame[] };
  differences: Difference[];
}
