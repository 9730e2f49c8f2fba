import { engineScript } from './engine-scripts';
import type { EngineOptions, ScratchFiles } from './process';
import { runPdfScript } from './python-pdf-script';

/**
 * Two PDFs' pages compared as pictures, and the comparison report, through
 * MuPDF (python3-fitz) and numpy, driven by a script kept with the server
 * (server/src/engines/page-differences.py): pages rendered at a low resolution
 * and compared with a tolerance for anti-aliasing; the report draws both
 * documents' pages as form XObjects, so their text stays sharp text.
 */

const PROGRAM = engineScript('page-differences.py');

/** A rectangle in points from the top-left of the unturned page (registry/kit/page-items.ts's frame). */
export interface PageRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A page's crop box, unturned, in points, and its /Rotate. */
export interface PageFrame {
  width: number;
  height: number;
  rotation: number;
}

export interface PageFrames {
  original: PageFrame[];
  changed: PageFrame[];
}

/** Every page's frame in both documents. */
export async function readPageFrames(original: string, changed: string, pages: number, scratch: ScratchFiles, engine: EngineOptions): Promise<PageFrames> {
  const answer = await runPdfScript<Record<keyof PageFrames, [number, number, number][]>>(
    PROGRAM,
    'MuPDF',
    JSON.stringify({ task: 'pages', original, changed }),
    scratch.newPath('.json'),
    pages,
    engine,
  );
  const frames = (list: [number, number, number][]) => list.map(([width, height, rotation]) => ({ width, height, rotation }));
  return { original: frames(answer.original), changed: frames(answer.changed) };
}

/**
 * For each pair of pages (page of the original, page of the changed one, from
 * 1), the regions whose pixels differ when both are rendered at `dpi`.
 */
export async function findVisualDifferences(
  original: string,
  changed: string,
  pairs: readonly (readonly [number, number])[],
  dpi: number,
  scratch: ScratchFiles,
  engine: EngineOptions,
): Promise<PageRect[][]> {
  if (pairs.length === 0) return [];
  const answer = await runPdfScript<{ pairs: PageRect[][] }>(
    PROGRAM,
    'MuPDF',
    JSON.stringify({ task: 'visual', original, changed, pairs, dpi }),
    scratch.newPath('.json'),
    pairs.length * 2,
    engine,
  );
  return answer.pairs;
}

/** An outline on one side of a report sheet, its colour's channels 0–1. */
export interface ReportMark extends PageRect {
  side: 'original' | 'changed';
  colour: readonly [number, number, number];
}

export interface ReportSheet {
  /** Pages from 1; null when that document has no such page. */
  original: number | null;
  changed: number | null;
  /** Above each column. e.g. ['Original, page 3', 'Changed, page 3'] */
  headings: readonly [string, string];
  marks: readonly ReportMark[];
}

export interface ReportRequest {
  /** The first page's lines, the first as its title (Latin-1 text: the report's font is Helvetica). */
  summary: readonly string[];
  legend: readonly (readonly [string, readonly [number, number, number]])[];
  sheets: readonly ReportSheet[];
}

/** Writes the report to `output`: the summary page, then one sheet per pair; answers its page count. */
export async function writeComparisonReport(
  original: string,
  changed: string,
  output: string,
  report: ReportRequest,
  scratch: ScratchFiles,
  engine: EngineOptions,
): Promise<number> {
  const answer = await runPdfScript<{ pages: number }>(
    PROGRAM,
    'MuPDF',
    JSON.stringify({ task: 'report', original, changed, output, summary: report.summary, legend: report.legend, pairs: report.sheets }),
    scratch.newPath('.json'),
    report.sheets.length * 2 + 1,
    engine,
  );
  return answer.pages;
}
