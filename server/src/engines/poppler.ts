import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PdfCorruptedError, PdfPasswordError } from './pdf-errors';
import { EngineFailedError, pageWatchdog, readingWatchdog, runProcess, type EngineOptions, type RunOptions, type RunResult } from './process';

/** Poppler's command-line tools: reading document information and rendering pages. */

/**
 * Runs one of Poppler's tools, mapping its failures on the input to the typed
 * PDF errors the API reports: Poppler exits 1 when it cannot open the
 * document, 3 when its permissions forbid the work, 99 when it fails reading
 * it. (2 is an output file it could not write: ours to fix, left as it is.)
 */
export async function runPoppler(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  try {
    return await runProcess(command, args, options);
  } catch (error) {
    if (!(error instanceof EngineFailedError)) throw error;
    if (/incorrect password|password/i.test(error.stderr) && error.exitCode === 1) throw new PdfPasswordError();
    if (error.exitCode === 1 || error.exitCode === 3 || error.exitCode === 99)
      throw new PdfCorruptedError(undefined, `${command}: ${error.stderr.trim().split('\n').pop() ?? ''}`);
    throw error;
  }
}

export interface DocumentInfo {
  title?: string;
  author?: string;
  subject?: string;
  /** Milliseconds since the epoch, when the document says. */
  created?: number;
  modified?: number;
}

/** The Info dictionary as pdfinfo reads it (fast: no page content is parsed). */
export async function readDocumentInfo(path: string, options: EngineOptions): Promise<DocumentInfo> {
  const { stdout } = await runPoppler('pdfinfo', ['-isodates', '-enc', 'UTF-8', path], { ...options, watchdogMs: readingWatchdog(options.pages ?? 1) });
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(stdout);
    return match && match[1].trim() !== '' ? match[1].trim() : undefined;
  };
  const date = (name: string) => {
    const text = field(name);
    const time = text ? Date.parse(text.replace(/([+-]\d\d)$/, '$1:00')) : Number.NaN;
    return Number.isNaN(time) ? undefined : time;
  };
  return { title: field('Title'), author: field('Author'), subject: field('Subject'), created: date('CreationDate'), modified: date('ModDate') };
}

/** A page rendered in grey: one byte per pixel, 0 black to 255 white, rows from the top. */
export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * Renders every page (`pages` of them) in grey at `dpi`, as a viewer shows it
 * (crop box, /Rotate), into files named after `outputPrefix`; answers their
 * paths in page order. Read them one at a time with `readGrayImage`: a long
 * document does not fit in memory all at once.
 */
export async function renderGrayPages(path: string, pages: number, outputPrefix: string, dpi: number, options: EngineOptions): Promise<string[]> {
  await runPoppler('pdftoppm', ['-r', String(dpi), '-gray', path, outputPrefix], { ...options, watchdogMs: pageWatchdog(pages) });
  return pagesWritten(outputPrefix, '.pgm');
}

/**
 * Renders pages `first`..`last` (1-based, inclusive) in grey, each scaled to fit
 * a square of `longSide` pixels (its longer side that long, whatever its size
 * in points), as a viewer shows it (crop box, /Rotate, annotations), into files
 * named after `outputPrefix`. Answers each page's file by page number; a page
 * Poppler could not draw has none.
 */
export async function renderGrayPagesScaled(
  path: string,
  range: { first: number; last: number },
  outputPrefix: string,
  longSide: number,
  options: EngineOptions,
): Promise<Map<number, string>> {
  await runPoppler('pdftoppm', ['-f', String(range.first), '-l', String(range.last), '-scale-to', String(longSide), '-gray', path, outputPrefix], {
    ...options,
    watchdogMs: pageWatchdog(range.last - range.first + 1),
  });
  const stem = `${basename(outputPrefix)}-`;
  const files = new Map<number, string>();
  for (const file of await pagesWritten(outputPrefix, '.pgm')) files.set(Number(basename(file).slice(stem.length, -'.pgm'.length)), file);
  return files;
}

/** The files pdftoppm wrote for `outputPrefix`, in page order. */
async function pagesWritten(outputPrefix: string, extension: string): Promise<string[]> {
  // pdftoppm pads the page number to the width of the last one: prefix-1.pgm … or prefix-01.pgm …
  const stem = `${basename(outputPrefix)}-`;
  const pageOf = (name: string) => Number(name.slice(stem.length, -extension.length));
  const names = (await readdir(dirname(outputPrefix))).filter((name) => name.startsWith(stem) && name.endsWith(extension));
  return names.sort((a, b) => pageOf(a) - pageOf(b)).map((name) => join(dirname(outputPrefix), name));
}

/** Reads a binary PGM (P5, 8-bit), as `renderGrayPages` writes. */
export async function readGrayImage(path: string): Promise<GrayImage> {
  const data = await readFile(path);
  // Header: "P5", width, height, maxval, each after whitespace or "#" comments, then one whitespace byte.
  const fields: string[] = [];
  let at = 0;
  while (fields.length < 4) {
    while (at < data.length && /\s/.test(String.fromCharCode(data[at]))) at++;
    if (data[at] === 0x23) {
      while (at < data.length && data[at] !== 0x0a) at++;
      continue;
    }
    const start = at;
    while (at < data.length && !/\s/.test(String.fromCharCode(data[at]))) at++;
    if (start === at) throw new Error(`${path} is not a complete PGM file.`);
    fields.push(data.toString('latin1', start, at));
  }
  const [magic, width, height, maxValue] = [fields[0], Number(fields[1]), Number(fields[2]), Number(fields[3])];
  if (magic !== 'P5' || maxValue !== 255) throw new Error(`${path}: expected an 8-bit binary PGM, found ${magic} with maxval ${maxValue}.`);
  const pixels = data.subarray(at + 1, at + 1 + width * height);
  if (pixels.length !== width * height) throw new Error(`${path}: the PGM is shorter than ${width}×${height}.`);
  return { width, height, pixels };
}

/** A page's size as a viewer shows it (crop box, turned by /Rotate), in points. */
export interface ShownPageSize {
  width: number;
  height: number;
}

/**
 * Every page's shown size, read by pdfinfo without rendering anything, so a
 * caller can weigh the pixels a rendering would take before asking for it.
 */
export async function readPageSizes(path: string, options: EngineOptions): Promise<ShownPageSize[]> {
  const { stdout } = await runPoppler('pdfinfo', ['-f', '1', '-l', '2147483647', path], { ...options, watchdogMs: readingWatchdog(options.pages ?? 1) });
  const sizes: ShownPageSize[] = [];
  // Sizes may come in exponent notation ("1e+07 x 792 pts") from absurd boxes.
  for (const match of stdout.matchAll(/^Page\s+(\d+) size:\s+(\S+) x (\S+) pts/gm)) {
    sizes[Number(match[1]) - 1] = { width: Math.abs(Number(match[2])), height: Math.abs(Number(match[3])) };
  }
  for (const match of stdout.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)) {
    const page = sizes[Number(match[1]) - 1];
    if (page && Number(match[2]) % 180 === 90) [page.width, page.height] = [page.height, page.width];
  }
  const pageCount = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? sizes.length);
  for (let index = 0; index < pageCount; index++) {
    const size = sizes[index];
    if (!size || !(Number.isFinite(size.width) && Number.isFinite(size.height)))
      throw new PdfCorruptedError(undefined, `page ${index + 1} has no readable size`);
  }
  return sizes;
}

/**
 * Every page's trim box (the finished page; the crop box when none is given) as
 * a viewer shows it, turned by /Rotate, in points; read by pdfinfo without
 * rendering. qpdf fits overlay pages to this box (engines/qpdf.ts `overlayPages`).
 */
export async function readTrimSizes(path: string, options: EngineOptions): Promise<ShownPageSize[]> {
  const { stdout } = await runPoppler('pdfinfo', ['-box', '-f', '1', '-l', '2147483647', path], {
    ...options,
    watchdogMs: readingWatchdog(options.pages ?? 1),
  });
  const sizes: ShownPageSize[] = [];
  for (const match of stdout.matchAll(/^Page\s+(\d+) TrimBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)/gm)) {
    const [x1, y1, x2, y2] = match.slice(2, 6).map(Number);
    sizes[Number(match[1]) - 1] = { width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
  }
  for (const match of stdout.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)) {
    const page = sizes[Number(match[1]) - 1];
    if (page && Number(match[2]) % 180 === 90) [page.width, page.height] = [page.height, page.width];
  }
  const pageCount = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? sizes.length);
  for (let index = 0; index < pageCount; index++) {
    const size = sizes[index];
    if (!size || !(size.width > 0 && size.height > 0 && Number.isFinite(size.width * size.height)))
      throw new PdfCorruptedError(undefined, `page ${index + 1} has no readable size`);
  }
  return sizes;
}

/** An image a page draws, as stored (before any scaling): its pixel size. */
export interface StoredImage {
  page: number;
  width: number;
  height: number;
  /** Pixels per inch as drawn on the page, across and down (0 when pdfimages cannot tell). */
  xPpi: number;
  yPpi: number;
}

/**
 * The images pages `first`..`last` draw, listed by pdfimages without decoding
 * any (a cheap look before asking an engine to write them out).
 */
export async function listImages(path: string, range: { first: number; last: number }, options: EngineOptions): Promise<StoredImage[]> {
  const { stdout } = await runPoppler('pdfimages', ['-list', '-f', String(range.first), '-l', String(range.last), path], options);
  const images: StoredImage[] = [];
  // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio;
  // header lines do not start with a number.
  for (const match of stdout.matchAll(/^\s*(\d+)\s+\d+\s+\w+\s+(\d+)\s+(\d+)\s.*$/gm)) {
    const [xPpi, yPpi] = match[0]
      .trim()
      .split(/\s+/)
      .slice(12, 14)
      .map((n) => Number(n) || 0);
    images.push({ page: Number(match[1]), width: Number(match[2]), height: Number(match[3]), xPpi: xPpi ?? 0, yPpi: yPpi ?? 0 });
  }
  return images;
}

/** Pixel width or height of `points` rendered at `dpi`, as pdftoppm rounds it. */
export function pixelsAt(points: number, dpi: number): number {
  return Math.ceil((points * dpi) / 72 - 0.001);
}

/** How `renderPages` draws. */
export interface RenderSettings {
  dpi: number;
  /** 'grey': 8-bit grey; 'bilevel': black or white only, no anti-aliasing. */
  colour: 'colour' | 'grey' | 'bilevel';
  /** Draw annotations (form widgets, stamps, link borders) as viewers do. */
  annotations: boolean;
  /** PNG (lossless), JPEG (quality 95) or TIFF (deflate). */
  format: 'png' | 'jpg' | 'tiff';
}

/**
 * Renders every page (`pages` of them) of `path` with pdftoppm into files named
 * after `outputPrefix`; answers their paths in page order. `onPage` hears of each
 * page as it is written (pdftoppm's `-progress` lines: `<page> <of> <file>`).
 */
export async function renderPages(
  path: string,
  pages: number,
  outputPrefix: string,
  settings: RenderSettings,
  options: EngineOptions,
  onPage?: (done: number, of: number) => void,
): Promise<string[]> {
  const colour = { colour: [], grey: ['-gray'], bilevel: ['-mono'] }[settings.colour];
  const format = { png: ['-png'], jpg: ['-jpeg', '-jpegopt', 'quality=95'], tiff: ['-tiff', '-tiffcompression', 'deflate'] }[settings.format];
  const extension = { png: '.png', jpg: '.jpg', tiff: '.tif' }[settings.format];
  await runPoppler(
    'pdftoppm',
    [
      '-r',
      String(settings.dpi),
      ...colour,
      ...format,
      ...(settings.annotations ? [] : ['-hide-annotations']),
      ...(onPage ? ['-progress'] : []),
      path,
      outputPrefix,
    ],
    { ...options, watchdogMs: pageWatchdog(pages), ...(onPage ? { onStderrLine: (line: string) => reportPage(line, onPage) } : {}) },
  );
  return pagesWritten(outputPrefix, extension);
}

/** A `-progress` line of pdftoppm: `<page> <of> <file>`. */
function reportPage(line: string, onPage: (done: number, of: number) => void): void {
  const match = /^(\d+) (\d+) /.exec(line);
  if (match) onPage(Number(match[1]), Number(match[2]));
}

/**
 * Renders pages `first`..`last` (1-based, inclusive) at `dpi` as a viewer shows
 * them (crop box, /Rotate, annotations), in grey (PGM) or colour (PPM):
 * uncompressed, the fastest for a next step to read. Answers each page's file
 * by page number; a page Poppler could not draw has none.
 */
export async function renderPageRange(
  path: string,
  range: { first: number; last: number },
  outputPrefix: string,
  settings: { dpi: number; colour: 'colour' | 'grey' },
  options: EngineOptions,
): Promise<Map<number, string>> {
  await runPoppler(
    'pdftoppm',
    ['-f', String(range.first), '-l', String(range.last), '-r', String(settings.dpi), ...(settings.colour === 'grey' ? ['-gray'] : []), path, outputPrefix],
    { ...options, watchdogMs: pageWatchdog(range.last - range.first + 1) },
  );
  const extension = settings.colour === 'grey' ? '.pgm' : '.ppm';
  const stem = `${basename(outputPrefix)}-`;
  const files = new Map<number, string>();
  for (const file of await pagesWritten(outputPrefix, extension)) files.set(Number(basename(file).slice(stem.length, -extension.length)), file);
  return files;
}
