import { writeForEngines } from './confinement';
import { engineScript } from './engine-scripts';
import { PdfCorruptedError, PdfPasswordError } from './pdf-errors';
import { pageWatchdog, runProcess, type EngineOptions } from './process';

const PYTHON = '/usr/bin/python3';

/** Page geometry page-imposition.py and page-items.py import (page_geometry.py): pass it in `modules`. */
export const PAGE_GEOMETRY_MODULE = engineScript('page_geometry.py');

/** What an engine's Python script prints: its result, or why the PDF could not be read (then it exits 2). */
type ScriptAnswer<T> = (T & { error?: undefined }) | { error: 'password' } | { error: 'damaged'; reason: string };

/**
 * Runs one of the engines' Python scripts on a PDF (`python3 -I -B <script>
 * <job.json>`): the request in a job file only the server and its engines may
 * read, the script confined to the job's folder with a watchdog scaled to
 * `pages`. A PDF it cannot open is PdfPasswordError or PdfCorruptedError, the
 * reason naming `reader` (the library the script reads with); `modules` are
 * the scripts beside it that it imports, the only other files it may read.
 * e.g. ('pdf-recolour.py' path, 'pikepdf', ...)
 */
export async function runPdfScript<T>(
  script: string,
  reader: string,
  requestJson: string,
  jobFile: string,
  pages: number,
  options: EngineOptions,
  modules: readonly string[] = [],
): Promise<T> {
  await writeForEngines(jobFile, requestJson);
  const { stdout } = await runProcess(PYTHON, ['-I', '-B', script, jobFile], {
    ...options,
    readable: [script, ...modules],
    okExitCodes: [0, 2],
    watchdogMs: pageWatchdog(pages),
  });
  const answer = JSON.parse(stdout) as ScriptAnswer<T>;
  if (answer.error === 'password') throw new PdfPasswordError();
  if (answer.error === 'damaged') throw new PdfCorruptedError(undefined, `${reader}: ${answer.reason}`);
  return answer;
}
