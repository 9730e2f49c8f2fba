import { InvalidInputError } from '../refusals/input-errors';
import { engineScript } from './engine-scripts';
import type { EngineOptions, ScratchFiles } from './process';
import { PAGE_GEOMETRY_MODULE, runPdfScript } from './python-pdf-script';

/**
 * Imposition through qpdf (Debian's python3-pikepdf), driven by a script kept
 * with the server (server/src/engines/page-imposition.py): source pages drawn
 * onto new sheets as form XObjects, so text and vectors stay vector, nothing is
 * rendered, and memory stays flat however many pages the document has (qpdf
 * reads objects as it needs them; pdf-lib would hold the whole document).
 */

/** Reaches the program from src/engines (tests, ts-jest) and dist/engines (built server) alike. */
const PROGRAM = engineScript('page-imposition.py');

/** A rectangle on a sheet, in points (lower-left origin). */
export interface SheetBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One source page drawn on a sheet. */
export interface Placement {
  /** Source page, 0-based. */
  page: number;
  /** Lower-left corner of the page, as a viewer shows it, on the sheet. */
  x: number;
  y: number;
  /** Scale of the drawn page (1: its own size). */
  scale: number;
  /** 180: the page drawn upside down in the same place (a back side for a printer that turns sheets the other way). */
  turn?: 0 | 180;
  /** The part of the sheet the page may paint; all of it when absent. */
  clip?: SheetBox;
}

/** A straight line on a sheet (crop marks), in points. */
export interface SheetLine {
  from: { x: number; y: number };
  to: { x: number; y: number };
  width: number;
}

export interface Sheet {
  width: number;
  height: number;
  placements: Placement[];
  /** Rectangles outlined in black, with their line width. */
  frames?: (SheetBox & { lineWidth: number })[];
  lines?: SheetLine[];
}

/** A page's size as a viewer shows it: its crop box clipped to its media box, turned by /Rotate. */
export interface ShownSize {
  width: number;
  height: number;
}

/** Every page's shown size, in page order. */
export async function measurePages(input: string, pages: number, workspace: ScratchFiles, options: EngineOptions): Promise<ShownSize[]> {
  const answer = await runPdfScript<{ pages: [number, number][] }>(
    PROGRAM,
    'pikepdf',
    JSON.stringify({ measure: input }),
    workspace.newPath('.json'),
    pages,
    options,
    [PAGE_GEOMETRY_MODULE],
  );
  const sizes = answer.pages.map(([width, height]) => ({ width, height }));
  const unusable = sizes.findIndex(({ width, height }) => !(width > 0 && height > 0 && Number.isFinite(width * height)));
  if (unusable >= 0) throw new InvalidInputError(`Page ${unusable + 1} has no usable size: its page boxes are broken.`);
  return sizes;
}

/**
 * Writes `sheets` to `output`, a new document whose pages are the sheets, with
 * the source's title, author, subject, keywords and creator (annotations, form
 * fields and outline stay behind). `pages` sizes the watchdog: the source's pages.
 */
export async function imposePages(
  input: string,
  output: string,
  sheets: readonly Sheet[],
  pages: number,
  workspace: ScratchFiles,
  options: EngineOptions,
): Promise<void> {
  const job = {
    input,
    output,
    sheets: sheets.map((sheet) => ({
      width: sheet.width,
      height: sheet.height,
      placements: sheet.placements.map(({ clip, ...placement }) => ({ ...placement, ...(clip && { clip: [clip.x, clip.y, clip.width, clip.height] }) })),
      frames: (sheet.frames ?? []).map((frame) => [frame.x, frame.y, frame.width, frame.height, frame.lineWidth]),
      lines: (sheet.lines ?? []).map((line) => [line.from.x, line.from.y, line.to.x, line.to.y, line.width]),
    })),
  };
  // Writing is about a page's worth of work per sheet as well as per source page.
  await runPdfScript(PROGRAM, 'pikepdf', JSON.stringify(job), workspace.newPath('.json'), Math.max(pages, sheets.length), options, [PAGE_GEOMETRY_MODULE]);
}
