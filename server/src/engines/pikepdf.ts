import { engineScript } from './engine-scripts';
import type { EngineOptions, ScratchFiles } from './process';
import { runPdfScript } from './python-pdf-script';
import type { Rgb } from './rgb';

/**
 * qpdf's content-stream parser and writer through pikepdf (Debian's
 * python3-pikepdf), driven by a script kept with the server
 * (server/src/engines/pdf-recolour.py): the colours a page's content sets are
 * replaced, or inverted, while everything else, text included, stays as it is.
 */

/** Reaches the program from src/engines (tests, ts-jest) and dist/engines (built server) alike. */
const PROGRAM = engineScript('pdf-recolour.py');

/** Red, green and blue, each 0 to 1. */

export type RecolourRequest =
  /** Text, strokes and thin fills in `text`; other fills and the page in `background`; pictures as they are. */
  | { mode: 'replace'; text: Rgb; background: Rgb }
  /** Every colour inverted when the pages are drawn (annotations flattened; a Difference-blended white cover), for a renderer to draw. */
  | { mode: 'invert' }
  /**
   * Every colour the content sets inverted in place, pictures through their
   * Decode arrays or palettes, a black page under all: text stays text.
   * Content whose inverse is not a colour change (shadings, patterns, spot
   * colours, CMYK pictures, blend modes) is left unwritten, and said.
   */
  | { mode: 'invert-content' };

/** What was done: nothing written when `unsupported` names what the request could not be done exactly for. e.g. 'a shading' */
export interface RecolourResult {
  unsupported?: string;
}

/** Writes `input` (`pages` pages) recoloured as asked to `output`. */
export async function recolourPdf(
  input: string,
  output: string,
  request: RecolourRequest,
  pages: number,
  workspace: ScratchFiles,
  options: EngineOptions,
): Promise<RecolourResult> {
  const answer = await runPdfScript<{ pages: number; unsupported?: undefined } | { unsupported: string }>(
    PROGRAM,
    'pikepdf',
    JSON.stringify({ input, output, ...request }),
    workspace.newPath('.json'),
    pages,
    options,
  );
  return answer.unsupported === undefined ? {} : { unsupported: answer.unsupported };
}
