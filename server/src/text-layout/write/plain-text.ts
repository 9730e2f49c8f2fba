import { itemNumbers } from '../analyse/lists';
import { isText, type LayoutPage, type TextBlock } from '../types';

/** The layout as plain text: one paragraph per line, blocks separated by blank lines, pages too. */
export function toPlainText(pages: readonly LayoutPage[]): string {
  const text = pages.flatMap((page) => page.blocks.filter(isText).map(blockToText)).join('\n\n');
  return text.length > 0 ? `${text}\n` : '';
}

function blockToText(block: TextBlock): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return block.text;
    case 'list': {
      const numbers = itemNumbers(block);
      return block.items.map((item, index) => `${'  '.repeat(block.levels?.[index] ?? 0)}${block.ordered ? `${numbers[index]}.` : '•'} ${item}`).join('\n');
    }
    case 'code':
      return block.lines.join('\n');
    case 'table':
      return block.rows.map((row) => row.join('\t')).join('\n');
  }
}
