import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { degrees, grayscale, PDFDocument, StandardFonts } from 'pdf-lib';
import { readGrayImage, type GrayImage } from '../../src/engines/poppler';
import { withTempDir } from './pdfs';

/**
 * PDFs of mixed page sizes and rotations, and readers of where things end up:
 * page boxes, word positions (pdftotext -bbox) and rendered ink (pdftoppm).
 * Positions are in points from the top-left corner of the page as shown.
 */

export interface PageSpec {
  /** Unrotated width and height in points. */
  size: [number, number];
  /** /Rotate; 90 pages have their text drawn so that it reads upright when shown. */
  rotate?: 0 | 90;
  /** One word-group of text near the shown page's lower left. Default `p<n>`. */
  text?: string;
  /** Fill the whole page mid grey (ink for the renderer), text on top. */
  background?: boolean;
  /** Black bars, 6 pt thick, along every edge. */
  edges?: boolean;
  /** One black rectangle in unrotated page coordinates (lower-left origin), for auto-crop. */
  block?: { x: number; y: number; width: number; height: number };
}

export async function makePagesPdf(pages: PageSpec[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pages.forEach((spec, i) => {
    const [width, height] = spec.size;
    const page = doc.addPage([width, height]);
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
    if (spec.background) page.drawRectangle({ x: 0, y: 0, width, height, color: grayscale(0.5) });
    if (spec.edges) {
      const black = grayscale(0);
      page.drawRectangle({ x: 0, y: 0, width, height: 6, color: black });
      page.drawRectangle({ x: 0, y: height - 6, width, height: 6, color: black });
      page.drawRectangle({ x: 0, y: 0, width: 6, height, color: black });
      page.drawRectangle({ x: width - 6, y: 0, width: 6, height, color: black });
    }
    if (spec.block) page.drawRectangle({ ...spec.block, color: grayscale(0) });
    if (spec.text !== '') {
      const text = spec.text ?? `p${i + 1}`;
      // Shown at (30, 40) from the lower left either way: /Rotate 90 turns the page clockwise,
      // so the text is drawn turned 90° the other way, at unrotated (width - 40, 30).
      if (spec.rotate === 90) page.drawText(text, { x: width - 40, y: 30, size: 16, font, rotate: degrees(90) });
      else page.drawText(text, { x: 30, y: 40, size: 16, font });
    }
  });
  return Buffer.from(await doc.save());
}

export interface PageBoxes {
  /** [x0, y0, x1, y1], rounded to 0.01 pt. */
  mediaBox: number[];
  cropBox: number[];
  rotate: number;
  /** Size as shown: crop box after /Rotate. */
  width: number;
  height: number;
}

const r2 = (n: number) => Math.round(n * 100) / 100;

export async function pageBoxes(pdf: Buffer): Promise<PageBoxes[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const m = page.getMediaBox();
    const c = page.getCropBox();
    const rotate = page.getRotation().angle % 360;
    const turned = rotate === 90 || rotate === 270;
    return {
      mediaBox: [m.x, m.y, m.x + m.width, m.y + m.height].map(r2),
      cropBox: [c.x, c.y, c.x + c.width, c.y + c.height].map(r2),
      rotate,
      width: r2(turned ? c.height : c.width),
      height: r2(turned ? c.width : c.height),
    };
  });
}

export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of every page with its box, from `pdftotext -bbox`. */
export function pageWords(pdf: Buffer): Word[][] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const html = execFileSync('pdftotext', ['-bbox', join(dir, 'x.pdf'), '-'], { encoding: 'utf8' });
    return html
      .split('<page ')
      .slice(1)
      .map((page) =>
        [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
          text: m[5],
          xMin: Number(m[1]),
          yMin: Number(m[2]),
          xMax: Number(m[3]),
          yMax: Number(m[4]),
        })),
      );
  });
}

/** The box of a word on a page; fails the test when the word is not there exactly once. */
export function wordBox(words: Word[], text: string): Word {
  const found = words.filter((w) => w.text === text);
  if (found.length !== 1) throw new Error(`Expected the word "${text}" once, found it ${found.length} times among: ${words.map((w) => w.text).join(' ')}`);
  return found[0];
}

export interface Rendering extends GrayImage {
  dpi: number;
}

/** Every page rendered in grey by pdftoppm, as a viewer shows it. */
export async function renderPages(pdf: Buffer, dpi = 20): Promise<Rendering[]> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-render-'));
  try {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', join(dir, 'x.pdf'), join(dir, 'page')]);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort((a, b) => Number(/(\d+)\.pgm$/.exec(a)![1]) - Number(/(\d+)\.pgm$/.exec(b)![1]));
    return await Promise.all(files.map(async (f) => ({ ...(await readGrayImage(join(dir, f))), dpi })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Darker than this counts as ink (mid grey is 127, antialiased edges lighter). */
const INK = 200;

/** A region in points from the shown page's top-left corner. */
export interface Region {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Share of the region's pixels that are ink, 0 to 1. */
export function inkShare(image: Rendering, region: Region): number {
  const px = (pt: number) => (pt * image.dpi) / 72;
  const [x0, x1] = [Math.max(0, Math.round(px(region.left))), Math.min(image.width, Math.round(px(region.right)))];
  const [y0, y1] = [Math.max(0, Math.round(px(region.top))), Math.min(image.height, Math.round(px(region.bottom)))];
  let ink = 0;
  let all = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      all++;
      if (image.pixels[y * image.width + x] < INK) ink++;
    }
  }
  if (all === 0) throw new Error(`Region ${JSON.stringify(region)} holds no pixels at ${image.dpi} dpi.`);
  return ink / all;
}

/** The bounding box of all ink, in points from the top-left corner; undefined for a blank page. */
export function inkBox(image: Rendering): Region | undefined {
  let box: Region | undefined;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.pixels[y * image.width + x] >= INK) continue;
      if (!box) box = { left: x, top: y, right: x + 1, bottom: y + 1 };
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x + 1);
      box.bottom = y + 1;
    }
  }
  const pt = (px: number) => (px * 72) / image.dpi;
  return box && { left: pt(box.left), top: pt(box.top), right: pt(box.right), bottom: pt(box.bottom) };
}

/** Asserts that two boxes agree within `tolerance` points on every side. */
export function expectBoxNear(actual: Region | undefined, expected: Region, tolerance: number): void {
  expect(actual).toBeDefined();
  for (const side of ['left', 'top', 'right', 'bottom'] as const) {
    if (Math.abs(actual![side] - expected[side]) > tolerance) {
      throw new Error(`${side}: expected ${expected[side].toFixed(1)} ± ${tolerance}, got ${actual![side].toFixed(1)} (box ${JSON.stringify(actual)})`);
    }
  }
}

/** Number of raster images in the document (`pdfimages -list`): 0 means the pages were not rasterised. */
export function imageCount(pdf: Buffer): number {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'x.pdf')], { encoding: 'utf8' });
    return list.trim().split('\n').length - 2; // two header lines
  });
}

/**
 * Where a page of `width` × `height` lands when fitted into `box` uniformly, times
 * `factor`, and centred; as a region from the top-left of a sheet `sheetHeight` tall.
 */
export function fittedRegion(
  width: number,
  height: number,
  box: { x: number; y: number; width: number; height: number },
  sheetHeight: number,
  factor = 1,
): Region {
  const scale = Math.min(box.width / width, box.height / height) * factor;
  const left = box.x + (box.width - width * scale) / 2;
  const bottomUp = box.y + (box.height - height * scale) / 2;
  return { left, right: left + width * scale, top: sheetHeight - bottomUp - height * scale, bottom: sheetHeight - bottomUp };
}
