import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';

/**
 * The visible signature's look: a box 200 × 50 pt (reference §5.7) with lines
 * of Times-Bold, shrunk to fit the box's width and down to a least size, then
 * cut short. Times-Bold is one of the fonts every viewer has, so nothing is
 * embedded; characters it cannot show (outside Windows-1252) become '?'.
 */

export const APPEARANCE_WIDTH = 200;
export const APPEARANCE_HEIGHT = 50;

const FONT_SIZE = 10;
const LEAST_FONT_SIZE = 6;
const PADDING = 4;
const LEADING = 1.2;

// pdf-lib names the font by its own enum; the embedder takes the font program's name, the same string.
const font = StandardFontEmbedder.for(StandardFonts.TimesRomanBold as unknown as Parameters<typeof StandardFontEmbedder.for>[0]);

/** `text` with every character Times-Bold's encoding lacks replaced by '?'. */
export function showableText(text: string): string {
  return [...text.replace(/[\r\n\t]+/g, ' ')].map((char) => (font.encoding.canEncodeUnicodeCodePoint(char.codePointAt(0)!) ? char : '?')).join('');
}

/** The content stream drawing `lines` from the top-left of the box. */
export function appearanceContent(lines: readonly string[]): Buffer {
  const shown = lines.map(showableText).filter((line) => line.trim() !== '');
  const room = APPEARANCE_WIDTH - 2 * PADDING;
  const widest = Math.max(1, ...shown.map((line) => font.widthOfTextAtSize(line, FONT_SIZE)));
  const byWidth = (FONT_SIZE * room) / widest;
  const byHeight = (APPEARANCE_HEIGHT - 2 * PADDING) / (Math.max(1, shown.length) * LEADING);
  const size = Math.max(LEAST_FONT_SIZE, Math.min(FONT_SIZE, byWidth, byHeight));
  const fitting = shown.slice(0, Math.max(1, Math.floor((APPEARANCE_HEIGHT - 2 * PADDING) / (size * LEADING))));

  const operators = ['BT', `/F1 ${fmt(size)} Tf`, '0 g', `${fmt(size * LEADING)} TL`, `${PADDING} ${fmt(APPEARANCE_HEIGHT - PADDING - size)} Td`];
  fitting.forEach((line, i) => {
    const hex = font.encodeText(cut(line, size, room)).toString();
    operators.push(i === 0 ? `${hex} Tj` : `T* ${hex} Tj`);
  });
  operators.push('ET');
  return Buffer.from(operators.join('\n'), 'latin1');
}

/** The appearance's resources: the one font it uses. */
export const APPEARANCE_RESOURCES = {
  '/Font': { '/F1': { '/Type': '/Font', '/Subtype': '/Type1', '/BaseFont': '/Times-Bold', '/Encoding': '/WinAnsiEncoding' } },
};

/** `line`, shortened with '...' until it fits `width` at `size`. */
function cut(line: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(line, size) <= width) return line;
  let kept = line;
  while (kept.length > 0 && font.widthOfTextAtSize(`${kept}...`, size) > width) kept = kept.slice(0, -1);
  return `${kept}...`;
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);
