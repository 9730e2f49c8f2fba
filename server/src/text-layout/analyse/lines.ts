import type { PageLayout, StyledText, TextRun, WordBox } from '../../engines/poppler-text';
import type { Line } from '../types';

/**
 * Poppler's word boxes span the font's ascent to descent: about 0.93 of the
 * size for the base-14 fonts, a little more for most embedded ones.
 */
const BOX_HEIGHT_PER_POINT = 0.95;

/** Smallest and largest of many numbers (Math.min(...values) overflows the stack on huge arrays). */
export function minOf(values: readonly number[]): number {
  let least = Infinity;
  for (const value of values) if (value < least) least = value;
  return least;
}

export function maxOf(values: readonly number[]): number {
  let most = -Infinity;
  for (const value of values) if (value > most) most = value;
  return most;
}

/** The lines of a page as Poppler assembled them, each with its text and estimated size. */
export function linesOf(page: PageLayout): Line[] {
  return joinSameBaseline(page.blocks.flatMap((block) => block.lines.map((line) => makeLine(withKernedPiecesJoined(line.words).map(withPlainHyphens)))));
}

/**
 * Poppler cuts a word where the PDF shows it in two strings with a kern
 * between them (groff's PostScript does this at pairs like "av" or "w o"),
 * giving "av erages". A piece that starts before the previous one ends
 * overlaps it: no space is that narrow, so it is the same word.
 */
function withKernedPiecesJoined(words: readonly WordBox[]): WordBox[] {
  const joined: WordBox[] = [];
  for (const word of words) {
    const previous = joined[joined.length - 1];
    if (previous && word.xMin < previous.xMax && word.xMin > previous.xMin && Math.abs(word.yMax - previous.yMax) < 1) {
      joined[joined.length - 1] = {
        ...previous,
        text: previous.text + word.text,
        xMax: Math.max(previous.xMax, word.xMax),
        yMin: Math.min(previous.yMin, word.yMin),
      };
    } else {
      joined.push(word);
    }
  }
  return joined;
}

/**
 * A word as it reads. Soft hyphens are invisible inside a word (Chromium keeps
 * every one in the text); at a line break the word ends in the hyphen that was
 * shown (a soft hyphen, or Unicode's hyphen after it), written as a plain "-"
 * so that the lines can be joined again.
 */
function withPlainHyphens(word: WordBox): WordBox {
  if (!/[\u00ad\u2010]/u.test(word.text)) return word;
  const text = word.text.replace(/\u00ad(?=.)/gu, '').replace(/[\u00ad\u2010]$/u, '-');
  return { ...word, text };
}

/**
 * Poppler sometimes cuts one printed line into several blocks (a section
 * number and its title, a contents entry and its page number). Pieces on the
 * same baseline, of about the same size and at most two ems apart, are one
 * line again; wider gaps are left for the column detection, and so are
 * narrower ones that are a column gutter (LaTeX's twocolumn leaves 10 pt).
 */
function joinSameBaseline(lines: Line[]): Line[] {
  const sorted = [...lines].sort((a, b) => a.yMax - b.yMax || a.xMin - b.xMin);
  const joined: Line[] = [];
  sorted.forEach((line, index) => {
    // Only the latest lines can share this baseline (sorted by baseline): look back while they are close.
    let match = -1;
    for (let i = joined.length - 1; i >= 0 && line.yMax - joined[i].yMax < line.fontSize * 0.3; i--) {
      const other = joined[i];
      const size = Math.max(other.fontSize, line.fontSize);
      const [left, right] = line.xMin > other.xMin ? [other, line] : [line, other];
      const gap = right.xMin - left.xMax;
      if (
        Math.abs(other.yMax - line.yMax) < size * 0.3 &&
        Math.abs(other.fontSize - line.fontSize) <= size * 0.3 &&
        gap > -1 &&
        gap < size * 2 &&
        !isColumnGutter(sorted, index, left.xMax, right.xMin, size)
      ) {
        match = i;
        break;
      }
    }
    if (match >= 0) joined[match] = makeLine([...joined[match].words, ...line.words]);
    else joined.push(line);
  });
  return joined;
}

/** Lines looked at above and below a gap, in ems of the text size. */
const GUTTER_REACH_EMS = 15;
/** A column's line is at least this many ems long (a table's cells or a number beside a title are shorter). */
const COLUMN_LINE_EMS = 8;
/** Lines on each side that make a column. */
const GUTTER_COLUMN_LINES = 3;

/**
 * Whether the band from `from` to `to` on the line at `index` (of lines sorted
 * by baseline, as Poppler gave them) is a gutter: long lines end at it on the
 * left and start at it on the right, and hardly a neighbouring line runs across
 * it (a title over both columns may). A section number's gap beside its title
 * has no column ending at it, and the paragraph under it runs across.
 */
function isColumnGutter(sorted: readonly Line[], index: number, from: number, to: number, size: number): boolean {
  const middle = (from + to) / 2;
  const reach = size * GUTTER_REACH_EMS;
  const baseline = sorted[index].yMax;
  let before = 0;
  let after = 0;
  let across = 0;
  for (let i = index - 1; i >= 0 && baseline - sorted[i].yMax < reach; i--) visit(sorted[i]);
  for (let i = index + 1; i < sorted.length && sorted[i].yMax - baseline < reach; i++) visit(sorted[i]);
  return before >= GUTTER_COLUMN_LINES && after >= GUTTER_COLUMN_LINES && across * 4 <= before + after;

  function visit(line: Line): void {
    const long = line.xMax - line.xMin >= size * COLUMN_LINE_EMS;
    if (line.xMin < middle && line.xMax > middle) across++;
    else if (long && line.xMax <= middle && line.xMax >= from - size) before++;
    else if (long && line.xMin >= middle && line.xMin <= to + size) after++;
  }
}

/** A line from words already on one baseline (sorted left to right here). */
export function makeLine(words: readonly WordBox[]): Line {
  const sorted = [...words].sort((a, b) => a.xMin - b.xMin);
  const heights = sorted.map((word) => word.yMax - word.yMin).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)] ?? 0;
  return {
    xMin: minOf(sorted.map((w) => w.xMin)),
    yMin: minOf(sorted.map((w) => w.yMin)),
    xMax: maxOf(sorted.map((w) => w.xMax)),
    yMax: maxOf(sorted.map((w) => w.yMax)),
    words: sorted,
    text: sorted.map((w) => w.text).join(' '),
    fontSize: Math.round((height / BOX_HEIGHT_PER_POINT) * 2) / 2,
    bold: false,
    monospace: false,
  };
}

/**
 * Takes each line's size and weight from the pdftohtml run it overlaps most
 * (runs and lines come from the same Poppler text, so they coincide; runs may
 * be cut differently at style changes).
 */
export function applyRunStyles(lines: readonly Line[], allRuns: readonly TextRun[]): Line[] {
  // Runs by the 8-point band their middle falls in, so each line looks at its neighbours only.
  const BAND = 8;
  const bands = new Map<number, TextRun[]>();
  for (const run of allRuns) {
    const band = Math.floor((run.yMin + run.yMax) / 2 / BAND);
    const list = bands.get(band);
    if (list) list.push(run);
    else bands.set(band, [run]);
  }
  return lines.map((line) => {
    const runs: TextRun[] = [];
    for (let band = Math.floor((line.yMin - 1) / BAND); band <= Math.floor((line.yMax + 1) / BAND); band++) {
      for (const run of bands.get(band) ?? []) runs.push(run);
    }
    let best: TextRun | undefined;
    let bestOverlap = 0;
    for (const run of runs) {
      const middle = (run.yMin + run.yMax) / 2;
      if (middle < line.yMin - 1 || middle > line.yMax + 1) continue;
      const overlap = Math.min(run.xMax, line.xMax) - Math.max(run.xMin, line.xMin);
      if (overlap > bestOverlap) [best, bestOverlap] = [run, overlap];
    }
    if (!best || best.fontSize <= 0) return line;
    const onLine = runs.filter((run) => (run.yMin + run.yMax) / 2 >= line.yMin - 1 && (run.yMin + run.yMax) / 2 <= line.yMax + 1);
    // A line has a style when the runs with it cover most of the line.
    const covered = (has: (run: TextRun) => boolean) =>
      onLine.filter(has).reduce((sum, run) => sum + Math.max(0, Math.min(run.xMax, line.xMax) - Math.max(run.xMin, line.xMin)), 0) >=
      (line.xMax - line.xMin) * 0.8;
    return {
      ...line,
      words: styleWords(line.words, onLine),
      fontSize: best.fontSize,
      bold: covered((run) => run.bold),
      monospace: covered((run) => MONOSPACE.test(run.fontFamily)),
    };
  });
}

/**
 * The words with the weight and slant they are set in: each word is found, in
 * order, in the text of the run its middle lies in, and takes the face of the
 * piece of the run it starts in.
 */
function styleWords(words: readonly WordBox[], runs: readonly TextRun[]): WordBox[] {
  const cursors = new Map<TextRun, number>();
  return words.map((word) => {
    const middle = (word.xMin + word.xMax) / 2;
    const run = runs.find((r) => r.xMin - 0.5 <= middle && middle <= r.xMax + 0.5);
    if (!run) return word;
    const at = run.text.indexOf(word.text, cursors.get(run) ?? 0);
    if (at < 0) return { ...word, bold: run.bold, italic: run.italic };
    cursors.set(run, at + word.text.length);
    const { bold, italic } = pieceAt(run.pieces, at) ?? run;
    return { ...word, bold, italic };
  });
}

function pieceAt(pieces: readonly StyledText[], offset: number): StyledText | undefined {
  let end = 0;
  for (const piece of pieces) {
    end += piece.text.length;
    if (offset < end) return piece;
  }
  return undefined;
}

/** Fixed-width families by name: Courier, *Mono, Consolas, TeX's typewriter faces (CMTT, CMSLTT). */
const MONOSPACE = /mono|courier|consol|typewriter|menlo|inconsolata|cm(sl|i)?tt|lmtt/i;

/** The body text size: the size most characters are set in. */
export function bodyFontSize(lines: readonly Line[]): number {
  const characters = new Map<number, number>();
  for (const line of lines) characters.set(line.fontSize, (characters.get(line.fontSize) ?? 0) + line.text.length);
  let best = 0;
  let bestCount = -1;
  for (const [size, count] of characters) {
    if (count > bestCount || (count === bestCount && size < best)) [best, bestCount] = [size, count];
  }
  return best;
}
