import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { writePdf } from '../../../test/support/pdf-writer';
import { withTempDir } from '../../../test/support/pdfs';

/**
 * PDFs of blank, nearly blank and clearly used pages, for Remove Blank Pages.
 * Every page has its own width (500, 510, 520 ... points), so a reader that
 * knows only page sizes (pdfinfo) can tell which pages a result holds.
 */

export type PageKind =
  /** Nothing at all: no content. */
  | 'empty'
  /** A line of text. */
  | 'text'
  /** A scan of an empty sheet: paper-white noise and a few dark specks of dust. */
  | 'speckled-scan'
  /** A scan of a sheet a shade of grey darker than white (recycled paper). */
  | 'grey-scan'
  /** A scan of a sheet with a short handwritten line on it (about 1.5 % of the page dark). */
  | 'handwritten-scan'
  /** A photograph filling the page (a gradient with noise). */
  | 'photo'
  /** A bar chart drawn with vector shapes, no text and no image. */
  | 'drawing'
  /** A white rectangle drawn over the page: vector content that shows nothing. */
  | 'white-drawing';

const HEIGHT = 700;
/** The width of page `index` (0-based), which identifies it. */
export const pageWidth = (index: number) => 500 + 10 * index;

/** Scan resolution of the fixtures' images: 600 × 840 pixels over the page. */
const SCAN = { width: 600, height: 840 };

/** A deterministic pseudo-random sequence, so fixtures are the same every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Grey pixels of one scan-like image. */
function scanPixels(kind: 'speckled-scan' | 'grey-scan' | 'handwritten-scan' | 'photo', seed: number): Buffer {
  const { width, height } = SCAN;
  const next = random(seed);
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const noise = Math.floor(next() * 8);
      let value: number;
      if (kind === 'photo') value = Math.round((x / width) * 180 + (y / height) * 60) + noise;
      else if (kind === 'grey-scan') value = 228 + noise;
      else value = 247 + noise;
      pixels[y * width + x] = Math.min(255, value);
    }
  }
  if (kind === 'speckled-scan') {
    // Six specks of dust, 4 × 4 pixels each: 96 of 504,000 pixels.
    for (const [sx, sy] of [
      [50, 80],
      [300, 120],
      [520, 400],
      [90, 700],
      [410, 790],
      [250, 450],
    ]) {
      for (let y = sy; y < sy + 4; y++) for (let x = sx; x < sx + 4; x++) pixels[y * width + x] = 20;
    }
  }
  if (kind === 'handwritten-scan') {
    // A wavy pen stroke 6 pixels thick across most of the page's width, three lines of it.
    for (const baseline of [200, 260, 320]) {
      for (let x = 60; x < 540; x++) {
        const y0 = baseline + Math.round(10 * Math.sin(x / 9));
        for (let y = y0; y < y0 + 6; y++) pixels[y * width + x] = 30;
      }
    }
  }
  return pixels;
}

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);

/**
 * A PDF with one page of each kind given, in order; `title` goes to the Info
 * dictionary and a bookmark points at the first page, so a result can be
 * checked for keeping them.
 */
export function blankPagesPdf(kinds: readonly PageKind[], title = 'Scanned batch'): Buffer {
  // 1 catalog, 2 pages, 3 font, 4 info, 5 outlines, 6 bookmark; then per page: page, content, image?
  const objects: (string | Buffer)[] = ['', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>', `<< /Title (${title}) >>`, '', ''];
  const pageRefs: number[] = [];
  kinds.forEach((kind, index) => {
    const pageNumber = objects.length + 1;
    const contentNumber = pageNumber + 1;
    const imageNumber = pageNumber + 2;
    const width = pageWidth(index);
    let content = '';
    let resources = '';
    let image: Buffer | undefined;
    switch (kind) {
      case 'empty':
        break;
      case 'text':
        content = `BT /F1 24 Tf 72 600 Td (Chapter ${index + 1}) Tj ET`;
        resources = '/Font << /F1 3 0 R >>';
        break;
      case 'drawing':
        // Four bars of a chart, dark blue, about a fifth of the page.
        content = `0.1 0.2 0.6 rg 80 100 60 300 re f 180 100 60 220 re f 280 100 60 380 re f 380 100 60 150 re f 0 g 60 90 m ${width - 60} 90 l S`;
        break;
      case 'white-drawing':
        content = `1 1 1 rg 0 0 ${width} ${HEIGHT} re f`;
        break;
      default:
        image = stream(
          `/Type /XObject /Subtype /Image /Width ${SCAN.width} /Height ${SCAN.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
          deflateSync(scanPixels(kind, index + 1)),
        );
        content = `q ${width} 0 0 ${HEIGHT} 0 0 cm /Im1 Do Q`;
        resources = `/XObject << /Im1 ${imageNumber} 0 R >>`;
    }
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${HEIGHT}] /Resources << ${resources} >> /Contents ${contentNumber} 0 R >>`);
    objects.push(stream('', Buffer.from(content, 'latin1')));
    if (image) objects.push(image);
    pageRefs.push(pageNumber);
  });
  objects[0] = '<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R >>';
  objects[1] = `<< /Type /Pages /Kids [${pageRefs.map((n) => `${n} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`;
  objects[4] = '<< /Type /Outlines /First 6 0 R /Last 6 0 R /Count 1 >>';
  objects[5] = `<< /Title (Start) /Parent 5 0 R /Dest [${pageRefs[0]} 0 R /Fit] >>`;
  return writePdf(objects, '/Info 4 0 R');
}

/** Each page's width in points, read by pdfinfo: which fixture pages a PDF holds. */
export function pageWidths(pdf: Buffer): number[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100000', join(dir, 'x.pdf')], { encoding: 'utf8' });
    return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x/gm)].map((m) => Number(m[1]));
  });
}
