import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { withTempDir } from './pdfs';

/**
 * Pages for Auto Split PDF made on the fly: pages of text, and pages carrying a
 * QR code (drawn by qrencode), either clean (the code as a picture beside real
 * text) or "scanned": the whole page drawn by pdftoppm at 300 DPI, turned,
 * blurred, greyed, speckled and brought down to 150 DPI by ImageMagick, then
 * placed back as one JPEG picture, with no text left.
 */

/** A4 in points. */
const PAGE: [number, number] = [595, 842];

/** One page of text per entry of `lines`. */
export async function textPages(lines: readonly string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const line of lines) doc.addPage(PAGE).drawText(line, { x: 72, y: 700, size: 20, font });
  return Buffer.from(await doc.save());
}

export interface ScanLook {
  /** Degrees the sheet lies turned on the glass. */
  skewDegrees: number;
  /** ImageMagick's `-attenuate` for Gaussian noise: 0.3 light, 1 heavy. */
  noise: number;
  /** Darkest and lightest grey the scan keeps, as ImageMagick `+level` percentages: low contrast. */
  levels: [number, number];
  /** Resolution of the picture placed back on the page. */
  dpi: number;
}

export const POOR_SCAN: ScanLook = { skewDegrees: 3, noise: 0.6, levels: [25, 80], dpi: 150 };

export interface QrPageOptions {
  /** Real text under the code (not on a scanned page, which has none). */
  caption?: string;
  /** Side of the code in points. */
  side?: number;
  /** Make the page a scan of itself. */
  scan?: ScanLook;
}

/** A one-page PDF with a QR code of `text` in its upper half. */
export async function qrPage(text: string, options: QrPageOptions = {}): Promise<Buffer> {
  const clean = await withTempDirAsync(async (dir) => {
    execFileSync('qrencode', ['-o', join(dir, 'qr.png'), '-s', '10', '-m', '4', '-l', 'M', text]);
    const doc = await PDFDocument.create();
    const page = doc.addPage(PAGE);
    const picture = await doc.embedPng(readFileSync(join(dir, 'qr.png')));
    const side = options.side ?? 200;
    page.drawImage(picture, { x: (PAGE[0] - side) / 2, y: 520, width: side, height: side });
    if (options.caption) page.drawText(options.caption, { x: 72, y: 400, size: 20, font: await doc.embedFont(StandardFonts.Helvetica) });
    return Buffer.from(await doc.save());
  });
  return options.scan ? scanOf(clean, options.scan) : clean;
}

/** `pdf`'s first page as a poor scan: one grey JPEG picture filling the page. */
export async function scanOf(pdf: Buffer, look: ScanLook): Promise<Buffer> {
  const jpeg = withTempDir((dir) => {
    writeFileSync(join(dir, 'page.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', '-singlefile', '-f', '1', '-l', '1', join(dir, 'page.pdf'), join(dir, 'page')]);
    execFileSync('convert', [
      join(dir, 'page.png'),
      '-background',
      'white',
      '-rotate',
      String(look.skewDegrees),
      '-blur',
      '0x1',
      '+level',
      `${look.levels[0]}%,${look.levels[1]}%`,
      '-seed',
      '7',
      '-attenuate',
      String(look.noise),
      '+noise',
      'Gaussian',
      '-colorspace',
      'Gray',
      '-resize',
      `${(look.dpi / 300) * 100}%`,
      '-quality',
      '75',
      join(dir, 'scan.jpg'),
    ]);
    return readFileSync(join(dir, 'scan.jpg'));
  });
  const doc = await PDFDocument.create();
  const picture = await doc.embedJpg(jpeg);
  const [width, height] = [(picture.width * 72) / look.dpi, (picture.height * 72) / look.dpi];
  doc.addPage([width, height]).drawImage(picture, { x: 0, y: 0, width, height });
  return Buffer.from(await doc.save());
}

/** What zbar (not the tool's reader) reads on each page of `pdf`, drawn at 150 DPI: the fixture's own check. */
export function zbarTexts(pdf: Buffer): string[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-png', join(dir, 'x.pdf'), join(dir, 'p')]);
    try {
      return execFileSync('zbarimg', ['-q', '--raw', join(dir, 'p-1.png')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .trim()
        .split('\n');
    } catch {
      return [];
    }
  });
}

async function withTempDirAsync<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-test-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
