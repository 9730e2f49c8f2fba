import { readTextLayout, type TextLine } from '../../engines/poppler-text';
import type { EngineOptions } from '../../engines/process';
import type { PageNode, Rectangle } from '../../pdf-objects/page-tree';

/** The side of the icon a comment anchored to a line gets, in points (the reference's). */
export const ANCHOR_ICON_SIZE = 20;

/** Letters and digits, lower-cased: how the reference compares a needle with a line. */
export function lettersAndDigits(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The text lines (Poppler's pdftotext, in its reading order) of the pages
 * anchored comments point at, 0-based page → lines, read in one run over the
 * pages from the first to the last of them.
 */
export async function readPageLines(pdf: string, pageIndexes: readonly number[], engine: EngineOptions): Promise<Map<number, TextLine[]>> {
  const lines = new Map<number, TextLine[]>();
  if (pageIndexes.length === 0) return lines;
  const first = Math.min(...pageIndexes) + 1;
  const last = Math.max(...pageIndexes) + 1;
  for (const layout of await readTextLayout(pdf, { first, last }, engine)) {
    lines.set(
      layout.page - 1,
      layout.blocks.flatMap((block) => block.lines),
    );
  }
  return lines;
}

/**
 * Where a comment anchored to `needle` goes on `page`: an icon at the left
 * edge of the first line whose letters and digits contain the needle's, its
 * top on the bottom of the line (Poppler's line box ends at the descenders,
 * a little under the baseline PDFBox uses); undefined when no line matches.
 */
export function anchorRect(needle: string, lines: readonly TextLine[], page: PageNode): number[] | undefined {
  const wanted = lettersAndDigits(needle);
  if (wanted === '') return undefined;
  const line = lines.find((candidate) => lettersAndDigits(candidate.words.map((word) => word.text).join('')).includes(wanted));
  if (!line) return undefined;
  // The line's box in user space: on a turned page the text usually runs along user space's x axis, so
  // its start is the box's left and its bottom the box's bottom there, not on the page as shown.
  const box = page.mediaBox;
  const corners = [userSpacePoint(line.xMin, line.yMin, box, page.rotate), userSpacePoint(line.xMax, line.yMax, box, page.rotate)];
  const x = Math.min(corners[0][0], corners[1][0]);
  const top = Math.min(corners[0][1], corners[1][1]);
  return [x, top - ANCHOR_ICON_SIZE, x + ANCHOR_ICON_SIZE, top];
}

/**
 * A point Poppler reports (points from the top-left of the page as shown,
 * rotation applied, measured on the media box: pdftotext ignores the crop
 * box) in PDF user space. The turns are as Poppler 22+ draws them, checked
 * on reportlab pages of each rotation; its 270° case measures across the
 * unturned width and height.
 */
export function userSpacePoint(dx: number, dy: number, mediaBox: Rectangle, rotate: number): [number, number] {
  const { x1, y1, x2, y2 } = mediaBox;
  switch (rotate) {
    case 90:
      return [x1 + dy, y1 + dx];
    case 180:
      return [x2 - dx, y1 + dy];
    case 270:
      return [x1 + (y2 - y1) - dy, y1 + (x2 - x1) - dx];
    default:
      return [x1 + dx, y2 - dy];
  }
}
