import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { advancedColourTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { flatPng, fontsOf, imagesPerPage, plainPageTexts, renderColour, type ColourImage } from '../../../test/support/marks';
import { pageWords, wordBox, type Word } from '../../../test/support/page-geometry';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, pageCount, withTempDir } from '../../../test/support/pdfs';
import { seedPdf } from '../../../test/corpus/pdf-writer';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(180_000);

const pdfUpload = (content: Buffer, name = 'input.pdf'): Upload => ({ name, content });

type Colour = readonly [number, number, number];
const WHITE: Colour = [255, 255, 255];
const BLACK: Colour = [0, 0, 0];
const PHOTO: Colour = [0x30, 0x80, 0xc0];

/**
 * A page as office programs write them: a white background drawn as a
 * rectangle, a red heading, black body text, white text on a dark banner, a
 * thin rule drawn as a filled box, a stroked frame, a light table shading and
 * a photo; page 2 draws text from inside a form XObject and is turned by /Rotate 90.
 */
async function officePage(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const photo = await doc.embedPng(flatPng(60, 60, '#3080c0'));
  const page = doc.addPage([400, 500]);
  page.drawRectangle({ x: 0, y: 0, width: 400, height: 500, color: rgb(1, 1, 1) });
  page.drawText('Heading', { x: 30, y: 440, size: 24, font, color: rgb(0.85, 0.1, 0.1) });
  page.drawText('Body text here', { x: 30, y: 400, size: 14, font, color: rgb(0, 0, 0) });
  page.drawRectangle({ x: 30, y: 300, width: 340, height: 40, color: rgb(0.1, 0.2, 0.5) });
  page.drawText('Banner', { x: 40, y: 312, size: 18, font, color: rgb(1, 1, 1) });
  page.drawRectangle({ x: 30, y: 280, width: 340, height: 1, color: rgb(0, 0, 0) });
  page.drawRectangle({ x: 30, y: 150, width: 150, height: 100, borderColor: rgb(0, 0.6, 0), borderWidth: 3 });
  page.drawImage(photo, { x: 250, y: 150, width: 60, height: 60 });
  page.drawRectangle({ x: 200, y: 40, width: 150, height: 60, color: rgb(0.85, 0.85, 0.85) });

  const inner = await PDFDocument.create();
  const innerFont = await inner.embedFont(StandardFonts.Helvetica);
  inner.addPage([300, 100]).drawText('Inside a form', { x: 10, y: 40, size: 20, font: innerFont, color: rgb(0, 0, 1) });
  const [form] = await doc.embedPdf(Buffer.from(await inner.save()));
  const second = doc.addPage([300, 200]);
  second.setRotation(degrees(90));
  second.drawPage(form, { x: 0, y: 50 });
  return Buffer.from(await doc.save());
}

/** The pixel at a point given in points from the shown page's top-left corner. */
function pixelAt(image: ColourImage, x: number, y: number): Colour {
  const px = (pt: number) => Math.floor((pt * image.dpi) / 72);
  const i = 3 * (px(y) * image.width + px(x));
  return [image.rgb[i], image.rgb[i + 1], image.rgb[i + 2]];
}

const near = (actual: Colour, expected: Colour, tolerance = 24) => actual.every((channel, i) => Math.abs(channel - expected[i]) <= tolerance);

/** Whether any pixel inside the word's box is (about) the colour: the glyphs drawn in it. */
function drawnIn(image: ColourImage, word: Word, colour: Colour): boolean {
  for (let y = word.yMin + 1; y < word.yMax - 1; y += 0.5) {
    for (let x = word.xMin; x < word.xMax; x += 0.5) if (near(pixelAt(image, x, y), colour, 40)) return true;
  }
  return false;
}

/** Whether any pixel of the page is (about) the colour. */
function anywhere(image: ColourImage, colour: Colour, tolerance = 40): boolean {
  for (let i = 0; i < image.width * image.height; i++) {
    if (near([image.rgb[3 * i], image.rgb[3 * i + 1], image.rgb[3 * i + 2]], colour, tolerance)) return true;
  }
  return false;
}

/** Mean over pixels and channels of |255 - a - b|: 0 when one picture is exactly the other's inverse. */
function meanInverseDistance(a: ColourImage, b: ColourImage): number {
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  let sum = 0;
  for (let i = 0; i < a.rgb.length; i++) sum += Math.abs(255 - a.rgb[i] - b.rgb[i]);
  return sum / a.rgb.length;
}

/** Pages Ghostscript writes from PostScript, each a red-to-blue gradient (a shading) under a line of black text; `side` points square. */
function gradientPdf(pages: number, side = 400): Buffer {
  const page = `<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 ${side} 0] /Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >> /Extend [true true] >>
gsave 40 40 ${side - 80} ${side / 2} rectclip shfill grestore
0 setgray /Helvetica findfont 20 scalefont setfont 40 ${side - 60} moveto (Gradient poster) show showpage
`;
  const ps = `%!PS\n<< /PageSize [${side} ${side}] >> setpagedevice\n${page.repeat(pages)}`;
  return execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-sOutputFile=-', '-'], { input: ps });
}

describe('Advanced Colour Options (/api/v1/misc/replace-invert-pdf)', () => {
  const server = useTestServer();
  const recolour = (files: Upload[], fields: Record<string, string | number | boolean> = {}) => postTool(server, advancedColourTool.endpoint, files, fields);
  let input: Buffer;
  beforeAll(async () => {
    input = await officePage();
  });

  describe('high contrast', () => {
    it('draws the text white on black by default, keeps it text in its fonts, covers fills and keeps the photo, named <base>_inverted.pdf', async () => {
      const res = await recolour([pdfUpload(input, 'report.pdf')], { replaceAndInvertOption: 'HIGH_CONTRAST_COLOR' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.fileName).toBe('report_inverted.pdf');
      // Text stays text, in the same fonts.
      expect(plainPageTexts(res.body)).toEqual(plainPageTexts(input));
      expect(fontsOf(res.body).map((f) => f.name)).toEqual(fontsOf(input).map((f) => f.name));
      const words = pageWords(res.body)[0];
      const page = renderColour(res.body, 1, 72);
      expect(near(pixelAt(page, 5, 5), BLACK)).toBe(true);
      // Every text in white, the red heading included, and the white banner text on black rather than on its blue.
      for (const text of ['Heading', 'Body', 'Banner']) expect([text, drawnIn(page, wordBox(words, text), WHITE)]).toEqual([text, true]);
      expect(anywhere(page, [217, 25, 25])).toBe(false);
      expect(near(pixelAt(page, 300, 190), BLACK)).toBe(true);
      // The thin rule and the stroked frame are lines: white. The banner and the shading are fills: black.
      expect(near(pixelAt(page, 200, 500 - 280.5), WHITE, 60)).toBe(true);
      expect(near(pixelAt(page, 31, 500 - 200), WHITE, 60)).toBe(true);
      expect(near(pixelAt(page, 300, 500 - 330), BLACK)).toBe(true);
      expect(near(pixelAt(page, 275, 500 - 70), BLACK)).toBe(true);
      // The photo is kept as it was.
      expect(Object.fromEntries(imagesPerPage(res.body))).toEqual({ 1: 1 });
      expect(near(pixelAt(page, 280, 500 - 180), PHOTO, 8)).toBe(true);
    });

    it('recolours text drawn from inside a form on a turned page', async () => {
      const res = await recolour([pdfUpload(input)], { replaceAndInvertOption: 'HIGH_CONTRAST_COLOR', highContrastColorCombination: 'YELLOW_TEXT_ON_BLACK' });
      const page = renderColour(res.body, 2, 72);
      const word = wordBox(pageWords(res.body)[1], 'Inside');
      expect(drawnIn(page, word, [255, 255, 0])).toBe(true);
      expect(anywhere(page, [0, 0, 255])).toBe(false);
      expect(near(pixelAt(page, 2, 2), BLACK)).toBe(true);
    });

    it.each([
      ['BLACK_TEXT_ON_WHITE', BLACK, WHITE],
      ['YELLOW_TEXT_ON_BLACK', [255, 255, 0], BLACK],
      ['GREEN_TEXT_ON_BLACK', [0, 255, 0], BLACK],
    ] as const)('draws %s', async (highContrastColorCombination, text, background) => {
      const res = await recolour([pdfUpload(input)], { replaceAndInvertOption: 'HIGH_CONTRAST_COLOR', highContrastColorCombination });
      expect(res.status).toBe(200);
      const page = renderColour(res.body, 1, 72);
      expect(near(pixelAt(page, 5, 5), background)).toBe(true);
      expect(drawnIn(page, wordBox(pageWords(res.body)[0], 'Heading'), text)).toBe(true);
      expect(near(pixelAt(page, 300, 500 - 330), background)).toBe(true);
    });

    it('takes high contrast, white on black, when no option is sent (the reference answers 500), and ignores custom colours then', async () => {
      const res = await recolour([pdfUpload(input)], { textColor: '#ff0000' });
      expect(res.status).toBe(200);
      const page = renderColour(res.body, 1, 72);
      expect(near(pixelAt(page, 5, 5), BLACK)).toBe(true);
      expect(drawnIn(page, wordBox(pageWords(res.body)[0], 'Heading'), WHITE)).toBe(true);
      expect(anywhere(page, [255, 0, 0])).toBe(false);
    });
  });

  describe('custom colours', () => {
    it.each([
      ['#RRGGBB', { textColor: '#ff0000', backGroundColor: '#000080' }, [255, 0, 0], [0, 0, 128]],
      ['24-bit decimal numbers, as the reference takes them', { textColor: '65280', backGroundColor: '16777215' }, [0, 255, 0], WHITE],
      ['the defaults, black on white', {}, BLACK, WHITE],
    ] as const)('draws the text colour over the background colour given as %s', async (_how, colours, text, background) => {
      const res = await recolour([pdfUpload(input)], { replaceAndInvertOption: 'CUSTOM_COLOR', ...colours });
      expect(res.status).toBe(200);
      expect(plainPageTexts(res.body)).toEqual(plainPageTexts(input));
      const page = renderColour(res.body, 1, 72);
      const words = pageWords(res.body)[0];
      expect(near(pixelAt(page, 5, 5), background)).toBe(true);
      for (const word of ['Heading', 'Banner']) expect(drawnIn(page, wordBox(words, word), text)).toBe(true);
      expect(near(pixelAt(page, 300, 500 - 330), background)).toBe(true);
    });
  });

  describe('full inversion', () => {
    const inverted = (c: Colour): Colour => [255 - c[0], 255 - c[1], 255 - c[2]];

    it('inverts every colour in the content, the photo too, and keeps the text as text, at the same size', async () => {
      const res = await recolour([pdfUpload(input, 'report.pdf')], { replaceAndInvertOption: 'FULL_INVERSION' });
      expect(res.status).toBe(200);
      expect(res.fileName).toBe('report_inverted.pdf');
      expect(res.headers['x-colour-inversion']).toBe('content');
      expect(pageCount(res.body)).toBe(2);
      // Text stays text in its fonts; the photo stays one picture.
      expect(plainPageTexts(res.body)).toEqual(plainPageTexts(input));
      expect(fontsOf(res.body).map((f) => f.name)).toEqual(fontsOf(input).map((f) => f.name));
      expect(Object.fromEntries(imagesPerPage(res.body))).toEqual({ 1: 1 });
      expect(res.body.length).toBeLessThan(1.2 * input.length);
      // Each page drawn is the inverse of the page it was.
      const before = renderColour(input, 1, 36);
      const after = renderColour(res.body, 1, 36);
      expect(meanInverseDistance(before, after)).toBeLessThan(3);
      expect(meanInverseDistance(renderColour(input, 2, 36), renderColour(res.body, 2, 36))).toBeLessThan(3);
      for (const [x, y] of [
        [5, 5],
        [300, 170],
        [280, 320],
        [275, 430],
        [200, 219.5],
      ]) {
        expect([x, y, near(pixelAt(after, x, y), inverted(pixelAt(before, x, y)), 30)]).toEqual([x, y, true]);
      }
      // The turned page keeps its shown orientation, black where it was white.
      const turned = renderColour(res.body, 2, 36);
      expect([turned.width, turned.height]).toEqual([100, 150]);
      expect(near(pixelAt(turned, 2, 2), BLACK)).toBe(true);
    });

    it('inverts a 24-page Debian manual (Ghostscript 9.27) in its content: every word still searchable, pages the inverse, size about the same', async () => {
      const manual = readFileSync('/usr/share/doc/xfig/xfig-howto.pdf');
      const res = await recolour([pdfUpload(manual, 'xfig-howto.pdf')], { replaceAndInvertOption: 'FULL_INVERSION' });
      expect(res.status).toBe(200);
      expect(res.headers['x-colour-inversion']).toBe('content');
      expect(plainPageTexts(res.body)).toEqual(plainPageTexts(manual));
      expect(res.body.length).toBeLessThan(1.1 * manual.length);
      for (const page of [1, 5, 24]) {
        expect([page, meanInverseDistance(renderColour(manual, page, 24), renderColour(res.body, page, 24)) < 2]).toEqual([page, true]);
      }
    });

    it('inverts a page holding a colour gradient as a picture, and says so', async () => {
      const gradient = gradientPdf(1);
      const res = await recolour([pdfUpload(gradient, 'poster.pdf')], { replaceAndInvertOption: 'FULL_INVERSION' });
      expect(res.status).toBe(200);
      expect(res.headers['x-colour-inversion']).toBe('pictures');
      expect(res.headers['x-colour-inversion-reason']).toMatch(
        /^The document holds a (gradient \(shading\)|pattern or gradient fill), which cannot be inverted by changing colours: its pages were inverted as pictures at 150 DPI/,
      );
      expect(Object.fromEntries(imagesPerPage(res.body))).toEqual({ 1: 1 });
      expect(plainPageTexts(res.body)).toEqual(['']);
      expect(meanInverseDistance(renderColour(gradient, 1, 36), renderColour(res.body, 1, 36))).toBeLessThan(6);
    });

    it('refuses, before drawing anything, a page too large to draw as a picture', async () => {
      const res = await recolour([pdfUpload(gradientPdf(1, 14400), 'poster.pdf')], { replaceAndInvertOption: 'FULL_INVERSION' });
      expect(res.status).toBe(400);
      expect(res.json.detail).toMatch(/^A page of "poster.pdf" would be 30000 × 30000 pixels at 150 DPI/);
    });
  });

  describe('CMYK', () => {
    it('converts every colour to CMYK with Ghostscript, text kept as text', async () => {
      const res = await recolour([pdfUpload(input)], { replaceAndInvertOption: 'COLOR_SPACE_CONVERSION' });
      expect(res.status).toBe(200);
      expect(plainPageTexts(res.body)).toEqual(plainPageTexts(input));
      const list = execFileSync('pdfimages', ['-list', '-'], { input: res.body, encoding: 'utf8' });
      expect(list).toMatch(/\bcmyk\b/);
      expect(list).not.toMatch(/\brgb\b/);
      // The content sets colours with CMYK operators only.
      const content = withTempDir((dir) => {
        writeFileSync(join(dir, 'x.pdf'), res.body);
        return execFileSync('qpdf', ['--qdf', '--object-streams=disable', join(dir, 'x.pdf'), '-']).toString('latin1');
      });
      expect(content).toMatch(/ k\n/);
      expect(content).not.toMatch(/ (rg|RG)\n/);
    });
  });

  describe('protected files', () => {
    it('opens a PDF protected by an owner password only, and answers it unprotected', async () => {
      const locked = encryptPdf(await makePdf(2), '');
      for (const replaceAndInvertOption of ['HIGH_CONTRAST_COLOR', 'FULL_INVERSION']) {
        const res = await recolour([pdfUpload(locked)], { replaceAndInvertOption });
        expect([replaceAndInvertOption, res.status]).toEqual([replaceAndInvertOption, 200]);
        expect(isEncrypted(res.body)).toBe(false);
        expect(pageCount(res.body)).toBe(2);
      }
    });
  });

  describe('bad input', () => {
    it('refuses an unknown option or combination, and a custom colour it cannot read', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ replaceAndInvertOption: 'SEPIA' }, 'Colour option must be HIGH_CONTRAST_COLOR, CUSTOM_COLOR, FULL_INVERSION or COLOR_SPACE_CONVERSION.'],
        [
          { replaceAndInvertOption: 'high_contrast_color' },
          'Colour option must be HIGH_CONTRAST_COLOR, CUSTOM_COLOR, FULL_INVERSION or COLOR_SPACE_CONVERSION.',
        ],
        [
          { replaceAndInvertOption: 'HIGH_CONTRAST_COLOR', highContrastColorCombination: 'PINK_ON_BLUE' },
          'Combination must be WHITE_TEXT_ON_BLACK, BLACK_TEXT_ON_WHITE, YELLOW_TEXT_ON_BLACK or GREEN_TEXT_ON_BLACK.',
        ],
        [{ replaceAndInvertOption: 'CUSTOM_COLOR', textColor: 'red' }, 'Text colour must be a colour such as #1a1a1a or a 24-bit number such as 16777215.'],
        [
          { replaceAndInvertOption: 'CUSTOM_COLOR', backGroundColor: '16777216' },
          'Background colour must be a colour such as #1a1a1a or a 24-bit number such as 16777215.',
        ],
      ];
      for (const [fields, message] of cases) {
        const res = await recolour([pdfUpload(await makePdf(1))], fields);
        expect([fields, res.status]).toEqual([fields, 400]);
        expect(res.json.detail).toBe(message);
      }
    });

    it('refuses a file that is not a PDF, a damaged PDF and one that needs a password', async () => {
      const text = await recolour([{ name: 'notes.pdf', content: Buffer.from('not a PDF at all, just words') }]);
      expect(text.status).toBe(400);
      const damaged = await recolour([pdfUpload(CORRUPT_PDF)]);
      expect(damaged.status).toBe(400);
      const locked = await recolour([pdfUpload(encryptPdf(await makePdf(1), 'user-secret'))], { replaceAndInvertOption: 'FULL_INVERSION' });
      expect(locked.status).toBe(400);
      expect(locked.json.detail).toBe('The PDF Document is passworded and either the password was not provided or was incorrect');
    });

    it('recolours a page whose media box is an object referring to itself, on the Letter size readers fall back to', async () => {
      const res = await recolour([pdfUpload(seedPdf({ mediaBox: '7 0 R' }, ['7 0 R']))]);
      expect(res.status).toBe(200);
      expect(pageCount(res.body)).toBe(2);
    });
  });

  describe('raster limit', () => {
    const small = useTestServer({ maxRasterPages: 3 });

    it('refuses to invert as pictures more pages than the server draws, and still inverts them in their content', async () => {
      const pictures = await postTool(small, advancedColourTool.endpoint, [pdfUpload(gradientPdf(5))], { replaceAndInvertOption: 'FULL_INVERSION' });
      expect(pictures.status).toBe(400);
      expect(pictures.json.detail).toBe('This tool handles documents of up to 3 pages; this one has 5.');
      const pdf = await makePdf(5);
      const inverted = await postTool(small, advancedColourTool.endpoint, [pdfUpload(pdf)], { replaceAndInvertOption: 'FULL_INVERSION' });
      expect(inverted.status).toBe(200);
      expect(inverted.headers['x-colour-inversion']).toBe('content');
      expect(pageCount(inverted.body)).toBe(5);
      const recoloured = await postTool(small, advancedColourTool.endpoint, [pdfUpload(pdf)], { replaceAndInvertOption: 'HIGH_CONTRAST_COLOR' });
      expect(recoloured.status).toBe(200);
    });
  });
});
