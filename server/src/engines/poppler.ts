import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { runProcess } from './process';
import type { EngineOptions } from './qpdf';

/** Poppler's command-line tools: reading document information and rendering pages. */

export interface DocumentInfo {
  title?: string;
  /** Milliseconds since the epoch, when the document says. */
  created?: number;
  modified?: number;
}

/** The Info dictionary as pdfinfo reads it (fast: no page content is parsed). */
export async function readDocumentInfo(path: string, options: EngineOptions): Promise<DocumentInfo> {
  const { stdout } = await runProcess('pdfinfo', ['-isodates', '-enc', 'UTF-8', path], options);
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(stdout);
    return match && match[1].trim() !== '' ? match[1].trim() : undefined;
  };
  const date = (name: string) => {
    const text = field(name);
    const time = text ? Date.parse(text.replace(/([+-]\d\d)$/, '$1:00')) : Number.NaN;
    return Number.isNaN(time) ? undefined : time;
  };
  return { title: field('Title'), created: date('CreationDate'), modified: date('ModDate') };
}

/** A page rendered in grey: one byte per pixel, 0 black to 255 white, rows from the top. */
export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * Renders every page in grey at `dpi`, as a viewer shows it (crop box, /Rotate),
 * into files named after `outputPrefix`; answers their paths in page order.
 * Read them one at a time with `readGrayImage`: a long document does not fit in
 * memory all at once.
 */
export async function renderGrayPages(path: string, outputPrefix: string, dpi: number, options: EngineOptions): Promise<string[]> {
  await runProcess('pdftoppm', ['-r', String(dpi), '-gray', path, outputPrefix], options);
  // pdftoppm pads the page number to the width of the last one: prefix-1.pgm … or prefix-01.pgm …
  const stem = `${basename(outputPrefix)}-`;
  const pageOf = (name: string) => Number(name.slice(stem.length, -'.pgm'.length));
  const names = (await readdir(dirname(outputPrefix))).filter((name) => name.startsWith(stem) && name.endsWith('.pgm'));
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
