import type { GrayImage } from '../../engines/poppler';
import type { Box } from '../../engines/poppler-text';
import type { Line } from '../types';

/**
 * List bullets drawn as shapes rather than set as a glyph (Chromium draws its
 * discs and squares so): text extraction never sees them, and the items would
 * read as plain lines. They are found on the rendered page instead: a small,
 * compact blob of ink a little left of where a line's text starts, inside the
 * line's height, with no text of its own.
 */

/** Darker than this (0 black … 255 white) counts as ink, anti-aliased edges included. */
const INK = 200;
/** How far left of a line's first word a bullet may sit, in line heights. */
const REACH = 2.5;
/** A bullet's width and height, in line heights. */
const MIN_SIDE = 0.15;
const MAX_SIDE = 0.7;
/** Share of its box a bullet fills: a disc about 0.8, a ring less. */
const MIN_FILL = 0.25;

/** The bullets drawn before `lines` (boxes in points from the top-left) on a page rendered at `dpi`. */
export function findDrawnBullets(image: GrayImage, dpi: number, lines: readonly Box[], words: readonly Box[]): Box[] {
  const scale = dpi / 72;
  const bullets: Box[] = [];
  for (const line of lines) {
    const size = line.yMax - line.yMin;
    if (!(size > 0)) continue;
    const region = { xMin: Math.max(0, line.xMin - REACH * size), xMax: line.xMin - 0.1 * size, yMin: line.yMin, yMax: line.yMax };
    if (region.xMax - region.xMin < size * MIN_SIDE || words.some((word) => overlaps(word, region))) continue;
    const blob = inkBlob(image, {
      left: Math.floor(region.xMin * scale),
      right: Math.min(image.width - 1, Math.ceil(region.xMax * scale)),
      top: Math.floor(region.yMin * scale),
      bottom: Math.min(image.height - 1, Math.ceil(region.yMax * scale)),
    });
    if (!blob) continue;
    const bullet = { xMin: blob.left / scale, xMax: (blob.right + 1) / scale, yMin: blob.top / scale, yMax: (blob.bottom + 1) / scale };
    const [width, height] = [bullet.xMax - bullet.xMin, bullet.yMax - bullet.yMin];
    const fits = (side: number) => side >= size * MIN_SIDE && side <= size * MAX_SIDE;
    if (fits(width) && fits(height) && width / height <= 2 && height / width <= 2) bullets.push(bullet);
  }
  return bullets;
}

interface PixelBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The ink nearest the line inside the region (its rightmost run of inked
 * columns), when it is one compact shape wholly inside the region: touching
 * the region's edge means it is part of something larger (a rule, a frame).
 */
function inkBlob(image: GrayImage, region: PixelBox): PixelBox | undefined {
  if (region.right <= region.left || region.bottom <= region.top) return undefined;
  const inked = (col: number, row: number) => image.pixels[row * image.width + col] < INK;
  const columnHasInk = (col: number) => {
    for (let row = region.top; row <= region.bottom; row++) if (inked(col, row)) return true;
    return false;
  };
  let right = region.right;
  while (right >= region.left && !columnHasInk(right)) right--;
  if (right < region.left || right === region.right) return undefined;
  let left = right;
  while (left - 1 >= region.left && columnHasInk(left - 1)) left--;
  if (left === region.left) return undefined;
  let top = region.bottom;
  let bottom = region.top;
  let ink = 0;
  for (let row = region.top; row <= region.bottom; row++) {
    for (let col = left; col <= right; col++) {
      if (!inked(col, row)) continue;
      ink++;
      top = Math.min(top, row);
      bottom = Math.max(bottom, row);
    }
  }
  if (top === region.top || bottom === region.bottom) return undefined;
  const area = (right - left + 1) * (bottom - top + 1);
  return ink / area >= MIN_FILL ? { left, right, top, bottom } : undefined;
}

function overlaps(a: Box, b: Box): boolean {
  return a.xMin < b.xMax && a.xMax > b.xMin && a.yMin < b.yMax && a.yMax > b.yMin;
}

/** Lines with a drawn bullet before them start with a bullet glyph, as if it had been typeset. */
export function withDrawnBullets(lines: readonly Line[], bullets: readonly Box[]): Line[] {
  if (bullets.length === 0) return [...lines];
  return lines.map((line) => {
    const height = line.yMax - line.yMin;
    const bullet = bullets.find((b) => {
      const middle = (b.yMin + b.yMax) / 2;
      return middle > line.yMin && middle < line.yMax && b.xMax <= line.xMin && line.xMin - b.xMax <= height * REACH;
    });
    if (!bullet) return line;
    return { ...line, xMin: bullet.xMin, words: [{ ...bullet, text: '•' }, ...line.words], text: `• ${line.text}` };
  });
}
