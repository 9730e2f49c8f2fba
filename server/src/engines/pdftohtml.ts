import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pagesIn, parsePdfToHtmlXml, xmlAttributes, type Box, type PageRange, type PageRuns } from './poppler-text';
import { runPoppler } from './poppler';
import { pageWatchdog, type EngineOptions } from './process';

/**
 * Poppler's pdftohtml in "complex" mode (-c): text as absolutely positioned
 * paragraphs over one background image per page, so the HTML looks like the PDF.
 * `-nodrm`: the reference strips owner-password restrictions before converting,
 * so a "no copying" flag does not stop the conversion here either.
 */

/** pdftohtml draws each page's background image at its default zoom, 1.5: 108 DPI. */
export const BACKGROUND_DPI = 108;

/**
 * The reference's output (§4.8): a frame set `<stem>.html`, an index
 * `<stem>_ind.html`, one `<stem>-<n>.html` per page and the background images,
 * all written into `outputDir` (which should be empty). Answers the produced
 * file names, sorted.
 */
export async function pdfToHtmlFiles(pdf: string, pages: number, outputDir: string, stem: string, engine: EngineOptions): Promise<string[]> {
  await runPoppler('pdftohtml', ['-c', '-q', '-nodrm', pdf, relativeName(stem)], { ...engine, cwd: outputDir, watchdogMs: pageWatchdog(pages) });
  return (await readdir(outputDir)).sort();
}

/**
 * One HTML document with every page, background images inlined as data: URLs
 * (`-dataurls`), written as `<outputDir>/<stem>.html`; answers its path.
 */
export async function pdfToSingleHtml(pdf: string, pages: number, outputDir: string, stem: string, engine: EngineOptions): Promise<string> {
  await runPoppler('pdftohtml', ['-s', '-c', '-noframes', '-dataurls', '-q', '-nodrm', pdf, relativeName(stem)], {
    ...engine,
    cwd: outputDir,
    watchdogMs: pageWatchdog(pages),
  });
  return join(outputDir, `${stem}.html`);
}

/** A picture drawn on a page, written out as a file: where it lies (points, top-left origin). */
export interface PlacedImage extends Box {
  path: string;
  format: 'png' | 'jpg';
}

export interface PageImages {
  /** 1-based page number. */
  page: number;
  images: PlacedImage[];
}

/**
 * pdftohtml's XML of pages `first`..`last` at zoom 1 (points) with the pictures
 * written out: the text runs, as `readTextRuns` reads them, and every picture
 * as a file in `outputDir` (JPEG data as it is, anything else as PNG) with its
 * place on the page. One pass for both; vector drawings are not pictures.
 */
export async function readTextRunsAndImages(
  pdf: string,
  range: PageRange,
  outputDir: string,
  engine: EngineOptions,
): Promise<{ runs: PageRuns[]; images: PageImages[] }> {
  await runPoppler('pdftohtml', ['-xml', '-q', '-nodrm', '-zoom', '1', '-enc', 'UTF-8', '-f', String(range.first), '-l', String(range.last), pdf, 'layout'], {
    ...engine,
    cwd: outputDir,
    watchdogMs: pageWatchdog(pagesIn(range)),
  });
  const xml = await readFile(join(outputDir, 'layout.xml'), 'utf8');
  return { runs: parsePdfToHtmlXml(xml), images: parseImageElements(xml, outputDir) };
}

/** The `<page>` and `<image>` elements of pdftohtml's XML; image paths resolved in `outputDir`. */
export function parseImageElements(xml: string, outputDir: string): PageImages[] {
  const pages: PageImages[] = [];
  const element = /<(page|image)\b([^>]*)>/g;
  for (let match = element.exec(xml); match; match = element.exec(xml)) {
    const attrs = xmlAttributes(match[2]);
    if (match[1] === 'page') {
      pages.push({ page: Number(attrs.number), images: [] });
      continue;
    }
    const [top, left, width, height] = [attrs.top, attrs.left, attrs.width, attrs.height].map(Number);
    const file = basename(attrs.src ?? '');
    const format = /\.jpe?g$/i.test(file) ? 'jpg' : /\.png$/i.test(file) ? 'png' : undefined;
    if (!format || ![top, left, width, height].every(Number.isFinite)) continue;
    pages[pages.length - 1]?.images.push({ path: join(outputDir, file), format, xMin: left, yMin: top, xMax: left + width, yMax: top + height });
  }
  return pages;
}

/**
 * pdftohtml titles the pages with the output name, so it is passed relative to
 * the working folder (no server path in the result); `./` keeps a name that
 * starts with a dash from reading as an option.
 */
function relativeName(stem: string): string {
  return stem.startsWith('-') ? `./${stem}` : stem;
}
