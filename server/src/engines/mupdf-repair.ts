import { writeForEngines } from './confinement';
import { engineScript } from './engine-scripts';
import { PdfCorruptedError, PdfPasswordError } from './pdf-errors';
import { pageWatchdog, runProcess, type EngineOptions, type ScratchFiles } from './process';

/**
 * MuPDF's reading of a damaged PDF, through PyMuPDF (Debian's python3-fitz),
 * written out again (server/src/engines/mupdf-repair.py): its own
 * cross-reference reconstruction, each page's content parsed and rewritten.
 */

const PYTHON = '/usr/bin/python3';
const PROGRAM = engineScript('mupdf-repair.py');

type Answer = { pages: number; error?: undefined } | { error: 'password' } | { error: 'damaged'; reason: string };

/**
 * Writes `input` out again as MuPDF reads it and answers how many pages it
 * found; PdfCorruptedError when it finds none. `pages` (a guess for a file no
 * other reader could count) scales the run's watchdog.
 */
export async function rewriteWithMupdf(input: string, output: string, pages: number, workspace: ScratchFiles, options: EngineOptions): Promise<number> {
  const jobFile = workspace.newPath('.json');
  await writeForEngines(jobFile, JSON.stringify({ input, output }));
  const { stdout } = await runProcess(PYTHON, ['-I', '-B', PROGRAM, jobFile], {
    ...options,
    readable: [PROGRAM],
    okExitCodes: [0, 2],
    watchdogMs: pageWatchdog(pages),
  });
  const answer = JSON.parse(stdout) as Answer;
  if (answer.error === 'password') throw new PdfPasswordError();
  if (answer.error === 'damaged') throw new PdfCorruptedError(undefined, `MuPDF: ${answer.reason}`);
  return answer.pages;
}
