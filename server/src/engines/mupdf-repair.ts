import { engineScript } from './engine-scripts';
import type { EngineOptions, ScratchFiles } from './process';
import { runPdfScript } from './python-pdf-script';

/**
 * MuPDF's reading of a damaged PDF, through PyMuPDF (Debian's python3-fitz),
 * written out again (server/src/engines/mupdf-repair.py): its own
 * cross-reference reconstruction, each page's content parsed and rewritten.
 */

const PROGRAM = engineScript('mupdf-repair.py');

/**
 * Writes `input` out again as MuPDF reads it and answers how many pages it
 * found; PdfCorruptedError when it finds none. `pages` (a guess for a file no
 * other reader could count) scales the run's watchdog.
 */
export async function rewriteWithMupdf(input: string, output: string, pages: number, workspace: ScratchFiles, options: EngineOptions): Promise<number> {
  const answer = await runPdfScript<{ pages: number }>(PROGRAM, 'MuPDF', JSON.stringify({ input, output }), workspace.newPath('.json'), pages, options);
  return answer.pages;
}
