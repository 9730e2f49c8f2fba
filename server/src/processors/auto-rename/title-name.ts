import type { TextRun } from '../../engines/poppler-text';

/**
 * The file name Auto Rename gives a document, from the text runs of its first
 * page with text (pdftohtml's, each with its font size), as the reference
 * picks it (§6.12): the page's lines (up to MAX_LINES), each as large as its
 * largest run; consecutive lines of the same size merged (a title set on two
 * lines is one title); the first of the largest wins. Its name keeps only
 * characters that are safe in a file name.
 */

/** Lines read, as the reference reads: a page of tiny print does not make a name of its thousandth line. */
export const MAX_LINES = 200;
/** Longest name, `.pdf` included, in UTF-8 bytes: what file systems take. */
export const MAX_NAME_BYTES = 255;
/** A first line used as the fallback is cut at a word to about this many characters. */
export const FALLBACK_CHARS = 100;

/** One line of a page: its text and the size of its largest run. */
export interface TextLine {
  text: string;
  size: number;
}

/**
 * The runs as lines, in the order the page gives them: a run whose middle lies
 * within the current line's height continues it (a large initial beside small
 * capitals stays one line), any other starts a new one.
 */
export function linesOf(runs: readonly TextRun[]): TextLine[] {
  const lines: (TextLine & { top: number; bottom: number })[] = [];
  for (const run of runs) {
    const text = run.text.replace(/\s+/g, ' ').trim();
    if (text === '') continue;
    const middle = (run.yMin + run.yMax) / 2;
    const line = lines[lines.length - 1];
    if (line && middle >= line.top && middle <= line.bottom) {
      line.text = `${line.text} ${text}`;
      line.size = Math.max(line.size, run.fontSize);
      line.top = Math.min(line.top, run.yMin);
      line.bottom = Math.max(line.bottom, run.yMax);
    } else {
      if (lines.length === MAX_LINES) break;
      lines.push({ text, size: run.fontSize, top: run.yMin, bottom: run.yMax });
    }
  }
  return lines.map(({ text, size }) => ({ text, size }));
}

/** Sizes within this many points count as one (pdftohtml rounds font sizes; the reference compares them exactly). */
const SAME_SIZE = 0.5;

/** The title: consecutive lines of one size merged, the first of the largest. Undefined without lines. */
export function titleOf(lines: readonly TextLine[]): string | undefined {
  const groups: TextLine[] = [];
  for (const line of lines) {
    const last = groups[groups.length - 1];
    if (last && Math.abs(last.size - line.size) < SAME_SIZE) last.text = `${last.text} ${line.text}`;
    else groups.push({ ...line });
  }
  let best: TextLine | undefined;
  for (const group of groups) if (!best || group.size > best.size + SAME_SIZE / 2) best = group;
  return best?.text;
}

/**
 * `text` as a file name without its extension: the reference's forbidden
 * characters (`/ \ ? % * : | " < >`) and control characters removed, white
 * space collapsed, leading dots and trailing dots or spaces dropped (no hidden
 * files, nothing Windows trims). Empty when nothing is left.
 */
export function safeName(text: string): string {
  return text
    .replace(/[/\\?%*:|"<>\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[.\s]+$/, '')
    .trim();
}

const fits = (base: string) => base !== '' && Buffer.byteLength(`${base}.pdf`) <= MAX_NAME_BYTES;

/** `text` cut at the last word boundary within `chars` characters (mid-word when the first word is longer). */
function cutAtWord(text: string, chars: number): string {
  const characters = [...text];
  if (characters.length <= chars) return text;
  const head = characters.slice(0, chars).join('');
  const space = head.lastIndexOf(' ');
  return (space > 0 ? head.slice(0, space) : head).trim();
}

/**
 * The download name for a document whose first page with text has `lines`:
 * its title, `.pdf` added; when there is none, or it is too long for a name,
 * its first line with letters left once made safe (cut short) if
 * `useFirstText`; otherwise undefined (the upload keeps its name).
 */
export function nameFromLines(lines: readonly TextLine[], useFirstText: boolean): string | undefined {
  const title = titleOf(lines);
  const fromTitle = title === undefined ? '' : safeName(title);
  if (fits(fromTitle)) return `${fromTitle}.pdf`;
  if (!useFirstText) return undefined;
  const first = lines.map((line) => cutAtWord(safeName(line.text), FALLBACK_CHARS)).find(fits);
  return first === undefined ? undefined : `${first}.pdf`;
}
