import type { PlacedImage } from '../engines/pdftohtml';
import type { Box, WordBox } from '../engines/poppler-text';
import type { Emphasis } from './analyse/emphasis';

/**
 * The layout model: what a page says, in reading order, as a word processor
 * would hold it. Produced from word boxes by `analyseDocument`, written out as
 * Markdown, plain text, RTF or DOCX.
 */

export type { Box, WordBox };

/** Words on one baseline inside one column, left to right. */
export interface Line extends Box {
  words: WordBox[];
  /** Words joined with single spaces. */
  text: string;
  /** Font size in points: pdftohtml's when known, else estimated from the words' box heights. */
  fontSize: number;
  /** Set in a bold face (known only from pdftohtml's runs). */
  bold: boolean;
  /** Set in a fixed-width face (program code, terminal output). */
  monospace: boolean;
  /**
   * Set on the stand-in for a picture: a "line" with the picture's box and no
   * words, so reading order places pictures in their columns like text.
   */
  image?: PlacedImage;
  /** Set on the stand-in for a table, the same way: its box, no words, and its cells. */
  table?: { rows: string[][] };
}

export type HeadingLevel = 1 | 2 | 3;

export interface HeadingBlock {
  kind: 'heading';
  level: HeadingLevel;
  text: string;
  fontSize: number;
}

export interface ParagraphBlock {
  kind: 'paragraph';
  text: string;
  fontSize: number;
  /** Its last line runs to the column's right edge: the paragraph may go on over a page break. */
  lastLineFull?: boolean;
  /**
   * It ends its column (or page) on a line set flush to the right edge of
   * justified text: a paragraph's own last line is left ragged, so it goes on
   * in the next column, whatever the case of the next word.
   */
  endsFlush?: boolean;
  /**
   * It opens its column (or page) on a line without the first-line indent the
   * document's paragraphs start with: it is the rest of the paragraph before.
   */
  opensUnindented?: boolean;
  /** Stretches set in bold or italic. */
  emphasis?: Emphasis[];
}

export interface ListBlock {
  kind: 'list';
  ordered: boolean;
  /** First number of an ordered list. */
  start: number;
  /** Item texts without their bullets or numbers. */
  items: string[];
  /** Each item's stretches set in bold or italic (absent when no item has any). */
  itemEmphasis?: Emphasis[][];
  /** Each item's nesting, 0 for the outermost (absent when nothing is nested). */
  levels?: number[];
  fontSize: number;
}

/** Lines of fixed-width text kept as they are (indentation included). */
export interface CodeBlock {
  kind: 'code';
  lines: string[];
  fontSize: number;
}

export interface TableBlock {
  kind: 'table';
  /** Rows of cell texts; the first row is taken as the header. */
  rows: string[][];
}

/** A picture where it stood in the text, at the size it was drawn (points). */
export interface ImageBlock {
  kind: 'image';
  path: string;
  format: PlacedImage['format'];
  width: number;
  height: number;
}

/** What the text formats (Markdown, plain text, RTF) write; they leave pictures out. */
export type TextBlock = HeadingBlock | ParagraphBlock | ListBlock | CodeBlock | TableBlock;

export type LayoutBlock = TextBlock | ImageBlock;

export const isText = (block: LayoutBlock): block is TextBlock => block.kind !== 'image';

export interface LayoutPage {
  /** 1-based page number in the source document. */
  page: number;
  /** Page size in points. */
  width: number;
  height: number;
  blocks: LayoutBlock[];
}
