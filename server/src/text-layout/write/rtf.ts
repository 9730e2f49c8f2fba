import { styledPieces, type Emphasis } from '../analyse/emphasis';
import { itemNumbers } from '../analyse/lists';
import { isText, type LayoutPage, type TextBlock } from '../types';

/**
 * The layout as RTF 1.x: headings bold and larger, paragraphs with their bold
 * and italic words, bulleted or numbered lists, tables as tab-separated
 * lines, a page break between pages, each page's size. Text outside ASCII is
 * written as \uN escapes, so any reader shows it whatever its code page.
 */
export function toRtf(pages: readonly LayoutPage[]): string {
  const first = pages[0];
  const size = first ? `\\paperw${twips(first.width)}\\paperh${twips(first.height)}` : '';
  const body = pages
    .map((page, index) => {
      const pageBreak = index > 0 ? '\\page\n' : '';
      return pageBreak + page.blocks.filter(isText).map(blockToRtf).join('\n');
    })
    .join('\n');
  return `{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Helvetica;}{\\f1\\fmodern Courier New;}}${size}\\margl1134\\margr1134\\margt1134\\margb1134\n${body}\n}\n`;
}

const HEADING_HALF_POINTS = { 1: 40, 2: 32, 3: 28 } as const;

function blockToRtf(block: TextBlock): string {
  switch (block.kind) {
    case 'heading':
      return `{\\pard\\sb240\\sa120\\keepn\\b\\fs${HEADING_HALF_POINTS[block.level]} ${escapeRtf(block.text)}\\par}`;
    case 'paragraph':
      return `{\\pard\\sa160\\fs${halfPoints(block.fontSize)} ${styledRtf(block.text, block.emphasis)}\\par}`;
    case 'list': {
      const numbers = itemNumbers(block);
      return block.items
        .map((item, index) => {
          const marker = block.ordered ? `${numbers[index]}.` : '\\u8226?';
          const indent = 720 + 360 * (block.levels?.[index] ?? 0);
          return `{\\pard\\fi-360\\li${indent}\\sa60\\fs${halfPoints(block.fontSize)} ${marker}\\tab ${styledRtf(item, block.itemEmphasis?.[index])}\\par}`;
        })
        .join('\n');
    }
    case 'code':
      return `{\\pard\\sa160\\f1\\fs${halfPoints(block.fontSize)} ${block.lines.map(escapeRtf).join('\\line ')}\\par}`;
    case 'table':
      return block.rows.map((row) => `{\\pard\\sa60 ${row.map(escapeRtf).join('\\tab ')}\\par}`).join('\n');
  }
}

/** Text with its bold and italic stretches in groups of their own. */
function styledRtf(text: string, emphasis?: readonly Emphasis[]): string {
  return styledPieces(text, emphasis)
    .map((piece) => {
      const style = `${piece.bold ? '\\b' : ''}${piece.italic ? '\\i' : ''}`;
      return style ? `{${style} ${escapeRtf(piece.text)}}` : escapeRtf(piece.text);
    })
    .join('');
}

function twips(points: number): number {
  return Math.round(points * 20);
}

function halfPoints(points: number): number {
  return Math.max(12, Math.min(144, Math.round(points * 2)));
}

/** RTF's specials escaped; non-ASCII as \uN? (signed 16-bit, surrogate pairs as two escapes). */
export function escapeRtf(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const char = text[i];
    if (char === '\\' || char === '{' || char === '}') out += `\\${char}`;
    else if (char === '\t') out += '\\tab ';
    else if (char === '\n') out += '\\line ';
    else if (code < 0x20) continue;
    else if (code < 0x80) out += char;
    else out += `\\u${code > 0x7fff ? code - 0x10000 : code}?`;
  }
  return out;
}
