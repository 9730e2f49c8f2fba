import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { addPageNumbersTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { blankPdf, fontsOf, imagesPerPage, plainPageTexts, renderColour, strongestPixel } from '../../../test/support/marks';
import { inkBox, pageWords, renderPages, wordBox, type Region, type Rendering, type Word } from '../../../test/support/page-geometry';
import { CORRUPT_PDF, encryptPdf, makePdf, pageCount, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

// Every request starts the text renderer; a busy machine shared with others makes that seconds.
jest.setTimeout(120_000);

const pdfUpload = (content: Buffer, name = 'input.pdf'): Upload => ({ name, content });

/** The ink of a number ends short of its box's right edge by the last glyph's side bearing ("1" at 20 pt: about 4 pt). */
const RIGHT_BEARING = { below: 6, above: 1 };

function expectNear(actual: number, expected: number, tolerance: number | { below: number; above: number }): void {
  const { below, above } = typeof tolerance === 'number' ? { below: tolerance, above: tolerance } : tolerance;
  if (actual < expected - below || actual > expected + above)
    throw new Error(`Expected ${actual.toFixed(1)} within ${expected.toFixed(1)} -${below}/+${above}.`);
}

/** The first page rendered as a viewer shows it (its crop box, which pdftoppm leaves out unless asked), at 72 dpi. */
function renderShown(pdf: Buffer): Rendering {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '72', '-gray', '-cropbox', '-singlefile', '-f', '1', '-l', '1', join(dir, 'x.pdf'), join(dir, 'page')]);
    return { ...readGray(readFileSync(join(dir, 'page.pgm'))), dpi: 72 };
  });
}

/** An 8-bit binary PGM as pdftoppm writes it (no comments). */
function readGray(pgm: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 64))!;
  return { width: Number(header[1]), height: Number(header[2]), pixels: pgm.subarray(header[0].length) };
}

const shiftedBox = (box: Region, dx: number, dy: number): Region => ({
  left: box.left + dx,
  right: box.right + dx,
  top: box.top + dy,
  bottom: box.bottom + dy,
});

/** A 400 × 500 pt page: the medium margin is 0.035 × 400 = 14 pt across and 0.035 × 500 = 17.5 pt up and down. */
const PAGE = { width: 400, height: 500 };
const MEDIUM = { x: 14, y: 17.5 };

describe('Add Page Numbers (/api/v1/misc/add-page-numbers)', () => {
  const server = useTestServer();
  const number = (files: Upload[], fields: Record<string, string | number | boolean> = {}) => postTool(server, addPageNumbersTool.endpoint, files, fields);

  /** The one word of page `page` (0-based) that matches, with its box in points from the shown page's top left. */
  const numberWord = (pdf: Buffer, page: number, text: string): Word => wordBox(pageWords(pdf)[page], text);

  describe('which pages and what text', () => {
    it('numbers every page 1…N at the bottom centre with nothing but the file given, named <base>_page_numbers_added.pdf', async () => {
      const res = await number([pdfUpload(await makePdf(4), 'report.pdf')]);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.fileName).toBe('report_page_numbers_added.pdf');
      const texts = plainPageTexts(res.body);
      expect(texts).toHaveLength(4);
      texts.forEach((text, i) => {
        // The page keeps its own text, and gains its number (starting at 1, not the reference's 0).
        expect(text).toContain(`doc page ${i + 1}`);
        expect(text.replace(`doc page ${i + 1}`, '').trim()).toBe(String(i + 1));
      });
      // Drawn over the pages, not instead of them.
      expect(imagesPerPage(res.body).size).toBe(0);
    });

    it('numbers only the chosen pages, counting up once per numbered page in the order given', async () => {
      const pdf = await blankPdf(Array.from({ length: 6 }, () => ({ size: [PAGE.width, PAGE.height] as [number, number] })));
      const range = await number([pdfUpload(pdf)], { pagesToNumber: '3-5' });
      // Reference §6.2: pages 3, 4, 5 show 1, 2, 3.
      expect(plainPageTexts(range.body)).toEqual(['', '', '1', '2', '3', '']);
      const listed = await number([pdfUpload(pdf)], { pagesToNumber: '5,2,6', startingNumber: 10 });
      expect(plainPageTexts(listed.body)).toEqual(['', '11', '', '', '10', '12']);
      const odd = await number([pdfUpload(pdf)], { pagesToNumber: '2n-1' });
      expect(plainPageTexts(odd.body)).toEqual(['1', '', '2', '', '3', '']);
    });

    it('fills in {n}, {total} and {filename}, padding {n} with zeros', async () => {
      const pdf = await blankPdf([{ size: [595, 842] }, { size: [595, 842] }, { size: [595, 842] }]);
      const res = await number([pdfUpload(pdf, 'annual {n} report.pdf')], { customText: 'Page {n} of {total} - {filename}', zeroPad: 3, startingNumber: 8 });
      expect(res.status).toBe(200);
      expect(plainPageTexts(res.body)).toEqual(['Page 008 of 3 - annual {n} report', 'Page 009 of 3 - annual {n} report', 'Page 010 of 3 - annual {n} report']);
    });

    it('numbers 500 pages in one request, each its own number, still text', async () => {
      const res = await number([pdfUpload(await makePdf(500))], { customText: '#{n}' });
      expect(res.status).toBe(200);
      expect(pageCount(res.body)).toBe(500);
      plainPageTexts(res.body).forEach((text, i) => expect(text).toContain(`#${i + 1}`));
      expect(imagesPerPage(res.body).size).toBe(0);
    });
  });

  describe('where', () => {
    const onPage = async (fields: Record<string, string | number>, pdf?: Buffer): Promise<Word> => {
      const res = await number([pdfUpload(pdf ?? (await blankPdf([{ size: [PAGE.width, PAGE.height] }])))], {
        customText: 'Number{n}',
        fontSize: 20,
        ...fields,
      });
      expect(res.status).toBe(200);
      return numberWord(res.body, 0, 'Number1');
    };

    it('puts the number in each cell of the 3 × 3 grid, read from the top left, within the margin', async () => {
      for (let position = 1; position <= 9; position++) {
        const word = await onPage({ position });
        const column = (position - 1) % 3;
        const row = Math.floor((position - 1) / 3);
        const where = `position ${position}`;
        if (column === 0) expect([where, word.xMin]).toEqual([where, expect.closeTo(MEDIUM.x, 0)]);
        if (column === 1) expect([where, (word.xMin + word.xMax) / 2]).toEqual([where, expect.closeTo(PAGE.width / 2, 0)]);
        if (column === 2) expect([where, word.xMax]).toEqual([where, expect.closeTo(PAGE.width - MEDIUM.x, 0)]);
        // pdftotext's word box runs from the font's ascent to its descent, as the reference's anchors do.
        if (row === 0) expect([where, word.yMin]).toEqual([where, expect.closeTo(MEDIUM.y, 0)]);
        if (row === 1) expect([where, (word.yMin + word.yMax) / 2]).toEqual([where, expect.closeTo(PAGE.height / 2, 0)]);
        if (row === 2) expect([where, word.yMax]).toEqual([where, expect.closeTo(PAGE.height - MEDIUM.y + 20 * 0.3, -0.5)]);
      }
    });

    it('puts the baseline of a bottom number at the margin, as the reference does: the digits sit on it', async () => {
      const res = await number([pdfUpload(await blankPdf([{ size: [PAGE.width, PAGE.height] }]))], {
        customText: '888',
        fontSize: 40,
        position: 8,
        customMargin: 'large',
      });
      const [page] = await renderPages(res.body, 72);
      const ink = inkBox(page)!;
      // Digits have no descender: their ink ends at the baseline, 0.05 × 500 = 25 pt above the bottom edge.
      expect(ink.bottom).toBeCloseTo(PAGE.height - 25, -0.5);
      // A digit is about 0.7 em high.
      expect(ink.bottom - ink.top).toBeCloseTo(0.7 * 40, -1);
    });

    it('sizes the margin by the preset: a share of the width across and of the height up and down', async () => {
      for (const [customMargin, share] of Object.entries({ small: 0.02, medium: 0.035, large: 0.05, 'x-large': 0.075 })) {
        const word = await onPage({ position: 1, customMargin });
        expect([customMargin, word.xMin]).toEqual([customMargin, expect.closeTo(share * PAGE.width, 0)]);
        expect([customMargin, word.yMin]).toEqual([customMargin, expect.closeTo(share * PAGE.height, 0)]);
      }
    });

    it.each([90, 180, 270])('numbers a page turned by /Rotate %i on the page as shown, upright', async (rotate) => {
      const pdf = await blankPdf([{ size: [PAGE.width, PAGE.height], rotate }]);
      const shown = rotate === 180 ? PAGE : { width: PAGE.height, height: PAGE.width };
      const res = await number([pdfUpload(pdf)], { customText: 'Number{n}', fontSize: 20, position: 9 });
      const word = numberWord(res.body, 0, 'Number1');
      expect(word.xMax).toBeCloseTo(shown.width - 0.035 * shown.width, 0);
      // Upright for the reader: a long word is wider than tall on the page as rendered.
      const [page] = await renderPages(res.body, 72);
      expect([page.width, page.height]).toEqual([shown.width, shown.height]);
      const ink = inkBox(page)!;
      expect(ink.right - ink.left).toBeGreaterThan(3 * (ink.bottom - ink.top));
      expectNear(ink.right, shown.width - 0.035 * shown.width, RIGHT_BEARING);
      expectNear(ink.bottom, shown.height - 0.035 * shown.height, 1.5);
    });

    it('numbers a cropped page inside what is shown: the crop box, not the media box', async () => {
      const doc = await PDFDocument.load(await blankPdf([{ size: [600, 800] }]));
      // Shown: 300 × 400 pt, from (100, 150) of the media box.
      doc.getPage(0).setCropBox(100, 150, 300, 400);
      const res = await number([pdfUpload(Buffer.from(await doc.save()))], { customText: 'Number{n}', fontSize: 20, position: 9 });
      const page = renderShown(res.body);
      expect([page.width, page.height]).toEqual([300, 400]);
      const ink = inkBox(page)!;
      expectNear(ink.right, 300 - 0.035 * 300, RIGHT_BEARING);
      expectNear(ink.bottom, 400 - 0.035 * 400, 1.5);
      // Nothing drawn outside it: the media box beyond the crop box stays blank.
      expect(inkBox((await renderPages(res.body, 72))[0])).toEqual(shiftedBox(ink, 100, 800 - 150 - 400));
    });

    it('never puts a number off the page: a text too large for it is shrunk and kept inside', async () => {
      const pdf = await blankPdf([{ size: [200, 300] }]);
      const res = await number([pdfUpload(pdf)], { customText: 'A very long page number text {n}', fontSize: 200, position: 3, customMargin: 'x-large' });
      expect(res.status).toBe(200);
      expect(plainPageTexts(res.body)[0]).toBe('A very long page number text 1');
      const [page] = await renderPages(res.body, 72);
      const ink = inkBox(page)!;
      expect(ink.left).toBeGreaterThanOrEqual(0);
      expect(ink.right).toBeLessThanOrEqual(200);
      // It reaches across the page: shrunk to its width, not hidden.
      expect(ink.right - ink.left).toBeGreaterThan(180);
    });
  });

  describe('look', () => {
    it('sets the number 12 pt high in Helvetica when no size or font is given (never the reference’s 0)', async () => {
      const res = await number([pdfUpload(await blankPdf([{ size: [PAGE.width, PAGE.height] }]))], { customText: 'Number{n}' });
      const word = numberWord(res.body, 0, 'Number1');
      // pdftotext's box is the font's ascent to descent: a little more than the size.
      expect(word.yMax - word.yMin).toBeGreaterThan(11);
      expect(word.yMax - word.yMin).toBeLessThan(16);
      const fonts = fontsOf(res.body).filter((font) => /NimbusSans/.test(font.name));
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.every((font) => font.embedded)).toBe(true);
    });

    it.each([
      ['times', /NimbusRoman/],
      ['COURIER', /NimbusMonoPS/],
    ])('sets the number in %s', async (fontType, family) => {
      const res = await number([pdfUpload(await makePdf(1))], { fontType });
      expect(res.status).toBe(200);
      expect(fontsOf(res.body).some((font) => family.test(font.name) && font.embedded)).toBe(true);
    });

    it('scales with the font size', async () => {
      const pdf = await blankPdf([{ size: [PAGE.width, PAGE.height] }]);
      const small = numberWord((await number([pdfUpload(pdf)], { customText: 'Number{n}', fontSize: 10 })).body, 0, 'Number1');
      const large = numberWord((await number([pdfUpload(pdf)], { customText: 'Number{n}', fontSize: 40 })).body, 0, 'Number1');
      expect((large.xMax - large.xMin) / (small.xMax - small.xMin)).toBeCloseTo(4, 1);
    });

    it.each([
      ['#ff0000', [255, 0, 0]],
      ['16711680', [255, 0, 0]],
      ['0x0000FF', [0, 0, 255]],
      ['#0f0', [0, 255, 0]],
    ])('draws in the colour %s', async (fontColor, [r, g, b]) => {
      const res = await number([pdfUpload(await blankPdf([{ size: [PAGE.width, PAGE.height] }]))], { customText: 'MMMM', fontSize: 60, fontColor });
      expect(res.status).toBe(200);
      const pixel = strongestPixel(renderColour(res.body, 1));
      pixel.forEach((channel, i) => expect(Math.abs(channel - [r, g, b][i])).toBeLessThan(20));
    });

    it('draws black when no colour is given', async () => {
      const res = await number([pdfUpload(await blankPdf([{ size: [PAGE.width, PAGE.height] }]))], { customText: 'MMMM', fontSize: 60 });
      expect(strongestPixel(renderColour(res.body, 1)).every((channel) => channel < 20)).toBe(true);
    });
  });

  describe('bad input', () => {
    const one = async () => pdfUpload(await makePdf(3));

    it('refuses a size of 0, a position off the grid, a colour it cannot read and a negative padding, naming the field', async () => {
      const cases: [Record<string, string | number>, string | RegExp][] = [
        [{ fontSize: 0 }, 'Font size must be greater than 0 and at most 500.'],
        [{ fontSize: 'big' }, 'Font size must be greater than 0 and at most 500.'],
        [{ position: 0 }, 'Position must be a whole number from 1 (top left) to 9 (bottom right).'],
        [{ position: 10 }, 'Position must be a whole number from 1 (top left) to 9 (bottom right).'],
        [{ fontColor: 'red' }, /^Font colour must be a colour/],
        [{ fontColor: 'ff0000' }, /^Font colour must be a colour/],
        [{ fontColor: '16777216' }, /^Font colour must be a colour/],
        [{ zeroPad: -1 }, 'Zero padding must be a whole number from 0 to 20.'],
        [{ startingNumber: 1.5 }, 'Starting number must be a whole number.'],
        [{ fontType: 'comic' }, /^Font must be/],
        [{ customMargin: 'none' }, /^Margin must be/],
      ];
      for (const [fields, message] of cases) {
        const res = await number([await one()], fields);
        expect([fields, res.status]).toEqual([fields, 400]);
        expect(res.json.detail).toMatch(message);
      }
    });

    it('refuses a page selection that names no page of the document, or cannot be read', async () => {
      const none = await number([await one()], { pagesToNumber: '7-9' });
      expect(none.status).toBe(400);
      expect(none.json.detail).toBe('The pages "7-9" select no page: "input.pdf" has 3 pages.');
      const bad = await number([await one()], { pagesToNumber: 'none' });
      expect(bad.status).toBe(400);
      expect(bad.json.detail).toBe('Invalid expression format: none');
    });

    it('refuses a file that is not a PDF, a damaged PDF and one that needs a password', async () => {
      const text = await number([{ name: 'notes.pdf', content: Buffer.from('just some text, not a PDF at all') }]);
      expect(text.status).toBe(400);
      const damaged = await number([pdfUpload(CORRUPT_PDF)]);
      expect(damaged.status).toBe(400);
      const locked = await number([pdfUpload(encryptPdf(await makePdf(1), 'user-secret'))]);
      expect(locked.status).toBe(400);
      expect(locked.json.detail).toBe('The PDF Document is passworded and either the password was not provided or was incorrect');
    });
  });
});
