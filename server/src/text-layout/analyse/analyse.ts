import type { PlacedImage } from '../../engines/pdftohtml';
import type { Box, PageLayout, PageRuns } from '../../engines/poppler-text';
import { readingOrder } from './columns';
import { vocabularyOf } from './dehyphenate';
import { withDrawnBullets } from './drawn-bullets';
import { shiftEmphasis } from './emphasis';
import { applyRunStyles, bodyFontSize, linesOf } from './lines';
import { appendItems, itemNumbers } from './lists';
import { withoutPageFurniture } from './page-furniture';
import { paragraphMarksOf, type FlowContext } from './paragraphs';
import { blocksAroundPictures, pictureLines, textPiecesOf } from './pictures';
import type { PlacedTable } from './tables';
import type { HeadingLevel, LayoutBlock, LayoutPage, Line, ListBlock, ParagraphBlock } from '../types';

/** Text this much larger than the body is a heading. */
const HEADING_RATIO = 1.15;

export interface AnalyseOptions {
  /** Drop running headers, footers and page numbers (default true). */
  dropPageFurniture?: boolean;
  /** pdftohtml's runs for the same pages: exact font sizes and bold. */
  runs?: readonly PageRuns[];
  /** Tables found on the pages (by page number), placed where they lie; their words are not read as text. */
  tables?: ReadonlyMap<number, readonly PlacedTable[]>;
  /** Pictures on the pages (by page number), placed in the text where they lie. */
  images?: ReadonlyMap<number, readonly PlacedImage[]>;
  /** List bullets drawn as shapes (by page number): the lines they stand before are list items. */
  bullets?: ReadonlyMap<number, readonly Box[]>;
}

/**
 * The whole analysis: Poppler's lines per page → reading order → headings,
 * paragraphs and lists. Heading levels come from the distinct sizes above the
 * body size across the document, largest first (H1, H2, then H3 for the rest).
 */
export function analyseDocument(pages: readonly PageLayout[], options: AnalyseOptions = {}): LayoutPage[] {
  const runsByPage = new Map((options.runs ?? []).map((p) => [p.page, p.runs]));
  const raw = pages.map((page) => {
    const runs = runsByPage.get(page.page);
    const lines = runs ? applyRunStyles(linesOf(page), runs) : linesOf(page);
    return { height: page.height, lines: withDrawnBullets(lines, options.bullets?.get(page.page) ?? []) };
  });
  const kept = options.dropPageFurniture === false ? raw.map((p) => p.lines) : withoutPageFurniture(raw);
  const flowsOfPages = pages.map((page, index) => {
    const tables = options.tables?.get(page.page) ?? [];
    const pictures = pictureLines(options.images?.get(page.page) ?? [], page, kept[index].length > 0, tables);
    return readingOrder(withTables([...kept[index], ...pictures], tables));
  });
  const context = documentContext(kept.flat());
  // How the document marks its paragraphs is learnt from all its pages, then applied on each.
  context.marks = paragraphMarksOf(flowsOfPages.flat().flatMap(textPiecesOf), context);
  const analysed = pages.map((page, index) => ({
    page: page.page,
    width: page.width,
    height: page.height,
    blocks: mergeContinuations(flowsOfPages[index].flatMap((flow) => blocksAroundPictures(flow, context))),
  }));
  return joinAcrossPages(analysed);
}

/**
 * Each table becomes a stand-in line with its box, like a picture, so reading
 * order puts it in its column (a table in one frame of a two-column report
 * sits between that column's paragraphs, the other column reads past it).
 * Words inside a table's box belong to the table only.
 */
function withTables(lines: readonly Line[], tables: readonly PlacedTable[]): Line[] {
  if (tables.length === 0) return [...lines];
  const inside = (line: Line, table: PlacedTable) => {
    const x = (line.xMin + line.xMax) / 2;
    const y = (line.yMin + line.yMax) / 2;
    return x >= table.left - 2 && x <= table.right + 2 && y >= table.top - 2 && y <= table.bottom + 2;
  };
  const free = lines.filter((line) => line.image || !tables.some((table) => inside(line, table)));
  const standIns = tables.map((table): Line => ({
    xMin: table.left,
    yMin: table.top,
    xMax: table.right,
    yMax: table.bottom,
    words: [],
    text: '',
    fontSize: 0,
    bold: false,
    monospace: false,
    table: { rows: table.rows },
  }));
  return [...free, ...standIns];
}

export function documentContext(lines: readonly Line[]): FlowContext {
  const bodySize = bodyFontSize(lines);
  const headingSizes = distinctSizes(lines.map((l) => l.fontSize).filter((size) => size >= bodySize * HEADING_RATIO));
  return {
    bodySize,
    boldHeadingLevel: Math.min(3, headingSizes.length + 1) as HeadingLevel,
    vocabulary: vocabularyOf(lines.map((l) => l.text)),
    headingLevel(fontSize) {
      if (!(bodySize > 0) || fontSize < bodySize * HEADING_RATIO) return undefined;
      const rank = headingSizes.findIndex((size) => Math.abs(size - fontSize) <= 0.75);
      return Math.min(3, Math.max(1, rank + 1)) as HeadingLevel;
    },
  };
}

/** Sizes largest first, those within 0.75 pt of a larger one folded into it. */
function distinctSizes(sizes: number[]): number[] {
  const result: number[] = [];
  for (const size of [...new Set(sizes)].sort((a, b) => b - a)) {
    if (!result.some((kept) => Math.abs(kept - size) <= 0.75)) result.push(size);
  }
  return result;
}

/**
 * A paragraph cut by a column break continues in the next column: it did not
 * end a sentence and the next paragraph starts in lower case at the same size,
 * or the next column opens without the first-line indent the document's
 * paragraphs start with.
 */
function mergeContinuations(blocks: LayoutBlock[]): LayoutBlock[] {
  const merged: LayoutBlock[] = [];
  for (const block of blocks) {
    const last = merged[merged.length - 1];
    if (last?.kind === 'paragraph' && block.kind === 'paragraph' && continues(last, block)) append(last, block);
    else merged.push(block);
  }
  return merged;
}

/**
 * The same across a page break, when the last paragraph of the page before
 * fills its last line (a short page like "typed page 1" is not cut off); and
 * a list that goes on over the break is one list.
 */
function joinAcrossPages(pages: LayoutPage[]): LayoutPage[] {
  for (let index = 1; index < pages.length; index++) {
    const before = pages[index - 1].blocks;
    const last = before[before.length - 1];
    const first = pages[index].blocks[0];
    if (last?.kind === 'paragraph' && (last.lastLineFull || last.endsFlush) && first?.kind === 'paragraph' && continues(last, first)) {
      append(last, first);
      pages[index].blocks.shift();
    } else if (last?.kind === 'list' && first?.kind === 'list' && listContinues(last, first)) {
      appendItems(last, first);
      pages[index].blocks.shift();
    }
  }
  return pages;
}

/** A list goes on over the page break: same kind, and an ordered one counts on where the other stopped. */
function listContinues(list: ListBlock, next: ListBlock): boolean {
  if (list.ordered !== next.ordered) return false;
  if (!list.ordered) return true;
  const numbers = itemNumbers(list);
  const lastOuter = numbers.filter((_, index) => (list.levels?.[index] ?? 0) === 0).pop();
  return (next.levels?.[0] ?? 0) === 0 && lastOuter !== undefined && next.start === lastOuter + 1;
}

function continues(last: ParagraphBlock, next: ParagraphBlock): boolean {
  if (Math.abs(last.fontSize - next.fontSize) > 1) return false;
  return last.endsFlush === true || next.opensUnindented === true || (!/[.!?:;]["'”’)\]]?$/u.test(last.text) && /^\p{Ll}/u.test(next.text));
}

/** `next`'s text (and its bold and italic stretches) added to the end of `paragraph`. */
function append(paragraph: ParagraphBlock, next: ParagraphBlock): void {
  const mended = paragraph.text.endsWith('-');
  const head = mended ? paragraph.text.slice(0, -1) : `${paragraph.text} `;
  const kept = (paragraph.emphasis ?? []).map((s) => ({ ...s, end: Math.min(s.end, head.length) }));
  const emphasis = [...kept, ...shiftEmphasis(next.emphasis, head.length)];
  paragraph.text = head + next.text;
  paragraph.lastLineFull = next.lastLineFull;
  paragraph.endsFlush = next.endsFlush;
  if (emphasis.length > 0) paragraph.emphasis = emphasis;
}
