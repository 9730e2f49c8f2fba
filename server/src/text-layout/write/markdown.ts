import { styledPieces, type Emphasis } from '../analyse/emphasis';
import { itemNumbers } from '../analyse/lists';
import { isText, type LayoutPage, type TextBlock } from '../types';

/** The layout as Markdown (CommonMark with GFM pipe tables), pages separated by a blank line. */
export function toMarkdown(pages: readonly LayoutPage[]): string {
  const parts = pages.flatMap((page) => page.blocks.filter(isText).map(blockToMarkdown));
  return parts.length > 0 ? `${parts.join('\n\n')}\n` : '';
}

function blockToMarkdown(block: TextBlock): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${escapeInline(block.text)}`;
    case 'paragraph':
      return escapeParagraphStart(inlineMarkdown(block.text, block.emphasis));
    case 'list': {
      const numbers = itemNumbers(block);
      // A nested item is indented to the text of the item it belongs to.
      const indents = [''];
      return block.items
        .map((item, index) => {
          const level = Math.min(block.levels?.[index] ?? 0, indents.length - 1);
          const marker = block.ordered ? `${numbers[index]}.` : '-';
          indents.length = level + 1;
          indents.push(indents[level] + ' '.repeat(marker.length + 1));
          return `${indents[level]}${marker} ${inlineMarkdown(item, block.itemEmphasis?.[index])}`;
        })
        .join('\n');
    }
    case 'code': {
      const fence = block.lines.some((line) => line.includes('```')) ? '~~~' : '```';
      return [fence, ...block.lines, fence].join('\n');
    }
    case 'table':
      return tableToMarkdown(block.rows);
  }
}

function tableToMarkdown(rows: readonly string[][]): string {
  const width = Math.max(1, ...rows.map((r) => r.length));
  const cell = (text: string | undefined) => escapeInline(text ?? '').replace(/\|/g, '\\|');
  const row = (cells: readonly string[]) => `| ${Array.from({ length: width }, (_, i) => cell(cells[i])).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [row(header), `|${' --- |'.repeat(width)}`, ...body.map(row)].join('\n');
}

const EMPHASIS_MARKS = { bold: '**', italic: '*', both: '***' } as const;

/** Text with its bold and italic stretches marked; spaces stay outside the marks, as CommonMark needs. */
function inlineMarkdown(text: string, emphasis?: readonly Emphasis[]): string {
  return styledPieces(text, emphasis)
    .map((piece) => {
      const mark = piece.bold && piece.italic ? EMPHASIS_MARKS.both : piece.bold ? EMPHASIS_MARKS.bold : piece.italic ? EMPHASIS_MARKS.italic : '';
      const [, before, inner, after] = /^(\s*)([\s\S]*?)(\s*)$/.exec(piece.text)!;
      return mark && inner ? `${before}${mark}${escapeInline(inner)}${mark}${after}` : escapeInline(piece.text);
    })
    .join('');
}

/**
 * Characters that would turn extracted text into markup it never was, and
 * only where they would (CommonMark): "*" not between spaces, "_" not inside
 * a word, "[" (links), "<" before a tag or address. Text stays readable.
 */
export function escapeInline(text: string): string {
  return text
    .replace(/[\\`]/g, '\\$&')
    .replace(/\*/g, (star, at: number, whole: string) => (/\s/.test(whole.charAt(at - 1) || ' ') && /\s/.test(whole.charAt(at + 1) || ' ') ? star : '\\*'))
    .replace(/(^|[^\p{L}\p{N}])_|_(?=[^\p{L}\p{N}]|$)/gu, (m) => m.replace('_', '\\_'))
    .replace(/\[/g, '\\[')
    .replace(/<(?=[a-zA-Z/!?])/g, '\\<');
}

/** A paragraph that happens to start like a heading, list item or quote stays a paragraph. */
function escapeParagraphStart(text: string): string {
  return text.replace(/^(#{1,6}\s|[-+>]\s|=+$|\d+[.)]\s)/, (m) => (/^\d/.test(m) ? m.replace(/([.)])/, '\\$1') : `\\${m}`));
}
