import { createReadStream } from 'node:fs';
import { runPoppler } from './poppler';
import { pageWatchdog, type EngineOptions } from './process';

/**
 * Poppler's text extraction with geometry: every word with its box, grouped as
 * pdftotext groups them (flows → blocks → lines → words). Coordinates are PDF
 * points with the origin at the top-left of the page, as Poppler reports them.
 */

export interface Box {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface WordBox extends Box {
  text: string;
  /** The face the word is set in, when known (the layout takes it from pdftohtml's runs). */
  bold?: boolean;
  italic?: boolean;
}

export interface PageWords {
  /** 1-based page number in the document. */
  page: number;
  width: number;
  height: number;
  words: WordBox[];
}

/** A line as pdftotext assembled it: words on one baseline, left to right. */
export interface TextLine extends Box {
  words: WordBox[];
}

/** A block as pdftotext assembled it: lines that belong together (often a paragraph). */
export interface TextBlock extends Box {
  lines: TextLine[];
}

export interface PageLayout {
  page: number;
  width: number;
  height: number;
  blocks: TextBlock[];
}

export interface PageRange {
  /** 1-based, inclusive. */
  first: number;
  last: number;
}

/** Every word with its box, per page, pages `first`..`last` (1-based, inclusive). */
export async function readWordBoxes(pdf: string, range: PageRange, engine: EngineOptions): Promise<PageWords[]> {
  const pages = await readTextLayout(pdf, range, engine);
  return pages.map(({ page, width, height, blocks }) => ({
    page,
    width,
    height,
    words: blocks.flatMap((block) => block.lines.flatMap((line) => line.words)),
  }));
}

/** Blocks, lines and words per page, pages `first`..`last` (1-based, inclusive), in pdftotext's order. */
export async function readTextLayout(pdf: string, range: PageRange, engine: EngineOptions): Promise<PageLayout[]> {
  const { stdout } = await runPoppler('pdftotext', ['-bbox-layout', '-enc', 'UTF-8', '-f', String(range.first), '-l', String(range.last), pdf, '-'], {
    ...engine,
    maxBuffer: 256 * 1024 * 1024,
    watchdogMs: pageWatchdog(pagesIn(range)),
  });
  return parseBboxLayout(stdout, range.first);
}

/**
 * Writes the plain text of every page (`pages` of them) to `output` (UTF-8),
 * in the order the page draws it (pdftotext -raw, as PDFBox's text stripper
 * reads by default), each page ended by a form feed. Read it back a page at a
 * time with `eachPageText`: the text of a long document need not fit in memory.
 */
export async function writePlainText(pdf: string, output: string, pages: number, engine: EngineOptions): Promise<void> {
  await runPoppler('pdftotext', ['-raw', '-enc', 'UTF-8', pdf, output], { ...engine, watchdogMs: pageWatchdog(pages) });
}

/**
 * Reads a file `writePlainText` wrote and hands each page's text to `visit`,
 * in page order (1-based), holding one page at a time.
 */
export async function eachPageText(file: string, visit: (page: number, text: string) => void): Promise<void> {
  let page = 1;
  // The current page's text so far, in pieces: one long page is joined once, not once per chunk.
  let pending: string[] = [];
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1024 * 1024 })) {
    const pieces = (chunk as string).split('\f');
    for (const piece of pieces.slice(0, -1)) {
      visit(page++, pending.join('') + piece);
      pending = [];
    }
    pending.push(pieces[pieces.length - 1]);
  }
  // pdftotext ends every page with a form feed: anything after the last one is no page.
}

/**
 * Reads the XHTML that `pdftotext -bbox-layout` writes. The format is regular
 * (one element per line, attributes always in the same form), so a small
 * tag scanner is enough; it does not rely on line breaks.
 */
export function parseBboxLayout(xhtml: string, firstPage: number): PageLayout[] {
  const pages: PageLayout[] = [];
  let page: PageLayout | undefined;
  let block: TextBlock | undefined;
  let line: TextLine | undefined;
  const tag = /<(\/?)(page|block|line|word)\b([^>]*)>/g;
  for (let match = tag.exec(xhtml); match; match = tag.exec(xhtml)) {
    const [, closing, name, attributes] = match;
    if (closing) {
      if (name === 'page') page = undefined;
      else if (name === 'block') block = undefined;
      else if (name === 'line') line = undefined;
      continue;
    }
    const attrs = readAttributes(attributes);
    if (name === 'page') {
      page = { page: firstPage + pages.length, width: attrs.width ?? 0, height: attrs.height ?? 0, blocks: [] };
      pages.push(page);
    } else if (name === 'block' && page) {
      block = { ...boxOf(attrs), lines: [] };
      page.blocks.push(block);
    } else if (name === 'line' && block) {
      line = { ...boxOf(attrs), words: [] };
      block.lines.push(line);
    } else if (name === 'word' && line) {
      const end = xhtml.indexOf('</word>', tag.lastIndex);
      if (end < 0) break;
      const text = decodeEntities(xhtml.slice(tag.lastIndex, end));
      tag.lastIndex = end + '</word>'.length;
      if (text.trim() !== '') line.words.push({ text, ...boxOf(attrs) });
    }
  }
  // Drop structures emptied by blank words.
  for (const p of pages) {
    for (const b of p.blocks) b.lines = b.lines.filter((l) => l.words.length > 0);
    p.blocks = p.blocks.filter((b) => b.lines.length > 0);
  }
  return pages;
}

function readAttributes(text: string): Record<string, number> {
  return Object.fromEntries(Object.entries(xmlAttributes(text)).map(([name, value]) => [name, Number(value)]));
}

function boxOf(attrs: Record<string, number>): Box {
  return { xMin: attrs.xMin ?? 0, yMin: attrs.yMin ?? 0, xMax: attrs.xMax ?? 0, yMax: attrs.yMax ?? 0 };
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the XML entities Poppler writes (named and numeric). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[entity] ?? whole;
  });
}

/** A piece of a run's text and its face. */
export interface StyledText {
  text: string;
  bold: boolean;
  italic: boolean;
}

/**
 * A run of text as pdftohtml reports it: one line (or part of one) in one font
 * size, its font size in points. pdftohtml marks bold and italic words inside
 * a run with <b> and <i>: `pieces` keeps them.
 */
export interface TextRun extends Box {
  text: string;
  fontSize: number;
  /** The font's name without its subset prefix. e.g. 'CMTT10', 'Helvetica-Bold' */
  fontFamily: string;
  /** All of the run is bold (or italic). */
  bold: boolean;
  italic: boolean;
  /** The text in pieces of one face, in order; their texts make `text`. */
  pieces: StyledText[];
}

export interface PageRuns {
  page: number;
  runs: TextRun[];
}

/**
 * Text runs with their font size and weight, per page (pdftohtml -xml at zoom
 * 1, so positions are in points like `readTextLayout`'s). Poppler's word boxes
 * say where text is; these say how it is set.
 */
export async function readTextRuns(pdf: string, range: PageRange, engine: EngineOptions): Promise<PageRuns[]> {
  const { stdout } = await runPoppler(
    'pdftohtml',
    ['-xml', '-i', '-q', '-zoom', '1', '-enc', 'UTF-8', '-stdout', '-f', String(range.first), '-l', String(range.last), pdf],
    { ...engine, maxBuffer: 256 * 1024 * 1024, watchdogMs: pageWatchdog(pagesIn(range)) },
  );
  return parsePdfToHtmlXml(stdout);
}

/**
 * The plain text of every page (`pages` of them), in pdftotext's reading
 * order, one string per page: a cheap look at which pages have text at all.
 */
export async function readPageTexts(pdf: string, pages: number, engine: EngineOptions): Promise<string[]> {
  const { stdout } = await runPoppler('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { ...engine, maxBuffer: 256 * 1024 * 1024, watchdogMs: pageWatchdog(pages) });
  // pdftotext ends every page with a form feed.
  const texts = stdout.split('\f').slice(0, pages);
  while (texts.length < pages) texts.push('');
  return texts;
}

/** How many pages a range spans. */
export function pagesIn(range: PageRange): number {
  return range.last - range.first + 1;
}

/** Reads pdftohtml's XML: font specs (numbered across the document) and text elements per page. */
export function parsePdfToHtmlXml(xml: string): PageRuns[] {
  const pages: PageRuns[] = [];
  const fonts = new Map<string, { size: number; family: string }>();
  let page: PageRuns | undefined;
  const element = /<(page|fontspec|text)\b([^>]*?)(\/?)>/g;
  for (let match = element.exec(xml); match; match = element.exec(xml)) {
    const [, name, attributeText, selfClosing] = match;
    const attrs = xmlAttributes(attributeText);
    if (name === 'page') {
      page = { page: Number(attrs.number), runs: [] };
      pages.push(page);
    } else if (name === 'fontspec') {
      fonts.set(attrs.id, { size: Number(attrs.size), family: (attrs.family ?? '').replace(/^[A-Z]{6}\+/, '') });
    } else if (name === 'text' && page && !selfClosing) {
      const end = xml.indexOf('</text>', element.lastIndex);
      if (end < 0) break;
      const inner = xml.slice(element.lastIndex, end);
      element.lastIndex = end + '</text>'.length;
      const family = fonts.get(attrs.font)?.family ?? '';
      const pieces = styledPiecesOf(inner, BOLD_FAMILY.test(family), ITALIC_FAMILY.test(family));
      const text = pieces.map((piece) => piece.text).join('');
      if (text.trim() === '') continue;
      const [top, left, width, height] = [attrs.top, attrs.left, attrs.width, attrs.height].map(Number);
      const visible = pieces.filter((piece) => piece.text.trim() !== '');
      page.runs.push({
        text,
        xMin: left,
        yMin: top,
        xMax: left + width,
        yMax: top + height,
        fontSize: fonts.get(attrs.font)?.size ?? 0,
        fontFamily: family,
        bold: visible.every((piece) => piece.bold),
        italic: visible.every((piece) => piece.italic),
        pieces,
      });
    }
  }
  return pages;
}

/**
 * pdftohtml marks bold and italic only from the font's flags; many fonts say it
 * in their name instead (TeX's CMBX, CMTI; "Arial-BoldMT").
 */
const BOLD_FAMILY = /bold|black|heavy|semibold|demi|^cmbx|^cmb\d/i;
const ITALIC_FAMILY = /italic|oblique|^cmti|^cmsl/i;

/** The text inside a <text> element cut where <b> and <i> start and end (other tags, such as links, are dropped). */
function styledPiecesOf(inner: string, boldFace: boolean, italicFace: boolean): StyledText[] {
  const pieces: StyledText[] = [];
  let bold = 0;
  let italic = 0;
  for (const [, closing, tag, text] of inner.matchAll(/<(\/?)([a-z]+)\b[^>]*>|([^<]+)/g)) {
    if (text !== undefined) {
      pieces.push({ text: decodeEntities(text), bold: boldFace || bold > 0, italic: italicFace || italic > 0 });
    } else if (tag === 'b') {
      bold = Math.max(0, bold + (closing ? -1 : 1));
    } else if (tag === 'i') {
      italic = Math.max(0, italic + (closing ? -1 : 1));
    }
  }
  return pieces;
}

/** The attributes of a tag as Poppler writes them (`name="value"`, values not decoded). */
export function xmlAttributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const attribute = /(\w+)="([^"]*)"/g;
  for (let match = attribute.exec(text); match; match = attribute.exec(text)) attrs[match[1]] = match[2];
  return attrs;
}
