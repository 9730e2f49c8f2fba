import type { PlacedImage } from '../../engines/pdftohtml';
import type { PageLayout } from '../../engines/poppler-text';
import { blocksOfFlow, type FlowContext } from './paragraphs';
import type { PlacedTable } from './tables';
import type { LayoutBlock, Line } from '../types';

/**
 * Pictures in the text. Each picture worth keeping becomes a stand-in line
 * with its box and no words, so the reading order places it in its column
 * like text; the flow is then cut at it.
 */

/** Pictures drawn smaller than this (points, either side) are rules, dots and spacers. */
const MIN_IMAGE_SIDE = 8;
/** A picture covering this much of a page that has text is its background (a scan under OCR text, a letterhead). */
const BACKGROUND_SHARE = 0.8;

/** Stand-in lines for the pictures worth keeping: not specks, not backgrounds, not inside a table. */
export function pictureLines(images: readonly PlacedImage[], page: PageLayout, pageHasText: boolean, tables: readonly PlacedTable[]): Line[] {
  const pageArea = page.width * page.height;
  return images
    .filter((image) => image.xMax - image.xMin >= MIN_IMAGE_SIDE && image.yMax - image.yMin >= MIN_IMAGE_SIDE)
    .filter((image) => !(pageHasText && (image.xMax - image.xMin) * (image.yMax - image.yMin) >= pageArea * BACKGROUND_SHARE))
    .filter((image) => !tables.some((t) => image.xMin >= t.left - 2 && image.xMax <= t.right + 2 && image.yMin >= t.top - 2 && image.yMax <= t.bottom + 2))
    .map((image) => ({
      xMin: image.xMin,
      yMin: image.yMin,
      xMax: image.xMax,
      yMax: image.yMax,
      words: [],
      text: '',
      fontSize: 0,
      bold: false,
      monospace: false,
      image,
    }));
}

/** A flow's runs of text lines between its pictures and tables. */
export function textPiecesOf(flow: readonly Line[]): Line[][] {
  const pieces: Line[][] = [[]];
  for (const line of flow) {
    if (line.image || line.table) pieces.push([]);
    else pieces[pieces.length - 1].push(line);
  }
  return pieces.filter((piece) => piece.length > 0);
}

/** A flow's text cut at its pictures and tables: the blocks above, the picture or table, the blocks below. */
export function blocksAroundPictures(flow: readonly Line[], context: FlowContext): LayoutBlock[] {
  const blocks: LayoutBlock[] = [];
  let text: Line[] = [];
  for (const line of flow) {
    if (!line.image && !line.table) {
      text.push(line);
      continue;
    }
    if (text.length > 0) blocks.push(...blocksOfFlow(text, context));
    text = [];
    if (line.table) {
      blocks.push({ kind: 'table', rows: line.table.rows });
    } else if (line.image) {
      const { path, format, xMin, yMin, xMax, yMax } = line.image;
      blocks.push({ kind: 'image', path, format, width: xMax - xMin, height: yMax - yMin });
    }
  }
  if (text.length > 0) blocks.push(...blocksOfFlow(text, context));
  return blocks;
}
