import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { degrees, PDFDocument } from 'pdf-lib';
import { withTempDir } from './pdfs';

/**
 * Readers for what Add Stamp and Add Watermark draw, none of them Folio's own:
 * Poppler's pdftotext (text per page), pdffonts (embedded fonts), pdfimages
 * (images drawn per page) and pdftoppm (colour pixels).
 */

/** Blank pages (no text, no ink) of the given unrotated sizes and /Rotate. */
export async function blankPdf(
  pages: readonly { size: [number, number]; rotate?: number }[],
  info: { title?: string; author?: string; subject?: string } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const spec of pages) {
    const page = doc.addPage(spec.size);
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
  }
  if (info.title) doc.setTitle(info.title);
  if (info.author) doc.setAuthor(info.author);
  if (info.subject) doc.setSubject(info.subject);
  return Buffer.from(await doc.save());
}

/** Bidirectional formatting characters pdftotext wraps right-to-left runs in. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text of each page as pdftotext reads it in reading order, bidi controls removed, runs of white space as one space. */
export function plainPageTexts(pdf: Buffer): string[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const text = execFileSync('pdftotext', [join(dir, 'x.pdf'), '-'], { encoding: 'utf8' });
    return text
      .split('\f')
      .slice(0, -1)
      .map((page) => page.replace(BIDI_CONTROLS, '').replace(/\s+/g, ' ').trim());
  });
}

export interface FontRow {
  name: string;
  type: string;
  embedded: boolean;
}

/** The fonts the document uses (pdffonts), with whether each is embedded. */
export function fontsOf(pdf: Buffer): FontRow[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const lines = execFileSync('pdffonts', [join(dir, 'x.pdf')], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2);
    return lines.map((line) => {
      const [name] = line.split(/\s+/);
      const columns = line.trim().split(/\s+/);
      // name type... encoding emb sub uni object generation: emb is the fifth field from the end.
      return { name, type: columns.slice(1, -6).join(' '), embedded: columns[columns.length - 5] === 'yes' };
    });
  });
}

/** Images drawn per page (`pdfimages -list`: one row per drawing), 1-based page → count. */
export function imagesPerPage(pdf: Buffer): Map<number, number> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'x.pdf')], { encoding: 'utf8' });
    const counts = new Map<number, number>();
    for (const match of list.matchAll(/^\s*(\d+)\s+\d+\s+\w+/gm)) counts.set(Number(match[1]), (counts.get(Number(match[1])) ?? 0) + 1);
    return counts;
  });
}

/** A page rendered in colour by pdftoppm: 3 bytes per pixel, rows from the top. */
export interface ColourImage {
  width: number;
  height: number;
  dpi: number;
  rgb: Buffer;
}

/** Page `page` (1-based) rendered in colour at `dpi`. */
export function renderColour(pdf: Buffer, page: number, dpi = 72): ColourImage {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', join(dir, 'x.pdf'), join(dir, 'page')]);
    const ppm = readFileSync(join(dir, 'page.ppm'));
    // P6 header: magic, width, height, maxval, each followed by white space.
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.toString('latin1', 0, 64));
    if (!header) throw new Error('pdftoppm wrote no PPM');
    return { width: Number(header[1]), height: Number(header[2]), dpi, rgb: ppm.subarray(header[0].length) };
  });
}

/** The pixel farthest from white (least light in all): the middle of a stroke, where anti-aliasing leaves the colour as drawn. */
export function strongestPixel(image: ColourImage): [number, number, number] {
  let best: [number, number, number] = [255, 255, 255];
  for (let i = 0; i < image.width * image.height; i++) {
    const [r, g, b] = [image.rgb[3 * i], image.rgb[3 * i + 1], image.rgb[3 * i + 2]];
    if (r + g + b < best[0] + best[1] + best[2]) best = [r, g, b];
  }
  return best;
}

/** Share of pixels, in a region given in points from the top-left corner, that are not white. */
export function colouredShare(image: ColourImage, region: { left: number; top: number; right: number; bottom: number }): number {
  const px = (pt: number) => Math.round((pt * image.dpi) / 72);
  let coloured = 0;
  let all = 0;
  for (let y = Math.max(0, px(region.top)); y < Math.min(image.height, px(region.bottom)); y++) {
    for (let x = Math.max(0, px(region.left)); x < Math.min(image.width, px(region.right)); x++) {
      all++;
      const i = 3 * (y * image.width + x);
      if (image.rgb[i] < 245 || image.rgb[i + 1] < 245 || image.rgb[i + 2] < 245) coloured++;
    }
  }
  return all === 0 ? 0 : coloured / all;
}

/** A PNG of one flat colour, `width` × `height` pixels (ImageMagick 6). */
export function flatPng(width: number, height: number, colour: string): Buffer {
  return execFileSync('/usr/bin/convert-im6.q16', ['-size', `${width}x${height}`, `xc:${colour}`, 'png:-']);
}

/** A JPEG of one flat colour. */
export function flatJpeg(width: number, height: number, colour: string): Buffer {
  return execFileSync('/usr/bin/convert-im6.q16', ['-size', `${width}x${height}`, `xc:${colour}`, '-quality', '95', 'jpeg:-']);
}
