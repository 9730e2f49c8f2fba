import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { withTempDir } from './pdfs';

/**
 * "Scans" made on the fly: pages of text set in Helvetica (WinAnsi: English,
 * French and German letters), drawn by Poppler's pdftoppm and placed back as
 * pictures, so a page holds no text at all until OCR reads it.
 */

export interface ScanOptions {
  /** Page size in points. Small pages keep Tesseract's work short. */
  size?: [number, number];
  /** Resolution the page is drawn at, which becomes the picture's. */
  dpi?: number;
  /** Turn the picture by this many degrees clockwise (ImageMagick), as a slanted scan. */
  skewDegrees?: number;
  /** Text size in points. */
  fontSize?: number;
}

const DEFAULT_SIZE: [number, number] = [360, 240];

/** A PDF whose pages carry `lines` as real text, one entry of `pages` per page. */
export async function textPdf(pages: readonly (readonly string[])[], options: Pick<ScanOptions, 'size' | 'fontSize'> = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const [width, height] = options.size ?? DEFAULT_SIZE;
  const size = options.fontSize ?? 18;
  for (const lines of pages) {
    const page = doc.addPage([width, height]);
    lines.forEach((line, index) => page.drawText(line, { x: 24, y: height - 48 - index * size * 1.8, size, font }));
  }
  return Buffer.from(await doc.save());
}

/** The pictures of a PDF's pages as PNGs (grey), drawn by pdftoppm and, when asked, turned by ImageMagick. */
function pagePictures(pdf: Buffer, dpi: number, skewDegrees: number): Buffer[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'text.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', join(dir, 'text.pdf'), join(dir, 'page')]);
    const pages = execFileSync('pdfinfo', [join(dir, 'text.pdf')], { encoding: 'utf8' }).match(/^Pages:\s+(\d+)/m)![1];
    const width = String(pages).length;
    return Array.from({ length: Number(pages) }, (_, i) => {
      const png = join(dir, `page-${String(i + 1).padStart(width, '0')}.png`);
      if (skewDegrees !== 0) execFileSync('convert', [png, '-background', 'white', '-rotate', String(skewDegrees), png]);
      return readFileSync(png);
    });
  });
}

/** A document of pictures only: each page of `pages` is drawn and placed back as one picture filling the page. */
export async function scannedPdf(pages: readonly (readonly string[])[], options: ScanOptions = {}): Promise<Buffer> {
  const dpi = options.dpi ?? 200;
  const pictures = pagePictures(await textPdf(pages, options), dpi, options.skewDegrees ?? 0);
  const scan = await PDFDocument.create();
  for (const png of pictures) {
    const picture = await scan.embedPng(png);
    // The page is as large as the picture at its resolution (a turned picture is larger than the text page).
    const [width, height] = [(picture.width * 72) / dpi, (picture.height * 72) / dpi];
    scan.addPage([width, height]).drawImage(picture, { x: 0, y: 0, width, height });
  }
  return Buffer.from(await scan.save());
}

/** One PDF made of the pages of several, in order (qpdf). */
export function joinPdfs(parts: readonly Buffer[]): Buffer {
  return withTempDir((dir) => {
    const paths = parts.map((part, i) => {
      const path = join(dir, `part-${i}.pdf`);
      writeFileSync(path, part);
      return path;
    });
    execFileSync('qpdf', ['--empty', '--pages', ...paths, '--', join(dir, 'joined.pdf')]);
    return readFileSync(join(dir, 'joined.pdf'));
  });
}
