import type { Alphabet } from '@folio/registry';
import { renderTextBlocks, type TextBlock } from '../engines/pango';
import type { EngineOptions } from '../engines/process';
import { InvalidInputError } from '../refusals/input-errors';
import type { Workspace } from '../workspace/workspace';
import { ALPHABET_FONTS, type AlphabetFont } from './alphabets';
import type { Rgb } from './colours';
import type { Mark } from './marks';

export interface TextStyle {
  /** The alphabet whose font the text is set in (Add Stamp, Add Watermark); Roman when neither this nor `font` is given. */
  alphabet?: Alphabet;
  /** A font of its own instead (Add Page Numbers' Helvetica, Times and Courier twins). */
  font?: AlphabetFont;
  /** Points. */
  size: number;
  colour: Rgb;
  /** How the lines of a block line up. */
  align: TextBlock['align'];
}

/**
 * The lines of a stamp or watermark text: the two characters `\n` start a new
 * line, as real line breaks do (reference §5.3, §6.1).
 */
export function textLines(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\\n/g, '\n');
}

/**
 * The text as the renderer can take it: control characters other than line
 * breaks and tabs dropped (a NUL would end the text there), and a lone UTF-16
 * surrogate, never valid text, as U+FFFD.
 */
function drawable(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * Shapes each text (Pango: joined Arabic, placed Thai marks, CJK fonts, bidi
 * order) into one PDF, a page per text, and answers a mark per text. A text
 * with a character no installed font has is refused: it would print as boxes.
 */
export async function shapeTexts(texts: readonly string[], style: TextStyle, workspace: Workspace, engine: EngineOptions): Promise<Mark[]> {
  const font = style.font ?? ALPHABET_FONTS[style.alphabet ?? 'roman'];
  const blocks: TextBlock[] = texts.map((text) => ({
    text: drawable(text),
    family: font.family,
    language: font.language,
    size: style.size,
    colour: style.colour,
    align: style.align,
  }));
  const pdf = workspace.newPath('.pdf');
  const metrics = await renderTextBlocks(blocks, pdf, workspace.newPath('.json'), engine);
  const missing = [...new Set(metrics.flatMap((block) => block.missing))];
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).join(', ') + (missing.length > 5 ? ` and ${missing.length - 5} more` : '');
    throw new InvalidInputError(`The text has characters no installed font can draw (${shown}); remove them or use other characters.`);
  }
  return metrics.map((block, page) => ({
    width: block.width,
    height: block.height,
    baseline: block.baseline,
    source: { kind: 'text', pdf, page, left: block.left, bottom: block.bottom },
  }));
}
