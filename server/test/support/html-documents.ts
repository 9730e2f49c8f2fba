import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import AdmZip from 'adm-zip';
import { PDFDocument } from 'pdf-lib';
import { withTempDir } from './pdfs';

/** Helpers for the browser-rendered tools (HTML, Markdown): images, ZIPs, rendered pixels. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr)]);
}

/** A PNG of one colour. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([pngHeader(width, height), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A small file declaring a huge canvas: a pixel bomb (its data is a few rows only). */
export function pixelBombPng(width: number, height: number): Buffer {
  const rows = Buffer.alloc((1 + width * 3) * 4);
  return Buffer.concat([pngHeader(width, height), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

export function zipOf(entries: Record<string, Buffer | string>): Buffer {
  const zip = new AdmZip();
  for (const [name, content] of Object.entries(entries)) zip.addFile(name, Buffer.isBuffer(content) ? content : Buffer.from(content));
  return zip.toBuffer();
}

export interface Raster {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel. */
  data: Buffer;
}

/** Page 1 rendered by Poppler at `dpi`. */
export function renderFirstPage(pdf: Buffer, dpi = 30): Raster {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const ppm = execFileSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', join(dir, 'in.pdf')]);
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 50).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a PPM');
    return { width: Number(header[1]), height: Number(header[2]), data: ppm.subarray(header[0].length) };
  });
}

/** How many pixels are close to the colour. */
export function countPixels(raster: Raster, [r, g, b]: [number, number, number], tolerance = 40): number {
  let count = 0;
  for (let i = 0; i + 2 < raster.data.length; i += 3) {
    if (Math.abs(raster.data[i] - r) <= tolerance && Math.abs(raster.data[i + 1] - g) <= tolerance && Math.abs(raster.data[i + 2] - b) <= tolerance) count++;
  }
  return count;
}

/** Every page's width and height in points. */
export async function pageSizes(pdf: Buffer): Promise<{ width: number; height: number }[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const { width, height } = page.getSize();
    return { width: Math.round(width), height: Math.round(height) };
  });
}
