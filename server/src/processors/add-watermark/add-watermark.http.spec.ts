import { addWatermarkTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { blankPdf, colouredShare, flatJpeg, flatPng, fontsOf, imagesPerPage, plainPageTexts, renderColour, strongestPixel } from '../../../test/support/marks';
import { pageWords } from '../../../test/support/page-geometry';
import { encryptPdf, makePdf, pageCount } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

// Every request starts the text renderer; a busy machine shared with others makes that seconds.
jest.setTimeout(120_000);

const pdfUpload = (content: Buffer, name = 'input.pdf'): Upload => ({ name, content });
const imageUpload = (content: Buffer, name = 'mark.png', contentType = 'image/png'): Upload => ({ name, content, field: 'watermarkImage', contentType });

const occurrences = (text: string, word: string) => text.split(word).length - 1;

describe('Add Watermark (/api/v1/security/add-watermark)', () => {
  const server = useTestServer();
  const watermark = (files: Upload[], fields: Record<string, string | number | boolean>) => postTool(server, addWatermarkTool.endpoint, files, fields);

  describe('text watermarks', () => {
    it('repeats the text in a grid over every page, keeping the pages as they were, and names the file <name>_watermarked.pdf', async () => {
      const res = await watermark([pdfUpload(await makePdf(3), 'memo.pdf')], {
        watermarkText: 'SECRET',
        rotation: 0,
        fontSize: 20,
        widthSpacer: 30,
        heightSpacer: 30,
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.fileName).toBe('memo_watermarked.pdf');
      const texts = plainPageTexts(res.body);
      expect(texts).toHaveLength(3);
      texts.forEach((text, i) => {
        expect(text).toContain(`doc page ${i + 1}`);
        // 300 × 400 pt pages, cells about 99 × 57 pt: 7 rows of 2 whole copies, and copies cut by the edges.
        expect(occurrences(text, 'SECRET')).toBeGreaterThanOrEqual(14);
      });
      expect(imagesPerPage(res.body).size).toBe(0);
    });

    it('spreads the copies over all four quarters of the page', async () => {
      const res = await watermark([pdfUpload(await blankPdf([{ size: [400, 500] }]))], { watermarkText: 'COPY', rotation: 0, opacity: 1 });
      expect(pageWords(res.body)[0].filter((w) => w.text === 'COPY').length).toBeGreaterThanOrEqual(4);
      const image = renderColour(res.body, 1, 36);
      for (const quarter of [
        { left: 0, top: 0, right: 200, bottom: 250 },
        { left: 200, top: 0, right: 400, bottom: 250 },
        { left: 0, top: 250, right: 200, bottom: 500 },
        { left: 200, top: 250, right: 400, bottom: 500 },
      ]) {
        expect(colouredShare(image, quarter)).toBeGreaterThan(0.01);
      }
    });

    it('packs more copies with a smaller font or smaller spacers', async () => {
      const pdf = await blankPdf([{ size: [400, 500] }]);
      const count = async (fields: Record<string, number>) =>
        occurrences(plainPageTexts((await watermark([pdfUpload(pdf)], { watermarkText: 'TILE', rotation: 0, ...fields })).body)[0], 'TILE');
      const base = await count({ fontSize: 30, widthSpacer: 50, heightSpacer: 50 });
      expect(await count({ fontSize: 15, widthSpacer: 50, heightSpacer: 50 })).toBeGreaterThan(base);
      expect(await count({ fontSize: 30, widthSpacer: 0, heightSpacer: 0 })).toBeGreaterThan(base);
      expect(await count({ fontSize: 30, widthSpacer: 200, heightSpacer: 200 })).toBeLessThan(base);
    });

    it('turns the copies by the rotation (45° by default): their ink climbs to the right', async () => {
      const pdf = await blankPdf([{ size: [400, 500] }]);
      const res = await watermark([pdfUpload(pdf)], { watermarkText: 'DIAGONAL DIAGONAL', opacity: 1, fontSize: 40, widthSpacer: 1000, heightSpacer: 1000 });
      expect(res.status).toBe(200);
      const image = renderColour(res.body, 1, 36);
      // One copy about the centre (200, 250): ink up and right of it and down and left, none on the other diagonal.
      expect(colouredShare(image, { left: 280, top: 130, right: 320, bottom: 170 })).toBeGreaterThan(0.05);
      expect(colouredShare(image, { left: 80, top: 330, right: 120, bottom: 370 })).toBeGreaterThan(0.05);
      expect(colouredShare(image, { left: 80, top: 130, right: 120, bottom: 170 })).toBe(0);
      expect(colouredShare(image, { left: 280, top: 330, right: 320, bottom: 370 })).toBe(0);
    });

    it('draws in the colour at the opacity: opacity (0-1) from API clients, else opacityText (percent), else 50%', async () => {
      const pdf = await blankPdf([{ size: [400, 500] }]);
      const heavy = { watermarkText: 'MMM', fontSize: 80, rotation: 0, customColor: '#0000ff' };
      const green = (fields: Record<string, string | number>) =>
        watermark([pdfUpload(pdf)], { ...heavy, ...fields }).then((res) => strongestPixel(renderColour(res.body, 1))[1]);
      // Blue over white at opacity a leaves red and green at 255 × (1 − a).
      expect(await green({ opacity: 1 })).toBeLessThan(15);
      expect(await green({ opacityText: '100' })).toBeLessThan(15);
      const half = await green({});
      expect(half).toBeGreaterThan(115);
      expect(half).toBeLessThan(140);
      const quarter = await green({ opacityText: '75' });
      expect(quarter).toBeGreaterThan(50);
      expect(quarter).toBeLessThan(75);
      // Both sent: opacity wins, as the reference reads only it.
      expect(await green({ opacity: 0.2, opacityText: '100' })).toBeGreaterThan(195);
      const [r, , b] = strongestPixel(renderColour((await watermark([pdfUpload(pdf)], { ...heavy, opacity: 1 })).body, 1));
      expect([r < 15, b > 240]).toEqual([true, true]);
    });

    it('splits lines at \\n', async () => {
      const res = await watermark([pdfUpload(await blankPdf([{ size: [400, 500] }]))], {
        watermarkText: 'TOP\\nBOTTOM',
        rotation: 0,
        widthSpacer: 1000,
        heightSpacer: 1000,
      });
      const words = pageWords(res.body)[0];
      const top = words.find((w) => w.text === 'TOP')!;
      const bottom = words.find((w) => w.text === 'BOTTOM')!;
      expect(bottom.yMin).toBeGreaterThan(top.yMax - 1);
    });

    it.each([
      { alphabet: 'arabic', text: 'سري للغاية', font: /NotoSansArabic/ },
      { alphabet: 'thai', text: 'ลับมาก', font: /NotoSansThai/ },
      { alphabet: 'japanese', text: '社外秘', font: /NotoSansCJKjp/ },
      { alphabet: 'korean', text: '대외비', font: /NotoSansCJKkr/ },
      { alphabet: 'chinese', text: '机密文件', font: /NotoSansCJKsc/ },
    ])('$alphabet: every copy reads back in logical order, from an embedded font', async ({ alphabet, text, font }) => {
      const res = await watermark([pdfUpload(await blankPdf([{ size: [400, 500] }]))], { watermarkText: text, alphabet, rotation: 0, fontSize: 24 });
      expect(res.status).toBe(200);
      const page = plainPageTexts(res.body)[0];
      expect(occurrences(page, text)).toBeGreaterThanOrEqual(4);
      const fonts = fontsOf(res.body).filter((f) => font.test(f.name));
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.every((f) => f.embedded)).toBe(true);
    });
  });

  describe('image watermarks', () => {
    it('repeats the image over every page, fontSize points high', async () => {
      const res = await watermark([pdfUpload(await blankPdf([{ size: [400, 500] }, { size: [400, 500] }])), imageUpload(flatPng(40, 20, '#e01060'))], {
        watermarkType: 'image',
        fontSize: 40,
        rotation: 0,
        widthSpacer: 20,
        heightSpacer: 20,
      });
      expect(res.status).toBe(200);
      // Cells of 100 × 60 pt: 4 across, 9 down (the rows at the top and bottom cut by the edges).
      expect(Object.fromEntries(imagesPerPage(res.body))).toEqual({ 1: 36, 2: 36 });
      const [r, g, b] = strongestPixel(renderColour(res.body, 2));
      // #e01060 at 50% over white.
      expect([Math.abs(r - 239) < 12, Math.abs(g - 135) < 12, Math.abs(b - 175) < 12]).toEqual([true, true, true]);
    });

    it('takes a JPEG, case-insensitive type', async () => {
      const res = await watermark([pdfUpload(await makePdf(1)), imageUpload(flatJpeg(30, 30, '#000000'), 'mark.jpg', 'image/jpeg')], {
        watermarkType: 'IMAGE',
      });
      expect(res.status).toBe(200);
      expect(imagesPerPage(res.body).get(1)).toBeGreaterThan(1);
    });
  });

  describe('convertPDFToImage', () => {
    it('turns every page into one picture: no text or fonts left to lift the watermark off', async () => {
      const res = await watermark([pdfUpload(await makePdf(3))], { watermarkText: 'LOCKED', convertPDFToImage: true });
      expect(res.status).toBe(200);
      expect(res.fileName).toBe('input_watermarked.pdf');
      expect(pageCount(res.body)).toBe(3);
      expect(plainPageTexts(res.body)).toEqual(['', '', '']);
      expect(fontsOf(res.body)).toEqual([]);
      expect(Object.fromEntries(imagesPerPage(res.body))).toEqual({ 1: 1, 2: 1, 3: 1 });
      // The watermark is in the pictures.
      expect(colouredShare(renderColour(res.body, 1, 36), { left: 0, top: 0, right: 300, bottom: 400 })).toBeGreaterThan(0.01);
    });
  });

  describe('bad input', () => {
    const one = async () => pdfUpload(await makePdf(1));

    it('asks for the text or the image the type needs', async () => {
      const noText = await watermark([await one()], {});
      expect(noText.status).toBe(400);
      expect(noText.json.detail).toBe('Please enter watermark text.');
      const noImage = await watermark([await one()], { watermarkType: 'image' });
      expect(noImage.status).toBe(400);
      expect(noImage.json.detail).toBe('Please upload a watermark image.');
      const notImage = await watermark([await one(), imageUpload(await makePdf(1))], { watermarkType: 'image' });
      expect(notImage.status).toBe(400);
    });

    it('refuses values outside their ranges', async () => {
      const cases: [Record<string, string | number>, string | RegExp][] = [
        [{ rotation: 400 }, 'Rotation must be between 0 and 360 degrees.'],
        [{ opacityText: '150' }, 'Opacity must be between 0 and 100 percent.'],
        [{ opacity: -0.1 }, 'Opacity must be between 0 and 1.'],
        [{ fontSize: 0 }, 'Font size must be between 1 and 1000.'],
        [{ widthSpacer: -5 }, 'Width spacer must be a whole number from 0 to 10000.'],
        [{ heightSpacer: 2.5 }, 'Height spacer must be a whole number from 0 to 10000.'],
        [{ customColor: 'blue' }, 'Colour must be a hex colour such as #000000.'],
        [{ alphabet: 'latin' }, /^Alphabet must be/],
        [{ watermarkType: 'svg' }, /^Watermark type must be/],
      ];
      for (const [fields, message] of cases) {
        const res = await watermark([await one()], { watermarkText: 'x', ...fields });
        expect([fields, res.status]).toEqual([fields, 400]);
        expect(res.json.detail).toMatch(message);
      }
    });

    it('refuses a watermark that would take more copies than a page can hold, rather than hang', async () => {
      const res = await watermark([pdfUpload(await blankPdf([{ size: [14400, 14400] }]))], {
        watermarkText: '.',
        fontSize: 1,
        widthSpacer: 0,
        heightSpacer: 0,
      });
      expect(res.status).toBe(400);
      expect(res.json.detail).toMatch(/^The watermark would be drawn \d+ times on a page; at most 10000 copies fit\./);
    });

    it('refuses text no installed font can draw with a 400, never a 500', async () => {
      const res = await watermark([await one()], { watermarkText: '\u{10FFFD}' });
      expect(res.status).toBe(400);
      expect(res.json.detail).toContain('U+10FFFD');
    });

    it('opens an owner-password-only PDF and refuses one that needs a password', async () => {
      const ownerOnly = await watermark([pdfUpload(encryptPdf(await makePdf(1), ''))], { watermarkText: 'OPEN', rotation: 0 });
      expect(ownerOnly.status).toBe(200);
      expect(plainPageTexts(ownerOnly.body)[0]).toContain('OPEN');
      const locked = await watermark([pdfUpload(encryptPdf(await makePdf(1), 'user-secret'))], { watermarkText: 'x' });
      expect(locked.status).toBe(400);
      expect(locked.json.type).toBe('/errors/pdf-password');
    });
  });
});
