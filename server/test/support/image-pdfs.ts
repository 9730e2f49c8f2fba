import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import AdmZip from 'adm-zip';
import { writePdf } from './pdf-writer';
import { withTempDir } from './pdfs';

/**
 * A PDF whose images sit everywhere images hide (Extract Images, Remove
 * Image), and independent readers for images: Poppler's pdfimages and
 * ImageMagick's identify and convert.
 */

const stream = (dict: string, data: Buffer, compress = true): Buffer => {
  const body = compress ? deflateSync(data) : data;
  return Buffer.concat([
    Buffer.from(`<< ${dict}${compress ? ' /Filter /FlateDecode' : ''} /Length ${body.length} >>\nstream\n`, 'latin1'),
    body,
    Buffer.from('\nendstream', 'latin1'),
  ]);
};

/** Raw 8-bit samples, `channels` per pixel, row by row, from a function of x and y. */
const samples = (width: number, height: number, pixel: (x: number, y: number) => number[]): Buffer =>
  Buffer.from(Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => pixel(x, y)).flat()).flat());

/** Where each picture of `picturesPdf` is, its stored size and what it looks like. Regions are in points from the page's top-left corner. */
export const PICTURES = {
  /** Drawn directly on page 1 and again on page 2; its pixels stored a second time (another object) on page 3. */
  gradient: { width: 20, height: 10, pages: [1, 2], region: { left: 20, top: 50, right: 80, bottom: 80 } },
  /** Inside a form inside a form, page 1. Blue. */
  nested: { width: 8, height: 8, pages: [1], region: { left: 100, top: 90, right: 130, bottom: 120 } },
  /** An inline image (BI … EI), page 1. A grey ramp. */
  inline: { width: 4, height: 4, pages: [1], region: { left: 150, top: 56, right: 174, bottom: 80 } },
  /** Green with a soft mask that fades it in from the left, page 2. */
  softMasked: { width: 12, height: 6, pages: [2], region: { left: 100, top: 70, right: 160, bottom: 100 } },
  /** Yellow, shown only in its left half through a stencil mask, page 2. */
  stencilled: { width: 10, height: 10, pages: [2], region: { left: 20, top: 120, right: 60, bottom: 160 } },
  /** Magenta, drawn by a stamp annotation's appearance, page 3. */
  inAnnotation: { width: 16, height: 16, pages: [3], region: { left: 120, top: 120, right: 160, bottom: 160 } },
} as const;

/** The text of each page of `picturesPdf`. */
export const PICTURE_PAGE_TEXTS = ['Pictures page one', 'Pictures page two', 'Pictures page three'];

/** The red rectangle every page of `picturesPdf` draws as a vector shape (points from the top-left corner). */
export const VECTOR_SQUARE = { left: 140, top: 150, right: 180, bottom: 180 };

/**
 * Three 200 × 200 pt pages, each with a line of text and a red rectangle,
 * and the images of PICTURES: one drawn directly and reused on a second page
 * (and stored again, same pixels, on the third), one inside nested forms, an
 * inline image, one with a soft mask, one with a stencil mask, one in an
 * annotation's appearance.
 */
export function picturesPdf(): Buffer {
  const text = (line: string) => `BT /F1 14 Tf 20 170 Td (${line}) Tj ET 1 0 0 rg 140 20 40 30 re f`;
  const inline = Buffer.concat([
    Buffer.from('q 24 0 0 24 150 120 cm BI /W 4 /H 4 /CS /G /BPC 8 ID ', 'latin1'),
    samples(4, 4, (x, y) => [(x + 4 * y) * 16]),
    Buffer.from(' EI Q', 'latin1'),
  ]);
  const page1 = Buffer.concat([Buffer.from(`${text(PICTURE_PAGE_TEXTS[0])} q 60 0 0 30 20 120 cm /Im1 Do Q q 1 0 0 1 100 80 cm /Fm1 Do Q `, 'latin1'), inline]);
  const page2 = `${text(PICTURE_PAGE_TEXTS[1])} q 60 0 0 30 20 120 cm /Im1 Do Q q 60 0 0 30 100 100 cm /Im2 Do Q q 40 0 0 40 20 40 cm /Im3 Do Q`;
  const page3 = `${text(PICTURE_PAGE_TEXTS[2])} q 60 0 0 30 20 120 cm /Im4 Do Q`;
  const gradient = samples(20, 10, (x, y) => [Math.round((255 * x) / 19), Math.round((255 * y) / 9), 128]);
  const image = (width: number, height: number, extra = '') =>
    `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8${extra}`;
  const font = '/Font << /F1 5 0 R >>';
  const page = (contents: number, xobjects: string, extra = '') =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << ${font} /XObject << ${xobjects} >> >> /Contents ${contents} 0 R${extra} >>`;
  return writePdf([
    /* 1 */ '<< /Type /Catalog /Pages 2 0 R >>',
    /* 2 */ '<< /Type /Pages /Kids [3 0 R 4 0 R 6 0 R] /Count 3 >>',
    /* 3 */ page(7, '/Im1 10 0 R /Fm1 11 0 R'),
    /* 4 */ page(8, '/Im1 10 0 R /Im2 14 0 R /Im3 16 0 R'),
    /* 5 */ '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    /* 6 */ page(9, '/Im4 18 0 R', ' /Annots [19 0 R]'),
    /* 7 */ stream('', page1, false),
    /* 8 */ stream('', Buffer.from(page2)),
    /* 9 */ stream('', Buffer.from(page3)),
    /* 10 */ stream(image(20, 10), gradient),
    /* 11 */ stream('/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /Fm2 12 0 R >> >>', Buffer.from('/Fm2 Do')),
    /* 12 */ stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /Im5 13 0 R >> >>',
      Buffer.from('q 30 0 0 30 0 0 cm /Im5 Do Q'),
    ),
    /* 13 */ stream(
      image(8, 8),
      samples(8, 8, () => [0, 0, 255]),
    ),
    /* 14 */ stream(
      image(12, 6, ' /SMask 15 0 R'),
      samples(12, 6, () => [0, 200, 0]),
    ),
    /* 15 */ stream(
      '/Type /XObject /Subtype /Image /Width 12 /Height 6 /ColorSpace /DeviceGray /BitsPerComponent 8',
      samples(12, 6, (x) => [Math.round((255 * x) / 11)]),
    ),
    /* 16 */ stream(
      image(10, 10, ' /Mask 17 0 R'),
      samples(10, 10, () => [255, 255, 0]),
    ),
    // A stencil paints where its bits are 0: the left five columns of each 16-bit row.
    /* 17 */ stream(
      '/Type /XObject /Subtype /Image /Width 10 /Height 10 /ImageMask true /BitsPerComponent 1',
      Buffer.from(Array.from({ length: 10 }, () => [0b00000111, 0b11000000]).flat()),
    ),
    /* 18 */ stream(image(20, 10), gradient),
    /* 19 */ '<< /Type /Annot /Subtype /Stamp /Rect [120 40 160 80] /F 4 /AP << /N 20 0 R >> >>',
    /* 20 */ stream('/Type /XObject /Subtype /Form /BBox [0 0 40 40] /Resources << /XObject << /Im6 21 0 R >> >>', Buffer.from('q 40 0 0 40 0 0 cm /Im6 Do Q')),
    /* 21 */ stream(
      image(16, 16),
      samples(16, 16, () => [255, 0, 255]),
    ),
  ]);
}

/** One row of `pdfimages -list`: an image drawn on a page. */
export interface ListedImage {
  page: number;
  /** 'image', 'smask', 'mask' or 'stencil'. */
  type: string;
  width: number;
  height: number;
}

/** Every image drawing Poppler finds in the document. */
export function listImages(pdf: Buffer): ListedImage[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'x.pdf')], { encoding: 'utf8' });
    return [...list.matchAll(/^\s*(\d+)\s+\d+\s+(\w+)\s+(\d+)\s+(\d+)\s/gm)].map((m) => ({
      page: Number(m[1]),
      type: m[2],
      width: Number(m[3]),
      height: Number(m[4]),
    }));
  });
}

/** An image file as ImageMagick reads it: its format, size, and its pixels as 8-bit RGBA. */
export interface ReadImage {
  format: string;
  width: number;
  height: number;
  /** Whether the file itself carries transparency. */
  hasAlpha: boolean;
  /** RGBA at (x, y), 0–255 each. */
  pixel(x: number, y: number): [number, number, number, number];
}

/** Reads an image file with ImageMagick (identify for the header, convert for the pixels). */
export function readImage(data: Buffer): ReadImage {
  return withTempDir((dir) => {
    const path = join(dir, 'image');
    writeFileSync(path, data);
    const [format, width, height, alpha] = execFileSync('/usr/bin/identify-im6.q16', ['-format', '%m %w %h %A\n', `${path}[0]`], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    const rgba = execFileSync('/usr/bin/convert-im6.q16', [`${path}[0]`, '-depth', '8', 'rgba:-'], { maxBuffer: 512 * 1024 * 1024 });
    const w = Number(width);
    return {
      format,
      width: w,
      height: Number(height),
      hasAlpha: /^(true|blend)$/i.test(alpha),
      pixel: (x, y) => {
        const i = 4 * (y * w + x);
        return [rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]];
      },
    };
  });
}

/** The files of a ZIP answer, in order, by name. */
export function zipFiles(zip: Buffer): { name: string; data: Buffer }[] {
  return new AdmZip(zip).getEntries().map((entry) => ({ name: entry.entryName, data: entry.getData() }));
}

/** The ZIP's images as `name: WxH` (a quick picture of what it holds). */
export function zipImageSizes(zip: Buffer): Record<string, string> {
  return Object.fromEntries(
    zipFiles(zip).map(({ name, data }) => {
      const image = readImage(data);
      return [name, `${image.width}x${image.height}`];
    }),
  );
}
