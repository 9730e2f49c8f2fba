import type { PageLayout, WordBox } from '../engines/poppler-text';

/**
 * Synthetic Poppler output for the layout specs: lines of text placed like a
 * typesetter would, words advancing by a fixed width per character.
 */

export interface PlacedLine {
  text: string;
  x: number;
  /** Top of the line's box, from the page top. */
  y: number;
  size?: number;
}

const CHAR_WIDTH = 0.5;

export function wordsOf({ text, x, y, size = 11 }: PlacedLine): WordBox[] {
  const words: WordBox[] = [];
  let at = x;
  for (const word of text.split(' ').filter(Boolean)) {
    const width = word.length * size * CHAR_WIDTH;
    words.push({ text: word, xMin: at, yMin: y, xMax: at + width, yMax: y + size * 0.93 });
    at += width + size * 0.28;
  }
  return words;
}

/** A page whose every line is its own Poppler block (the layout must not rely on Poppler's grouping). */
export function pageOf(lines: PlacedLine[], page = 1, size: [number, number] = [612, 792]): PageLayout {
  return {
    page,
    width: size[0],
    height: size[1],
    blocks: lines.map((line) => {
      const words = wordsOf(line);
      const box = { xMin: words[0].xMin, yMin: words[0].yMin, xMax: words[words.length - 1].xMax, yMax: words[0].yMax };
      return { ...box, lines: [{ ...box, words }] };
    }),
  };
}

/** Lines of a paragraph set at `leading` from `y` down. */
export function stack(texts: string[], x: number, y: number, leading = 14, size = 11): PlacedLine[] {
  return texts.map((text, index) => ({ text, x, y: y + index * leading, size }));
}
