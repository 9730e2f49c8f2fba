import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runProcess, type EngineOptions } from './process';

/**
 * Poppler's pdftohtml in "complex" mode (-c): text as absolutely positioned
 * paragraphs over one background image per page, so the HTML looks like the PDF.
 * `-nodrm`: the reference strips owner-password restrictions before converting,
 * so a "no copying" flag does not stop the conversion here either.
 */

/**
 * The reference's output (§4.8): a frame set `<stem>.html`, an index
 * `<stem>_ind.html`, one `<stem>-<n>.html` per page and the background images,
 * all written into `outputDir` (which should be empty). Answers the produced
 * file names, sorted.
 */
/** pdftohtml draws each page's background image at its default zoom, 1.5: 108 DPI. */
export const BACKGROUND_DPI = 108;

export async function pdfToHtmlFiles(pdf: string, outputDir: string, stem: string, engine: EngineOptions): Promise<string[]> {
  await runProcess('pdftohtml', ['-c', '-q', '-nodrm', pdf, relativeName(stem)], { ...engine, cwd: outputDir });
  return (await readdir(outputDir)).sort();
}

/**
 * One HTML document with every page, background images inlined as data: URLs
 * (`-dataurls`), written as `<outputDir>/<stem>.html`; answers its path.
 */
export async function pdfToSingleHtml(pdf: string, outputDir: string, stem: string, engine: EngineOptions): Promise<string> {
  await runProcess('pdftohtml', ['-s', '-c', '-noframes', '-dataurls', '-q', '-nodrm', pdf, relativeName(stem)], {
    ...engine,
    cwd: outputDir,
  });
  return join(outputDir, `${stem}.html`);
}

/**
 * pdftohtml titles the pages with the output name, so it is passed relative to
 * the working folder (no server path in the result); `./` keeps a name that
 * starts with a dash from reading as an option.
 */
function relativeName(stem: string): string {
  return stem.startsWith('-') ? `./${stem}` : stem;
}
