import { engineScript } from './engine-scripts';
import { EngineFailedError, pageWatchdog, readingWatchdog, runProcess, type EngineOptions, type RunOptions } from './process';

/**
 * MuPDF's command-line tool (mupdf-tools), for the formats only it reads
 * here: XPS and OpenXPS documents to PDF, their pages drawn as vectors, text
 * kept as text. MuPDF picks its reader by the file's extension, so callers
 * hand it a file named `.xps`. It reads the package's own parts only; the
 * sandbox has no network and sees only the job's folder.
 */

const MUTOOL = 'mutool';
/** The page-counting script, beside this wrapper (MuPDF's JavaScript). */
const PAGES_SCRIPT = engineScript('mutool-pages.js');

/** MuPDF could not read or convert the document. */
export class MupdfConversionError extends Error {
  constructor(readonly detail: string) {
    super(`MuPDF could not read the document: ${detail}`);
    this.name = 'MupdfConversionError';
  }
}

/** MuPDF's first complaint ('error: cannot find fixed document sequence'), without the path of the job's file. */
function complaint(stderr: string, input: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const line = lines.find((l) => /^error:/i.test(l)) ?? lines[0] ?? 'unknown error';
  return line
    .replace(/^error:\s*/i, '')
    .split(input)
    .join('the file')
    .slice(0, 300);
}

async function runMutool(args: readonly string[], input: string, options: RunOptions) {
  try {
    return await runProcess(MUTOOL, args, options);
  } catch (error) {
    if (error instanceof EngineFailedError) throw new MupdfConversionError(complaint(error.stderr, input));
    throw error;
  }
}

/** How many pages the document has: MuPDF reads its structure only, not its pages' content. */
export async function countDocumentPages(input: string, options: EngineOptions): Promise<number> {
  const { stdout } = await runMutool(['run', PAGES_SCRIPT, input], input, { ...options, readable: [PAGES_SCRIPT], watchdogMs: readingWatchdog(1) });
  const pages = Number(stdout.trim());
  if (!Number.isInteger(pages) || pages < 0) throw new MupdfConversionError('no page count');
  return pages;
}

/** Writes the document's `pages` pages as a PDF. */
export async function convertToPdf(input: string, pages: number, output: string, options: EngineOptions): Promise<void> {
  await runMutool(['convert', '-F', 'pdf', '-o', output, input], input, { ...options, watchdogMs: pageWatchdog(pages) });
}
