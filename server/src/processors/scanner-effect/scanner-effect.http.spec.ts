import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scannerEffectTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { renderColour, type ColourImage } from '../../../test/support/marks';
import { CORRUPT_PDF, encryptPdf, makePdf, pageCount, withTempDir } from '../../../test/support/pdfs';
import { largePagesPdf, SCAN_LAYOUT, scanPdf } from '../../../test/support/scan-pdfs';
import { useTestServer } from '../../../test/support/test-server';

// Each case draws pages and redraws them as pictures: seconds each on a busy machine.
jest.setTimeout(120_000);

type Region = { left: number; top: number; right: number; bottom: number };
type Fields = Record<string, string | number | boolean>;

/** `pdfimages -list` rows: page, size, colour, resolution. */
function images(pdf: Buffer): { page: number; width: number; height: number; color: string; ppi: number }[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'x.pdf')], { encoding: 'utf8' });
    return [...list.matchAll(/^\s*(\d+)\s+\d+\s+image\s+(\d+)\s+(\d+)\s+(\w+)\s+\d+\s+\d+\s+\w+\s+\w+\s+\d+\s+\d+\s+(\d+)/gm)].map((m) => ({
      page: Number(m[1]),
      width: Number(m[2]),
      height: Number(m[3]),
      color: m[4],
      ppi: Number(m[5]),
    }));
  });
}

/** Every page's size in points as pdfinfo reads it, and its text as pdftotext does. */
function pagesOf(pdf: Buffer): { sizes: string[]; text: string } {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '99', join(dir, 'x.pdf')], { encoding: 'utf8' });
    const text = execFileSync('pdftotext', [join(dir, 'x.pdf'), '-'], { encoding: 'utf8' });
    return { sizes: [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => `${m[1]}x${m[2]}`), text: text.replace(/\f/g, '').trim() };
  });
}

/** Mean and standard deviation of each channel over a region (points from the top-left). */
function stats(image: ColourImage, region: Region): { mean: [number, number, number]; sd: number } {
  const px = (pt: number) => Math.round((pt * image.dpi) / 72);
  const sums = [0, 0, 0];
  const squares = [0, 0, 0];
  let n = 0;
  for (let y = px(region.top); y < px(region.bottom); y++) {
    for (let x = px(region.left); x < px(region.right); x++) {
      const i = 3 * (y * image.width + x);
      for (let c = 0; c < 3; c++) {
        sums[c] += image.rgb[i + c];
        squares[c] += image.rgb[i + c] ** 2;
      }
      n++;
    }
  }
  const mean = sums.map((s) => s / n) as [number, number, number];
  return { mean, sd: Math.sqrt(squares[0] / n - mean[0] ** 2) };
}

/** The largest difference between a pixel's channels anywhere on the page: 0 for a grey picture. */
function colourfulness(image: ColourImage): number {
  let most = 0;
  for (let i = 0; i < image.rgb.length; i += 3) most = Math.max(most, Math.abs(image.rgb[i] - image.rgb[i + 1]), Math.abs(image.rgb[i + 1] - image.rgb[i + 2]));
  return most;
}

/** The dark bar's middle row (pixels) in column `x` (points), near where it was drawn. */
function barMiddle(image: ColourImage, xPt: number): number {
  const x = Math.round((xPt * image.dpi) / 72);
  const rows: number[] = [];
  for (let y = Math.round((150 * image.dpi) / 72); y < Math.round((250 * image.dpi) / 72); y++) if (image.rgb[3 * (y * image.width + x)] < 90) rows.push(y);
  expect(rows.length).toBeGreaterThan(0);
  return (rows[0] + rows[rows.length - 1]) / 2;
}

/** The bar's slope: rows down per column across, as the page shows it (positive: turned clockwise). */
function slope(image: ColourImage): number {
  const [a, b] = [90, 210];
  return (barMiddle(image, b) - barMiddle(image, a)) / (((b - a) * image.dpi) / 72);
}

/** Advanced settings that leave only what a test looks at: no grain, blur, border or chance. */
const CLEAN: Fields = { advancedEnabled: true, noise: 0, blur: 0, border: 0, rotateVariance: 0, rotation: 'none' };

describe('Scanner Effect (/api/v1/misc/scanner-effect)', () => {
  const server = useTestServer();
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await scanPdf(2);
  });
  const scan = (fields: Fields = {}, content = pdf, name = 'letter.pdf') => postTool(server, scannerEffectTool.endpoint, [{ name, content }], fields);

  describe('by default (quality high, rotation slight)', () => {
    let res: Awaited<ReturnType<typeof scan>>;
    beforeAll(async () => {
      res = await scan();
    });

    it('answers <name>_scanner_effect.pdf with every page, each the original size', () => {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.fileName).toBe('letter_scanner_effect.pdf');
      expect(pageCount(res.body)).toBe(2);
      expect(pagesOf(res.body).sizes).toEqual(['300x400', '300x400']);
    });

    it('makes each page one grey picture at 150 DPI, with no text left', () => {
      expect(images(res.body)).toEqual([
        { page: 1, width: 625, height: 834, color: 'gray', ppi: 150 },
        { page: 2, width: 625, height: 834, color: 'gray', ppi: 150 },
      ]);
      expect(pagesOf(res.body).text).toBe('');
      // The red square is grey now.
      expect(colourfulness(renderColour(res.body, 1, 72))).toBeLessThanOrEqual(2);
    });

    it('tilts each page slightly (2° ± 2°) and keeps what was on it', () => {
      for (const page of [1, 2]) {
        const image = renderColour(res.body, page, 72);
        const degrees = (Math.atan(slope(image)) * 180) / Math.PI;
        expect(degrees).toBeGreaterThanOrEqual(-0.3);
        expect(degrees).toBeLessThanOrEqual(4.3);
        // The square is still there, darker than the paper.
        expect(stats(image, { left: 130, top: 280, right: 170, bottom: 320 }).mean[0]).toBeLessThan(200);
      }
    });
  });

  it('tilts by the rotation preset plus rotate: 5° + 5°, the corners it uncovers dark', async () => {
    const res = await scan({ ...CLEAN, rotation: 'moderate', rotate: 5 });
    expect(res.status).toBe(200);
    const image = renderColour(res.body, 1, 72);
    expect(slope(image)).toBeCloseTo(Math.tan((10 * Math.PI) / 180), 1);
    // Top-left corner: the scanner's dark background where the turned page no longer covers it.
    expect(stats(image, { left: 0, top: 0, right: 6, bottom: 6 }).mean[0]).toBeLessThan(100);
    expect(stats(image, SCAN_LAYOUT.paper).mean[0]).toBeGreaterThan(230);
  });

  it('turns the other way for a negative rotate, and not at all for rotation none without advanced settings', async () => {
    const left = renderColour((await scan({ ...CLEAN, rotate: -6 })).body, 1, 72);
    expect(slope(left)).toBeCloseTo(Math.tan((-6 * Math.PI) / 180), 1);
    const level = renderColour((await scan({ rotation: 'none' })).body, 1, 72);
    expect(Math.abs(slope(level))).toBeLessThan(0.005);
    // Untilted, the corners show the frame's light grey, not the dark background.
    expect(stats(level, { left: 0, top: 0, right: 3, bottom: 3 }).mean[0]).toBeGreaterThan(150);
  });

  it('draws a shaded border of the given width around the page', async () => {
    const framed = renderColour((await scan({ ...CLEAN, border: 100, resolution: 72 })).body, 1, 72);
    const plain = renderColour((await scan({ ...CLEAN, border: 0, resolution: 72 })).body, 1, 72);
    // 100 px of frame on a 300 px page: scaled to cover, the frame is about a seventh of the width on each side.
    const edge = { left: 2, top: 150, right: 20, bottom: 250 };
    expect(stats(framed, edge).mean[0]).toBeLessThan(235);
    expect(stats(plain, edge).mean[0]).toBeGreaterThan(250);
  });

  it('adds grain: the paper’s levels spread with noise and are flat without', async () => {
    // Drawn at 72 DPI and read at 72 DPI: one rendered pixel per pixel of grain.
    const grainy = stats(renderColour((await scan({ ...CLEAN, noise: 20, resolution: 72 })).body, 1, 72), SCAN_LAYOUT.paper);
    const smooth = stats(renderColour((await scan({ ...CLEAN, noise: 0, resolution: 72 })).body, 1, 72), SCAN_LAYOUT.paper);
    expect(smooth.sd).toBeLessThan(1.5);
    expect(grainy.sd).toBeGreaterThan(6);
  });

  it('blurs: the bar’s edge spreads over more rows', async () => {
    const edgeRows = (image: ColourImage) => {
      let grey = 0;
      const x = Math.round((150 * image.dpi) / 72);
      for (let y = Math.round((185 * image.dpi) / 72); y < Math.round((215 * image.dpi) / 72); y++) {
        const level = image.rgb[3 * (y * image.width + x)];
        if (level > 40 && level < 215) grey++;
      }
      return grey;
    };
    const sharp = renderColour((await scan({ ...CLEAN, blur: 0, resolution: 144 })).body, 1, 144);
    const blurred = renderColour((await scan({ ...CLEAN, blur: 5, resolution: 144 })).body, 1, 144);
    expect(edgeRows(blurred)).toBeGreaterThan(edgeRows(sharp) + 4);
  });

  it('darkens with brightness below 1 and stretches levels with contrast above 1', async () => {
    const square = { left: 130, top: 280, right: 170, bottom: 320 };
    const normal = renderColour((await scan(CLEAN)).body, 1, 72);
    const dark = renderColour((await scan({ ...CLEAN, brightness: 0.6 })).body, 1, 72);
    const contrasty = renderColour((await scan({ ...CLEAN, contrast: 1.5 })).body, 1, 72);
    expect(stats(dark, SCAN_LAYOUT.paper).mean[0]).toBeLessThan(stats(normal, SCAN_LAYOUT.paper).mean[0] - 60);
    // The square's mid grey moves away from the middle: darker still.
    expect(stats(contrasty, square).mean[0]).toBeLessThan(stats(normal, square).mean[0] - 10);
  });

  it('keeps colour with colorspace color, and tints grey paper yellow with yellowish', async () => {
    const colour = await scan({ ...CLEAN, colorspace: 'color' });
    expect(images(colour.body)[0].color).toBe('rgb');
    const red = stats(renderColour(colour.body, 1, 72), { left: 130, top: 280, right: 170, bottom: 320 }).mean;
    expect(red[0]).toBeGreaterThan(170);
    expect(red[1]).toBeLessThan(80);

    const yellow = await scan({ ...CLEAN, yellowish: true });
    expect(images(yellow.body)[0].color).toBe('rgb');
    const [r, g, b] = stats(renderColour(yellow.body, 1, 72), SCAN_LAYOUT.paper).mean;
    expect(r).toBeGreaterThan(240);
    expect(r - b).toBeGreaterThan(25);
    expect(g).toBeGreaterThan(b);
  });

  it.each([
    ['quality medium', { quality: 'medium' }, 100],
    ['quality low', { quality: 'low' }, 75],
    ['resolution 96 with advanced settings', { ...CLEAN, resolution: 96 }, 96],
    ['resolution 600 with advanced settings', { ...CLEAN, resolution: 600 }, 600],
  ])('draws at the resolution %s asks for', async (_, fields, dpi) => {
    const res = await scan(fields, await scanPdf(1));
    expect(res.status).toBe(200);
    expect(images(res.body)).toEqual([
      { page: 1, width: Math.ceil((300 * dpi) / 72 - 0.001), height: Math.ceil((400 * dpi) / 72 - 0.001), color: 'gray', ppi: dpi },
    ]);
    expect(pagesOf(res.body).sizes).toEqual(['300x400']);
  });

  it('ignores advanced values while advanced settings are off, however wrong', async () => {
    const res = await scan({ advancedEnabled: false, resolution: 5000, border: -3, colorspace: 'purple', noise: 'loud' }, await scanPdf(1));
    expect(res.status).toBe(200);
    expect(images(res.body)[0]).toMatchObject({ color: 'gray', ppi: 150 });
  });

  describe('refuses', () => {
    it.each([
      [{ quality: 'HIGH' }, 'Quality must be low, medium or high.'],
      [{ rotation: 'Slight' }, 'Rotation must be none, slight, moderate or severe.'],
      [{ advancedEnabled: true, colorspace: 'GRAYSCALE' }, 'Colorspace must be grayscale or color.'],
      [{ advancedEnabled: true, border: 101 }, 'Border must be a whole number between 0 and 100.'],
      [{ advancedEnabled: true, rotate: -16 }, 'Rotate must be a whole number between -15 and 15.'],
      [{ advancedEnabled: true, rotateVariance: 2.5 }, 'Rotate variance must be a whole number between 0 and 10.'],
      [{ advancedEnabled: true, brightness: 1.6 }, 'Brightness must be between 0.5 and 1.5.'],
      [{ advancedEnabled: true, contrast: 0.4 }, 'Contrast must be between 0.5 and 1.5.'],
      [{ advancedEnabled: true, blur: 5.5 }, 'Blur must be between 0 and 5.'],
      [{ advancedEnabled: true, noise: 21 }, 'Noise must be between 0 and 20.'],
      [{ advancedEnabled: true, resolution: 71 }, 'Resolution must be a whole number between 72 and 600.'],
      [{ advancedEnabled: 'maybe' }, 'Advanced settings: expected true or false.'],
    ])('%j with a 400 saying why', async (fields, message) => {
      const res = await scan(fields as Fields);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(message);
    });

    it('a document whose pages would make too many pixels, before drawing anything', async () => {
      // 20 letter pages at 600 DPI: 673 megapixels, past the 300 the default 300 s job limit allows.
      const res = await scan({ advancedEnabled: true, resolution: 600 }, await largePagesPdf(20, [612, 792]), 'thick.pdf');
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(
        'The 20 pages of "thick.pdf" would make 673.2 megapixels at 600 DPI; the scanner effect draws up to 300 per request. Choose a lower resolution or fewer pages.',
      );
    });

    it('a page too large to draw at the chosen resolution', async () => {
      const res = await scan({}, await largePagesPdf(1, [14400, 14400]), 'poster.pdf');
      expect(res.status).toBe(400);
      expect(res.json.detail).toMatch(
        /^A page of "poster.pdf" would be 30000 × 30000 pixels at 150 DPI; pages of up to 40 megapixels can be rendered\. Choose a lower quality\.$/,
      );
    });

    it('a damaged file, a file that needs a password, and a file that is not a PDF', async () => {
      const damaged = await scan({}, CORRUPT_PDF);
      expect(damaged.json).toMatchObject({ status: 400, type: '/errors/pdf-corrupted', errorCode: 'E001' });
      const locked = await scan({}, encryptPdf(await makePdf(1), 'user-secret'));
      expect(locked.json).toMatchObject({ status: 400, type: '/errors/pdf-password', errorCode: 'E004' });
      const text = await scan({}, Buffer.from('just text'), 'notes.pdf');
      expect(text.json).toMatchObject({ status: 400, type: '/errors/invalid-file-type', detail: 'Please upload a PDF file.' });
    });
  });
});
