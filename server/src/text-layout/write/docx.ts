import { readFile } from 'node:fs/promises';
import {
  AlignmentType,
  Document,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageOrientation,
  Paragraph,
  SectionType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ISectionOptions,
} from 'docx';
import { styledPieces, type Emphasis } from '../analyse/emphasis';
import type { ImageBlock, LayoutBlock, LayoutPage, TextBlock } from '../types';

/**
 * A Word document (DOCX) from the layout: real headings (Heading 1–3 styles),
 * one paragraph per paragraph (never one frame per line) with its bold and
 * italic words, bulleted and numbered lists, tables, pictures where they
 * stood. With `preserveLayout` each PDF page becomes a section of its own
 * size starting on a new page, and text keeps its size; without, the text
 * flows as one document in the styles' sizes.
 */

export interface DocxOptions {
  preserveLayout: boolean;
  title?: string;
}

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;
const orderedList = (start: number) => `ordered-list-from-${start}`;
/** Nesting levels a list may have (the layout nests items up to level 3). */
const LIST_LEVELS = 4;
/** Letter, for a document without pages. */
const DEFAULT_PAGE = { width: 612, height: 792 };
/** Margins in points: 0.75 inch, close to most PDFs' text area. */
const MARGIN = 54;

/** Pixels per point in Word's image sizes (96 to the inch). */
const PIXELS_PER_POINT = 96 / 72;

export async function buildDocx(pages: readonly LayoutPage[], options: DocxOptions): Promise<Buffer> {
  let listInstance = 0;
  const pictures = await pictureData(pages);
  const childrenOf = (blocks: readonly LayoutBlock[], page: { width: number; height: number }) =>
    blocks.flatMap((block) =>
      block.kind === 'image' ? pictureToDocx(block, pictures.get(block.path)!, page) : blockToDocx(block, options.preserveLayout, () => ++listInstance),
    );
  const sectionOf = (size: { width: number; height: number }, children: (Paragraph | Table)[]): ISectionOptions => ({
    properties: {
      type: SectionType.NEXT_PAGE,
      page: {
        // docx takes portrait dimensions and swaps them for a landscape section.
        size:
          size.width > size.height
            ? { width: twips(size.height), height: twips(size.width), orientation: PageOrientation.LANDSCAPE }
            : { width: twips(size.width), height: twips(size.height) },
        margin: { top: twips(MARGIN), bottom: twips(MARGIN), left: twips(MARGIN), right: twips(MARGIN) },
      },
    },
    // A section needs a paragraph even when its page had no text.
    children: children.length > 0 ? children : [new Paragraph({})],
  });
  const sections = options.preserveLayout
    ? pages.map((page) => sectionOf(page, childrenOf(page.blocks, page)))
    : [
        sectionOf(
          pages[0] ?? DEFAULT_PAGE,
          childrenOf(
            pages.flatMap((page) => page.blocks),
            pages[0] ?? DEFAULT_PAGE,
          ),
        ),
      ];
  const document = new Document({
    title: options.title,
    creator: 'Folio',
    styles: { default: { document: { run: { font: 'Liberation Sans', size: 22 } } } },
    numbering: {
      // One numbering per first number: a list the PDF numbers from 4 (it went on from another page) starts at 4 here too.
      config: orderedListStarts(pages).map((start) => ({
        reference: orderedList(start),
        levels: Array.from({ length: LIST_LEVELS }, (_, level) => ({
          level,
          start: level === 0 ? start : 1,
          format: LevelFormat.DECIMAL,
          text: `%${level + 1}.`,
          alignment: AlignmentType.START,
          style: { paragraph: { indent: { left: 720 + 360 * level, hanging: 360 } } },
        })),
      })),
    },
    sections: sections.length > 0 ? sections : [sectionOf(DEFAULT_PAGE, [])],
  });
  return Packer.toBuffer(document);
}

function orderedListStarts(pages: readonly LayoutPage[]): number[] {
  const starts = pages.flatMap((page) => page.blocks.flatMap((block) => (block.kind === 'list' && block.ordered ? [block.start] : [])));
  return [...new Set([1, ...starts])];
}

/** The bytes of every picture the layout shows, by path. */
async function pictureData(pages: readonly LayoutPage[]): Promise<Map<string, Buffer>> {
  const paths = new Set(pages.flatMap((page) => page.blocks.flatMap((block) => (block.kind === 'image' ? [block.path] : []))));
  return new Map(await Promise.all([...paths].map(async (path) => [path, await readFile(path)] as const)));
}

/** A picture in a paragraph of its own, at the size it was drawn, shrunk to fit inside the margins. */
function pictureToDocx(block: ImageBlock, data: Buffer, page: { width: number; height: number }): Paragraph[] {
  const room = { width: Math.max(36, page.width - 2 * MARGIN), height: Math.max(36, page.height - 2 * MARGIN) };
  const scale = Math.min(1, room.width / block.width, room.height / block.height);
  const size = (points: number) => Math.max(1, Math.round(points * scale * PIXELS_PER_POINT));
  return [
    new Paragraph({
      spacing: { after: 160 },
      children: [new ImageRun({ type: block.format, data, transformation: { width: size(block.width), height: size(block.height) } })],
    }),
  ];
}

function blockToDocx(block: TextBlock, keepSizes: boolean, nextListInstance: () => number): (Paragraph | Table)[] {
  const runs = (text: string, fontSize: number, emphasis?: readonly Emphasis[]) =>
    styledPieces(text, emphasis).map(
      (piece) =>
        new TextRun({
          text: piece.text,
          bold: piece.bold || undefined,
          italics: piece.italic || undefined,
          ...(keepSizes ? { size: halfPoints(fontSize) } : {}),
        }),
    );
  switch (block.kind) {
    case 'heading':
      return [
        new Paragraph({
          heading: HEADINGS[block.level],
          children: [keepSizes ? new TextRun({ text: block.text, size: halfPoints(block.fontSize) }) : new TextRun(block.text)],
        }),
      ];
    case 'paragraph':
      return [new Paragraph({ spacing: { after: 160 }, children: runs(block.text, block.fontSize, block.emphasis) })];
    case 'list': {
      const instance = block.ordered ? nextListInstance() : 0;
      return block.items.map(
        (item, index) =>
          new Paragraph({
            ...(block.ordered
              ? { numbering: { reference: orderedList(block.start), level: block.levels?.[index] ?? 0, instance } }
              : { bullet: { level: block.levels?.[index] ?? 0 } }),
            children: runs(item, block.fontSize, block.itemEmphasis?.[index]),
          }),
      );
    }
    case 'code':
      return block.lines.map(
        (line, index) =>
          new Paragraph({
            spacing: { after: index === block.lines.length - 1 ? 160 : 0 },
            children: [new TextRun({ text: line, font: 'Liberation Mono', ...(keepSizes ? { size: halfPoints(block.fontSize) } : { size: 20 }) })],
          }),
      );
    case 'table': {
      const width = Math.max(1, ...block.rows.map((row) => row.length));
      return [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: block.rows.map(
            (row, index) =>
              new TableRow({
                tableHeader: index === 0,
                children: Array.from(
                  { length: width },
                  (_, column) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: row[column] ?? '', bold: index === 0 })] })] }),
                ),
              }),
          ),
        }),
        new Paragraph({}),
      ];
    }
  }
}

function twips(points: number): number {
  return Math.round(points * 20);
}

function halfPoints(points: number): number {
  return Math.max(8, Math.min(144, Math.round(points * 2)));
}
