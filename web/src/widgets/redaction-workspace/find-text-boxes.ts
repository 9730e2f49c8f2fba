import type { PDFDocumentProxy } from '../../pdf-rendering/open-pdf';

/** A found piece of text: its page (from 1) and box in the items' frame (points, page unturned, y down). */
export interface FoundText {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A run of text as pdf.js reports it (the fields used here). */
export interface TextRun {
  str: string;
  /** [a, b, c, d, e, f]: the run's text matrix in PDF user space. */
  transform: number[];
  /** Advance of the whole run, in user space. */
  width: number;
  /** pdf.js's name for the run's font, a key of the page's `styles`. */
  fontName?: string;
}

/** Above the baseline and below it, as parts of the font size: room for capitals and descenders. */
const ASCENT = 0.92;
const DESCENT = 0.28;
/** Padding around each box (points), so anti-aliased edges go too. */
const PADDING = 1;

/** Widths of texts in some face, in any unit: only their ratios count. */
export type MeasureText = (text: string, run: TextRun) => number;

/** Every character as wide as the next: right for monospace, close for short runs. */
const byCharacters: MeasureText = (text) => text.length;

/**
 * The boxes of every occurrence of `term` (any case) in runs of one page, in the
 * items' frame of a page whose view box is `view` ([x0, y0, x1, y1]). A run's
 * width is shared out by `measure` (the browser's measure of a like face is
 * close; counting characters is not, in a proportional face); text turned on
 * the page gets the box of its turned line.
 */
export function boxesInRuns(runs: readonly TextRun[], term: string, page: number, view: readonly number[], measure: MeasureText = byCharacters): FoundText[] {
  const wanted = term.trim().toLocaleLowerCase();
  if (wanted === '') return [];
  const [x0, , , y1] = view as [number, number, number, number];
  const found: FoundText[] = [];
  for (const run of runs) {
    const text = run.str.toLocaleLowerCase();
    if (text.length === 0) continue;
    const [a, b, c, d, e, f] = run.transform as [number, number, number, number, number, number];
    const size = Math.hypot(c, d) || Math.hypot(a, b);
    const along = [a, b].map((n) => n / (Math.hypot(a, b) || 1)) as [number, number];
    const up = [-along[1], along[0]] as [number, number];
    for (let at = text.indexOf(wanted); at !== -1; at = text.indexOf(wanted, at + wanted.length)) {
      const whole = measure(run.str, run) || 1;
      const start = (run.width * measure(run.str.slice(0, at), run)) / whole;
      const end = (run.width * measure(run.str.slice(0, at + wanted.length), run)) / whole;
      // Corners of the match's box in user space, then its bounds in the items' frame.
      const corners = [start, end].flatMap((s) =>
        [-DESCENT * size, ASCENT * size].map((h) => [e + along[0] * s + up[0] * h, f + along[1] * s + up[1] * h] as const),
      );
      const us = corners.map(([x]) => x - x0);
      const vs = corners.map(([, y]) => y1 - y);
      const left = Math.min(...us) - PADDING;
      const top = Math.min(...vs) - PADDING;
      found.push({ page, x: left, y: top, width: Math.max(...us) + PADDING - left, height: Math.max(...vs) + PADDING - top });
    }
  }
  return found;
}

/** Measures with a canvas in a face like the run's (serif, sans or monospace, as pdf.js guesses it). */
function canvasMeasure(families: Readonly<Record<string, { fontFamily?: string }>>): MeasureText {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return byCharacters;
  return (text, run) => {
    context.font = `20px ${families[run.fontName ?? '']?.fontFamily ?? 'sans-serif'}`;
    return context.measureText(text).width;
  };
}

/** Every occurrence of `term` in the document, page by page; `signal` stops a search nobody waits for. */
export async function findText(doc: PDFDocumentProxy, term: string, signal: AbortSignal): Promise<FoundText[]> {
  const found: FoundText[] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    signal.throwIfAborted();
    const page = await doc.getPage(number);
    const content = await page.getTextContent();
    const runs = content.items.filter((item): item is TextRun & typeof item => 'str' in item);
    found.push(...boxesInRuns(runs, term, number, page.view, canvasMeasure(content.styles)));
  }
  return found;
}
