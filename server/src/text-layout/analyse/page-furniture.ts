import { bodyFontSize } from './lines';
import type { Line } from '../types';

/**
 * Running headers and footers: lines in the top or bottom margin band whose
 * text (digits ignored, so "Page 3" matches "Page 4") recurs on at least half
 * of the pages, or on two pages or more when set no larger than the body text
 * (a book's running head changes with the chapter); and bare page numbers in
 * those bands or at the same height above or below the text of several pages.
 * Only documents of two pages or more have them.
 */

const MARGIN_BAND = 0.09;

export interface PageLines {
  height: number;
  lines: Line[];
}

/** Each page's lines without its running headers, footers and page numbers. */
export function withoutPageFurniture(pages: readonly PageLines[]): Line[][] {
  if (pages.length < 2) return pages.map((p) => p.lines);
  const inBand = (line: Line, height: number) => line.yMax < height * MARGIN_BAND || line.yMin > height * (1 - MARGIN_BAND);
  const pattern = (line: Line, height: number) => `${line.yMin < height / 2 ? 'top' : 'bottom'}:${line.text.replace(/\d+/g, '#').toLowerCase()}`;
  const counts = new Map<string, number>();
  for (const page of pages) {
    const seen = new Set(page.lines.filter((l) => inBand(l, page.height)).map((l) => pattern(l, page.height)));
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const bodySize = bodyFontSize(pages.flatMap((p) => p.lines));
  const recurring = (line: Line, height: number) => {
    const count = counts.get(pattern(line, height)) ?? 0;
    return count >= Math.max(2, Math.ceil(pages.length / 2)) || (count >= 2 && line.fontSize <= bodySize + 0.5);
  };
  const numberBelowOrAbove = pageNumbersOutsideTheText(pages);
  return pages.map((page) =>
    page.lines.filter((line) => !((inBand(line, page.height) && (recurring(line, page.height) || isPageNumber(line))) || numberBelowOrAbove.has(line))),
  );
}

const isPageNumber = (line: Line) => /^(page\s*)?[-–]?\s*\d{1,4}\s*[-–]?(\s*(of|\/)\s*\d{1,4})?$/i.test(line.text.trim());

/**
 * Page numbers set above or below the text but outside the margin band
 * (LaTeX's article puts them 2 cm above the foot of an A4 page): a bare number
 * that is its page's last (or first) line, at the same height on two pages or
 * more. A number at the foot of one page only may be the text's own.
 */
function pageNumbersOutsideTheText(pages: readonly PageLines[]): Set<Line> {
  const candidates: Line[] = [];
  for (const { lines } of pages) {
    if (lines.length < 2) continue;
    const byTop = [...lines].sort((a, b) => a.yMin - b.yMin);
    for (const line of [byTop[0], byTop[byTop.length - 1]]) if (isPageNumber(line)) candidates.push(line);
  }
  const sameHeight = (a: Line, b: Line) => Math.abs(a.yMin - b.yMin) < 2 && Math.abs(a.yMax - b.yMax) < 2;
  return new Set(candidates.filter((line) => candidates.some((other) => other !== line && sameHeight(line, other))));
}
