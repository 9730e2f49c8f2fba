import type { StyledText, WordBox } from '../../engines/poppler-text';

/** A stretch of a block's text set in bold or italic: characters `start` to `end` (exclusive). */
export interface Emphasis {
  start: number;
  end: number;
  bold: boolean;
  italic: boolean;
}

/**
 * Where the styled words fall in a block's text. The text is the words joined
 * (with spaces, or without where a hyphenated word was mended) and may lack a
 * list marker, so each word is looked up right after the previous one; a word
 * not found there (the marker) is skipped. Neighbouring words of one style make
 * one stretch.
 */
export function emphasisOf(text: string, words: readonly WordBox[]): Emphasis[] {
  const stretches: Emphasis[] = [];
  let cursor = 0;
  for (const word of words) {
    const found = locate(text, word.text, cursor);
    if (!found) continue;
    cursor = found.end;
    const bold = word.bold === true;
    const italic = word.italic === true;
    if (!bold && !italic) continue;
    const last = stretches[stretches.length - 1];
    if (last && last.bold === bold && last.italic === italic && text.slice(last.end, found.start).trim() === '') last.end = found.end;
    else stretches.push({ start: found.start, end: found.end, bold, italic });
  }
  return stretches;
}

function locate(text: string, word: string, from: number): { start: number; end: number } | undefined {
  // A mended word lost the hyphen its first half ended with.
  for (const candidate of [word, word.replace(/-$/, '')]) {
    if (!candidate) continue;
    const start = text.indexOf(candidate, from);
    if (start >= 0 && start - from <= 1) return { start, end: start + candidate.length };
  }
  return undefined;
}

/** The stretches of a text joined after another `offset` characters long. */
export function shiftEmphasis(stretches: readonly Emphasis[] | undefined, offset: number): Emphasis[] {
  return (stretches ?? []).map((s) => ({ ...s, start: s.start + offset, end: s.end + offset }));
}

/** The text cut into plain and styled pieces, in order. */
export function styledPieces(text: string, stretches: readonly Emphasis[] = []): StyledText[] {
  const pieces: StyledText[] = [];
  let at = 0;
  for (const s of [...stretches].sort((a, b) => a.start - b.start)) {
    if (s.start < at || s.end > text.length) continue;
    if (s.start > at) pieces.push({ text: text.slice(at, s.start), bold: false, italic: false });
    pieces.push({ text: text.slice(s.start, s.end), bold: s.bold, italic: s.italic });
    at = s.end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), bold: false, italic: false });
  return pieces;
}
