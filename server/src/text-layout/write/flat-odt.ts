import { readFile } from 'node:fs/promises';
import { styledPieces, type Emphasis } from '../analyse/emphasis';
import { itemNumbers } from '../analyse/lists';
import type { ImageBlock, LayoutBlock, LayoutPage, ListBlock, TableBlock } from '../types';

/**
 * The layout as flat OpenDocument text (one XML file, `office:document`): the
 * dialect LibreOffice writes when the reference saves Writer's PDF import with
 * `--convert-to xml`, so clients reading that XML read this. Unlike the
 * import, which writes a positioned frame per line, the text flows: real
 * headings (Heading 1–3, with outline levels), one `text:p` per paragraph with
 * its bold and italic words, lists, tables with a header row, and pictures
 * (embedded as base64) where they stood. The pages' text flows in one
 * document on the first page's paper size, as it would after editing.
 */

export interface FlatOdtOptions {
  title?: string;
}

/** Letter, for a document without pages. */
const DEFAULT_PAGE = { width: 612, height: 792 };
/** Margins in points: 0.75 inch, close to most PDFs' text area (as the Word writer). */
const MARGIN = 54;
/** Nesting levels a list style defines (the layout nests items up to level 3). */
const LIST_LEVELS = 4;

const NAMESPACES = {
  office: 'urn:oasis:names:tc:opendocument:xmlns:office:1.0',
  style: 'urn:oasis:names:tc:opendocument:xmlns:style:1.0',
  text: 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
  table: 'urn:oasis:names:tc:opendocument:xmlns:table:1.0',
  draw: 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0',
  fo: 'urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0',
  xlink: 'http://www.w3.org/1999/xlink',
  dc: 'http://purl.org/dc/elements/1.1/',
  meta: 'urn:oasis:names:tc:opendocument:xmlns:meta:1.0',
  svg: 'urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0',
};

/** The automatic text styles for emphasised stretches, by their weight and slant. */
const EMPHASIS_STYLES = { bold: 'Bold', italic: 'Italic', both: 'Bold_20_Italic' } as const;

/** The flat ODT of the layout, reading the pictures it shows from their files. */
export async function buildFlatOdt(pages: readonly LayoutPage[], options: FlatOdtOptions = {}): Promise<string> {
  const paths = new Set(pages.flatMap((page) => page.blocks.flatMap((block) => (block.kind === 'image' ? [block.path] : []))));
  const pictures = new Map(await Promise.all([...paths].map(async (path) => [path, await readFile(path)] as const)));
  return toFlatOdt(pages, pictures, options);
}

/** The flat ODT of the layout, with each picture's bytes by its path. */
export function toFlatOdt(pages: readonly LayoutPage[], pictures: ReadonlyMap<string, Buffer>, options: FlatOdtOptions = {}): string {
  const paper = pages[0] ?? DEFAULT_PAGE;
  const textWidth = Math.max(72, paper.width - 2 * MARGIN);
  const room = { width: textWidth, height: Math.max(72, paper.height - 2 * MARGIN) };
  const blocks = pages.flatMap((page) => page.blocks);
  const tableWidths = [...new Set(blocks.flatMap((block) => (block.kind === 'table' ? [columnCount(block)] : [])))];
  let pictureCount = 0;
  let tableCount = 0;
  const body = blocks
    .map((block) => {
      if (block.kind === 'image') return pictureXml(block, pictures.get(block.path), room, ++pictureCount);
      if (block.kind === 'table') return tableXml(block, ++tableCount);
      return blockXml(block);
    })
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<office:document ${Object.entries(NAMESPACES)
      .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
      .join(' ')} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">`,
    metaXml(options),
    FONT_FACES,
    COMMON_STYLES,
    automaticStylesXml(paper, textWidth, tableWidths),
    '<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="Page"/></office:master-styles>',
    // A document needs a paragraph even when nothing was read.
    `<office:body><office:text>\n${body || '<text:p text:style-name="Standard"/>'}\n</office:text></office:body>`,
    '</office:document>',
    '',
  ].join('\n');
}

function metaXml({ title }: FlatOdtOptions): string {
  const titleXml = title ? `<dc:title>${escapeXml(title)}</dc:title>` : '';
  return `<office:meta><meta:generator>Folio</meta:generator>${titleXml}</office:meta>`;
}

const FONT_FACES = [
  '<office:font-face-decls>',
  '<style:font-face style:name="Liberation Sans" svg:font-family="&apos;Liberation Sans&apos;" style:font-family-generic="swiss" style:font-pitch="variable"/>',
  '<style:font-face style:name="Liberation Mono" svg:font-family="&apos;Liberation Mono&apos;" style:font-family-generic="modern" style:font-pitch="fixed"/>',
  '</office:font-face-decls>',
].join('\n');

/** Heading sizes in points, as the Word writer's Heading 1–3. */
const HEADING_SIZES = { 1: 18, 2: 15, 3: 13 } as const;

/** Named styles, so the text is edited in the styles any ODF editor knows (Text body, Heading 1, List, Table Contents). */
const COMMON_STYLES = [
  '<office:styles>',
  '<style:default-style style:family="paragraph"><style:paragraph-properties style:writing-mode="page"/><style:text-properties style:font-name="Liberation Sans" fo:font-size="11pt" fo:language="en" fo:country="US"/></style:default-style>',
  '<style:style style:name="Standard" style:family="paragraph" style:class="text"/>',
  '<style:style style:name="Text_20_body" style:display-name="Text body" style:family="paragraph" style:parent-style-name="Standard" style:class="text"><style:paragraph-properties fo:margin-top="0pt" fo:margin-bottom="8pt" fo:line-height="115%"/></style:style>',
  '<style:style style:name="Heading" style:family="paragraph" style:parent-style-name="Standard" style:next-style-name="Text_20_body" style:class="text"><style:paragraph-properties fo:margin-top="12pt" fo:margin-bottom="6pt" fo:keep-with-next="always"/><style:text-properties fo:font-weight="bold"/></style:style>',
  ...([1, 2, 3] as const).map(
    (level) =>
      `<style:style style:name="Heading_20_${level}" style:display-name="Heading ${level}" style:family="paragraph" style:parent-style-name="Heading" style:next-style-name="Text_20_body" style:default-outline-level="${level}" style:class="text"><style:text-properties fo:font-size="${HEADING_SIZES[level]}pt" fo:font-weight="bold"/></style:style>`,
  ),
  '<style:style style:name="List_20_Paragraph" style:display-name="List Paragraph" style:family="paragraph" style:parent-style-name="Standard" style:class="list"><style:paragraph-properties fo:margin-top="0pt" fo:margin-bottom="3pt"/></style:style>',
  '<style:style style:name="Preformatted_20_Text" style:display-name="Preformatted Text" style:family="paragraph" style:parent-style-name="Standard" style:class="html"><style:paragraph-properties fo:margin-top="0pt" fo:margin-bottom="0pt"/><style:text-properties style:font-name="Liberation Mono" fo:font-size="10pt"/></style:style>',
  '<style:style style:name="Table_20_Contents" style:display-name="Table Contents" style:family="paragraph" style:parent-style-name="Standard" style:class="extra"/>',
  '<style:style style:name="Table_20_Heading" style:display-name="Table Heading" style:family="paragraph" style:parent-style-name="Table_20_Contents" style:class="extra"><style:text-properties fo:font-weight="bold"/></style:style>',
  '<style:style style:name="Picture" style:family="paragraph" style:parent-style-name="Standard" style:class="extra"><style:paragraph-properties fo:margin-bottom="8pt"/></style:style>',
  listStyleXml(
    'Bullets',
    (level) => `<text:list-level-style-bullet text:level="${level}" text:bullet-char="•">${listIndent(level)}</text:list-level-style-bullet>`,
  ),
  listStyleXml(
    'Numbering',
    (level) =>
      `<text:list-level-style-number text:level="${level}" style:num-suffix="." style:num-format="1">${listIndent(level)}</text:list-level-style-number>`,
  ),
  '</office:styles>',
].join('\n');

function listStyleXml(name: string, level: (level: number) => string): string {
  return `<text:list-style style:name="${name}">${Array.from({ length: LIST_LEVELS }, (_, index) => level(index + 1)).join('')}</text:list-style>`;
}

/** Each level's label hanging 18 pt left of its text, a level 18 pt further in than the one above (as the Word writer's 360 twips). */
function listIndent(level: number): string {
  const indent = 36 + 18 * (level - 1);
  return `<style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="${indent}pt" fo:text-indent="-18pt" fo:margin-left="${indent}pt"/></style:list-level-properties>`;
}

/** The page, the emphasis styles, and a table and column style for each number of columns the tables have. */
function automaticStylesXml(paper: { width: number; height: number }, textWidth: number, tableWidths: readonly number[]): string {
  const orientation = paper.width > paper.height ? 'landscape' : 'portrait';
  return [
    '<office:automatic-styles>',
    `<style:style style:name="${EMPHASIS_STYLES.bold}" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>`,
    `<style:style style:name="${EMPHASIS_STYLES.italic}" style:family="text"><style:text-properties fo:font-style="italic"/></style:style>`,
    `<style:style style:name="${EMPHASIS_STYLES.both}" style:family="text"><style:text-properties fo:font-weight="bold" fo:font-style="italic"/></style:style>`,
    '<style:style style:name="Table_20_Cell" style:family="table-cell"><style:table-cell-properties fo:padding="2pt" fo:border="0.5pt solid #000000"/></style:style>',
    `<style:style style:name="Table" style:family="table"><style:table-properties style:width="${points(textWidth)}" table:align="margins" fo:margin-bottom="8pt"/></style:style>`,
    ...tableWidths.map(
      (columns) =>
        `<style:style style:name="${columnStyle(columns)}" style:family="table-column"><style:table-column-properties style:column-width="${points(textWidth / columns)}"/></style:style>`,
    ),
    '<style:style style:name="Picture_20_Frame" style:family="graphic"><style:graphic-properties style:vertical-pos="top" style:vertical-rel="baseline" draw:stroke="none" draw:fill="none"/></style:style>',
    `<style:page-layout style:name="Page"><style:page-layout-properties fo:page-width="${points(paper.width)}" fo:page-height="${points(paper.height)}" style:print-orientation="${orientation}" fo:margin-top="${MARGIN}pt" fo:margin-bottom="${MARGIN}pt" fo:margin-left="${MARGIN}pt" fo:margin-right="${MARGIN}pt"/></style:page-layout>`,
    '</office:automatic-styles>',
  ].join('\n');
}

const columnStyle = (columns: number) => `Column_${columns}`;

function blockXml(block: Exclude<LayoutBlock, ImageBlock | TableBlock>): string {
  switch (block.kind) {
    case 'heading':
      return `<text:h text:style-name="Heading_20_${block.level}" text:outline-level="${block.level}">${styledXml(block.text)}</text:h>`;
    case 'paragraph':
      return `<text:p text:style-name="Text_20_body">${styledXml(block.text, block.emphasis)}</text:p>`;
    case 'list':
      return listXml(block);
    case 'code':
      return block.lines.map((line) => `<text:p text:style-name="Preformatted_20_Text">${spacedXml(line, true).xml}</text:p>`).join('\n');
  }
}

/**
 * A list as nested `text:list`s: an item one level deeper than the one before
 * goes in a list inside that item, as ODF nests them; a jump of several levels
 * is taken as one. An ordered list that the PDF numbers from n starts at n.
 */
function listXml(list: ListBlock): string {
  const style = list.ordered ? 'Numbering' : 'Bullets';
  const numbers = itemNumbers(list);
  let out = `<text:list text:style-name="${style}">`;
  let depth = 0;
  list.items.forEach((item, index) => {
    const level = Math.min(list.levels?.[index] ?? 0, depth + (index === 0 ? 0 : 1));
    if (index > 0) {
      if (level > depth) out += '<text:list>';
      else {
        out += '</text:list-item>';
        for (; depth > level; depth--) out += '</text:list></text:list-item>';
      }
    }
    depth = level;
    const start = list.ordered && index === 0 && numbers[0] !== 1 ? ` text:start-value="${numbers[0]}"` : '';
    out += `<text:list-item${start}><text:p text:style-name="List_20_Paragraph">${styledXml(item, list.itemEmphasis?.[index])}</text:p>`;
  });
  if (list.items.length > 0) out += '</text:list-item>';
  for (; depth > 0; depth--) out += '</text:list></text:list-item>';
  return `${out}</text:list>`;
}

function columnCount(table: TableBlock): number {
  return Math.max(1, ...table.rows.map((row) => row.length));
}

/** A table of equal columns across the text width, its first row repeated as the header row on every page it spans. */
function tableXml(table: TableBlock, number: number): string {
  const columns = columnCount(table);
  const row = (cells: readonly string[], paragraphStyle: string) =>
    `<table:table-row>${Array.from(
      { length: columns },
      (_, column) =>
        `<table:table-cell table:style-name="Table_20_Cell" office:value-type="string"><text:p text:style-name="${paragraphStyle}">${spacedXml(cells[column] ?? '', true).xml}</text:p></table:table-cell>`,
    ).join('')}</table:table-row>`;
  const [header = [], ...body] = table.rows;
  return [
    `<table:table table:name="Table${number}" table:style-name="Table">`,
    `<table:table-column table:style-name="${columnStyle(columns)}" table:number-columns-repeated="${columns}"/>`,
    `<table:table-header-rows>${row(header, 'Table_20_Heading')}</table:table-header-rows>`,
    ...body.map((cells) => row(cells, 'Table_20_Contents')),
    '</table:table>',
  ].join('\n');
}

const MIME_TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;

/** A picture in a paragraph of its own, at the size it was drawn, shrunk to fit the text area; left out if its file could not be read. */
function pictureXml(block: ImageBlock, data: Buffer | undefined, room: { width: number; height: number }, number: number): string {
  if (!data) return '';
  const scale = Math.min(1, room.width / block.width, room.height / block.height);
  return [
    '<text:p text:style-name="Picture">',
    `<draw:frame draw:style-name="Picture_20_Frame" draw:name="Picture${number}" text:anchor-type="as-char" svg:width="${points(block.width * scale)}" svg:height="${points(block.height * scale)}" draw:z-index="0">`,
    `<draw:image draw:mime-type="${MIME_TYPES[block.format]}"><office:binary-data>${data.toString('base64')}</office:binary-data></draw:image>`,
    '</draw:frame></text:p>',
  ].join('');
}

/** Text with its bold and italic stretches in spans of the emphasis styles. */
function styledXml(text: string, emphasis?: readonly Emphasis[]): string {
  // ODF drops white space at the start of a paragraph: any there is written out.
  let afterSpace = true;
  return styledPieces(text, emphasis)
    .map((piece) => {
      const spaced = spacedXml(piece.text, afterSpace);
      afterSpace = spaced.endsInSpace;
      const style = piece.bold && piece.italic ? EMPHASIS_STYLES.both : piece.bold ? EMPHASIS_STYLES.bold : piece.italic ? EMPHASIS_STYLES.italic : undefined;
      return style && spaced.xml ? `<text:span text:style-name="${style}">${spaced.xml}</text:span>` : spaced.xml;
    })
    .join('');
}

/**
 * Text as ODF character content. ODF collapses white space (a run of spaces
 * reads as one, a leading space as none), so every space the text means that
 * would be collapsed is written as `<text:s/>`; tabs and line breaks as their
 * elements. Characters XML 1.0 cannot carry are dropped. `afterSpace`: the
 * text follows a space (or starts its paragraph), so a space it starts with
 * would be collapsed.
 */
export function spacedXml(text: string, afterSpace: boolean): { xml: string; endsInSpace: boolean } {
  let xml = '';
  let spaces = 0;
  let previousSpace = afterSpace;
  const flushSpaces = () => {
    if (spaces === 0) return;
    const literal = previousSpace ? 0 : 1;
    xml += literal ? ' ' : '';
    const rest = spaces - literal;
    if (rest > 0) xml += rest === 1 ? '<text:s/>' : `<text:s text:c="${rest}"/>`;
    previousSpace = true;
    spaces = 0;
  };
  for (const char of xmlCharacters(text)) {
    if (char === ' ') {
      spaces++;
      continue;
    }
    flushSpaces();
    if (char === '\t') xml += '<text:tab/>';
    else if (char === '\n') xml += '<text:line-break/>';
    else xml += escapeXml(char);
    previousSpace = false;
  }
  flushSpaces();
  return { xml, endsInSpace: previousSpace };
}

/** The text's characters without those XML 1.0 forbids (controls other than tab and newline, lone surrogates, U+FFFE/U+FFFF). */
function xmlCharacters(text: string): string[] {
  return [...text.replace(/\r\n?/g, '\n')].filter((char) => {
    const code = char.codePointAt(0)!;
    if (code < 0x20) return char === '\t' || char === '\n';
    if (code >= 0xd800 && code <= 0xdfff) return false;
    return code !== 0xfffe && code !== 0xffff;
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function points(value: number): string {
  return `${Math.round(value * 100) / 100}pt`;
}
