import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { addStampTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { blankPdf, colouredShare, flatJpeg, flatPng, fontsOf, imagesPerPage, plainPageTexts, renderColour, strongestPixel } from '../../../test/support/marks';
import { inkBox, pageWords, renderPages, wordBox, type Word } from '../../../test/support/page-geometry';
import { makePdf, pageCount, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

// Every request starts the text renderer; a busy machine shared with others makes that seconds.
jest.setTimeout(120_000);

const pdfUpload = (content: Buffer, name = 'input.pdf'): Upload => ({ name, content });
const imageUpload = (content: Buffer, name = 'stamp.png', contentType = 'image/png'): Upload => ({ name, content, field: 'stampImage', contentType });

/** A 400 × 500 pt page: the medium margin is 0.035 × 450 = 15.75 pt. */
const PAGE = { width: 400, height: 500 };
const MEDIUM = 15.75;

describe('Add Stamp (/api/v1/misc/add-stamp)', () => {
  const server = useTestServer();
  const stamp = (files: Upload[], fields: Record<string, string | number | boolean>) => postTool(server, addStampTool.endpoint, files, fields);

  describe('text stamps', () => {
    it('stamps exactly the pages 2n+1 selects, placeholders expanded per page, and keeps the pages as they were', async () => {
      const res = await stamp([pdfUpload(await makePdf(7), 'report.pdf')], { pageNumbers: '2n+1', stampText: 'Stamp @page_number of @total_pages' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.fileName).toBe('report_stamped.pdf');
      const texts = pageTexts(res.body);
      expect(texts).toHaveLength(7);
      // Reference §2.2: 2n+1 on 7 pages is 3, 5 and 7; page 1 is not among them.
      texts.forEach((text, i) => {
        expect(text).toContain(`doc page ${i + 1}`);
        if ([3, 5, 7].includes(i + 1)) expect(text).toContain(`Stamp ${i + 1} of 7`);
        else expect(text).not.toContain('Stamp');
      });
      // Drawn over the pages, not instead of them: no page became a picture.
      expect(imagesPerPage(res.body).size).toBe(0);
    });

    it('stamps page 1 only when no pages are given, and lists and ranges as the grammar says', async () => {
      const pdf = await makePdf(6);
      const byDefault = await stamp([pdfUpload(pdf)], { stampText: 'APPROVED' });
      expect(plainPageTexts(byDefault.body).map((t) => t.includes('APPROVED'))).toEqual([true, false, false, false, false, false]);
      const listed = await stamp([pdfUpload(pdf)], { pageNumbers: '2,4-5', stampText: 'APPROVED' });
      expect(plainPageTexts(listed.body).map((t) => t.includes('APPROVED'))).toEqual([false, true, false, true, true, false]);
      const all = await stamp([pdfUpload(pdf)], { pageNumbers: 'all', stampText: 'APPROVED' });
      expect(plainPageTexts(all.body).every((t) => t.includes('APPROVED'))).toBe(true);
    });

    it('expands the reference’s placeholders: dates, names, document info, counts, @@ and @uuid', async () => {
      const pdf = await blankPdf([{ size: [595, 842] }, { size: [595, 842] }], { title: 'Annual report', author: 'Asha Rao', subject: 'Finance' });
      const text = '@filename|@filename_full|@title|@author|@subject|@page/@page_count|@date|@year-@month-@day|@date{dd.MM.yyyy}|@@date|@uuid';
      const before = new Date();
      const res = await stamp([pdfUpload(pdf, 'annual report.pdf')], { pageNumbers: '2', stampText: text, fontSize: 10, position: 5 });
      expect(res.status).toBe(200);
      const [first, second] = plainPageTexts(res.body);
      expect(first).toBe('');
      const two = (n: number) => String(n).padStart(2, '0');
      const today = `${before.getFullYear()}-${two(before.getMonth() + 1)}-${two(before.getDate())}`;
      const parts = second.split('|');
      expect(parts.slice(0, 10)).toEqual([
        'annual report',
        'annual report.pdf',
        'Annual report',
        'Asha Rao',
        'Finance',
        '2/2',
        today,
        today,
        `${two(before.getDate())}.${two(before.getMonth() + 1)}.${before.getFullYear()}`,
        '@date',
      ]);
      expect(parts[10]).toMatch(/^[0-9a-f]{8}$/);
    });

    it('keeps the text as text, with its font embedded', async () => {
      const res = await stamp([pdfUpload(await makePdf(1))], { stampText: 'Embedded font' });
      const stampFonts = fontsOf(res.body).filter((font) => /NotoSans-Regular/.test(font.name));
      expect(stampFonts.length).toBeGreaterThan(0);
      expect(stampFonts.every((font) => font.embedded)).toBe(true);
    });

    it('drops control characters rather than cutting the text at them', async () => {
      const res = await stamp([pdfUpload(await makePdf(1))], { stampText: 'BEFORE\u0000\u0007AFTER' });
      expect(res.status).toBe(200);
      expect(plainPageTexts(res.body)[0]).toContain('BEFOREAFTER');
    });

    it('breaks lines at \\n, written as two characters or as a real line break', async () => {
      const res = await stamp([pdfUpload(await blankPdf([{ size: [400, 500] }]))], { stampText: 'FIRST\\nSECOND\nTHIRD', position: 5 });
      const words = pageWords(res.body)[0];
      const [first, second, third] = ['FIRST', 'SECOND', 'THIRD'].map((w) => wordBox(words, w));
      expect(second.yMin).toBeGreaterThan(first.yMax - 1);
      expect(third.yMin).toBeGreaterThan(second.yMax - 1);
      // Centre column: each line centred on the page.
      for (const word of [first, second, third]) expect((word.xMin + word.xMax) / 2).toBeCloseTo(200, 0);
    });
  });

  describe('position', () => {
    const box = async (fields: Record<string, string | number>, pdf?: Buffer): Promise<Word> => {
      const res = await stamp([pdfUpload(pdf ?? (await blankPdf([{ size: [PAGE.width, PAGE.height] }])))], { stampText: 'STAMP', fontSize: 20, ...fields });
      expect(res.status).toBe(200);
      return wordBox(pageWords(res.body)[0], 'STAMP');
    };

    it('puts the stamp in each cell of the 3 × 3 grid, read from the top left, within the margin', async () => {
      for (let position = 1; position <= 9; position++) {
        const word = await box({ position });
        const column = (position - 1) % 3;
        const row = Math.floor((position - 1) / 3);
        const where = `position ${position}`;
        if (column === 0) expect([where, word.xMin]).toEqual([where, expect.closeTo(MEDIUM, 0)]);
        if (column === 1) expect([where, (word.xMin + word.xMax) / 2]).toEqual([where, expect.closeTo(PAGE.width / 2, 0)]);
        if (column === 2) expect([where, word.xMax]).toEqual([where, expect.closeTo(PAGE.width - MEDIUM, 0)]);
        if (row === 0) expect([where, word.yMin]).toEqual([where, expect.closeTo(MEDIUM, 0)]);
        if (row === 1) expect([where, (word.yMin + word.yMax) / 2]).toEqual([where, expect.closeTo(PAGE.height / 2, 0)]);
        if (row === 2) expect([where, word.yMax]).toEqual([where, expect.closeTo(PAGE.height - MEDIUM, 0)]);
      }
    });

    it('uses bottom centre (8) when no position is given', async () => {
      const word = await box({});
      expect((word.xMin + word.xMax) / 2).toBeCloseTo(PAGE.width / 2, 0);
      expect(word.yMax).toBeCloseTo(PAGE.height - MEDIUM, 0);
    });

    it('sizes the margin by the preset: none, small, medium, large and extra large', async () => {
      const shares = { none: 0, small: 0.02, medium: 0.035, large: 0.05, 'x-large': 0.075 };
      for (const [customMargin, share] of Object.entries(shares)) {
        const word = await box({ position: 7, customMargin });
        expect([customMargin, word.xMin]).toEqual([customMargin, expect.closeTo(share * 450, 0)]);
        expect([customMargin, PAGE.height - word.yMax]).toEqual([customMargin, expect.closeTo(share * 450, 0)]);
      }
    });

    it('starts the text’s first baseline at the override coordinates when both are 0 or more', async () => {
      const word = await box({ position: 1, overrideX: 120, overrideY: 200 });
      expect(word.xMin).toBeCloseTo(120, 0);
      // The baseline at 200 pt from the bottom: the word's box spans it, more of it above.
      const baseline = PAGE.height - 200;
      expect(word.yMin).toBeLessThan(baseline - 10);
      expect(word.yMax).toBeGreaterThan(baseline);
      expect(word.yMax).toBeLessThan(baseline + 10);
    });

    it('keeps the grid position when only one override is given (the other -1)', async () => {
      const word = await box({ position: 1, overrideX: 120, overrideY: -1 });
      expect(word.xMin).toBeCloseTo(MEDIUM, 0);
      expect(word.yMin).toBeCloseTo(MEDIUM, 0);
    });

    it.each([90, 180, 270])('places the stamp on the page as shown when it is turned by /Rotate %i', async (rotate) => {
      const pdf = await blankPdf([{ size: [PAGE.width, PAGE.height], rotate }]);
      const shown = rotate === 180 ? PAGE : { width: PAGE.height, height: PAGE.width };
      // Bottom right: at the shown page's right and bottom edges.
      const word = await box({ position: 9 }, pdf);
      expect(word.xMax).toBeCloseTo(shown.width - MEDIUM, 0);
      expect(word.yMax).toBeCloseTo(shown.height - MEDIUM, 0);
      // Upright for the reader: wider than tall.
      expect(word.xMax - word.xMin).toBeGreaterThan(word.yMax - word.yMin);
    });

    it('places the stamp inside the trim box of a page whose media box does not start at 0', async () => {
      const doc = await PDFDocument.load(await blankPdf([{ size: [PAGE.width, PAGE.height] }]));
      doc.getPage(0).setMediaBox(100, 200, PAGE.width, PAGE.height);
      const word = await box({ position: 9 }, Buffer.from(await doc.save()));
      expect(word.xMax).toBeCloseTo(PAGE.width - MEDIUM, 0);
      expect(word.yMax).toBeCloseTo(PAGE.height - MEDIUM, 0);
    });
  });

  describe('look', () => {
    const heavy = { stampText: 'MMMM', fontSize: 90, position: 5 };

    it('draws in the chosen colour at the chosen opacity, and at 0.5 when opacity is left out (never invisible)', async () => {
      const pdf = await blankPdf([{ size: [400, 500] }]);
      const opaque = await stamp([pdfUpload(pdf)], { ...heavy, customColor: '#ff0000', opacity: 1 });
      const [r1, g1, b1] = strongestPixel(renderColour(opaque.body, 1));
      expect(r1).toBeGreaterThan(240);
      expect(g1).toBeLessThan(15);
      expect(b1).toBeLessThan(15);

      const half = await stamp([pdfUpload(pdf)], { ...heavy, customColor: 'ff0000', opacity: 0.5 });
      const [r2, g2, b2] = strongestPixel(renderColour(half.body, 1));
      expect(r2).toBeGreaterThan(240);
      expect(g2).toBeGreaterThan(115);
      expect(g2).toBeLessThan(140);
      expect(b2).toBeGreaterThan(115);
      expect(b2).toBeLessThan(140);

      const unset = await stamp([pdfUpload(pdf)], { ...heavy, customColor: '#ff0000' });
      expect(strongestPixel(renderColour(unset.body, 1))).toEqual([r2, g2, b2]);

      const faint = await stamp([pdfUpload(pdf)], { ...heavy, customColor: '#0000ff', opacity: 0.2 });
      const [r3, g3, b3] = strongestPixel(renderColour(faint.body, 1));
      expect(b3).toBeGreaterThan(240);
      expect(r3).toBeGreaterThan(195);
      expect(g3).toBeGreaterThan(195);
    });

    it('defaults to black, and accepts three-digit colours', async () => {
      const pdf = await blankPdf([{ size: [400, 500] }]);
      const black = await stamp([pdfUpload(pdf)], { ...heavy, opacity: 1 });
      expect(strongestPixel(renderColour(black.body, 1)).every((c) => c < 15)).toBe(true);
      const green = await stamp([pdfUpload(pdf)], { ...heavy, opacity: 1, customColor: '#0f0' });
      const [r, g, b] = strongestPixel(renderColour(green.body, 1));
      expect([r < 15, g > 240, b < 15]).toEqual([true, true, true]);
    });

    it('turns the stamp by the rotation, anticlockwise, about its centre', async () => {
      const pdf = await blankPdf([{ size: [400, 500] }]);
      const text = { stampText: 'ROTATED STAMP', fontSize: 30, position: 5, opacity: 1 };
      const [flat] = await renderPages((await stamp([pdfUpload(pdf)], text)).body, 36);
      const [quarter] = await renderPages((await stamp([pdfUpload(pdf)], { ...text, rotation: 90 })).body, 36);
      const [eighth] = await renderPages((await stamp([pdfUpload(pdf)], { ...text, rotation: 45 })).body, 36);
      const a = inkBox(flat)!;
      const b = inkBox(quarter)!;
      const c = inkBox(eighth)!;
      // Upright: wide; a quarter turn: tall, just as wide as the first was long.
      expect(a.right - a.left).toBeGreaterThan(3 * (a.bottom - a.top));
      expect(b.bottom - b.top).toBeCloseTo(a.right - a.left, -1);
      expect(b.right - b.left).toBeCloseTo(a.bottom - a.top, -1);
      // All three about the page's centre.
      for (const box of [a, b, c]) {
        expect((box.left + box.right) / 2).toBeCloseTo(200, -1);
        expect((box.top + box.bottom) / 2).toBeCloseTo(250, -1);
      }
      // 45°: square-ish, and anticlockwise: the text's end is up, its start down.
      expect(c.bottom - c.top).toBeGreaterThan(0.8 * (c.right - c.left));
      const rgb = renderColour((await stamp([pdfUpload(pdf)], { ...text, rotation: 45 })).body, 1, 36);
      expect(colouredShare(rgb, { left: c.right - 40, top: c.top, right: c.right, bottom: c.top + 40 })).toBeGreaterThan(0.05);
      expect(colouredShare(rgb, { left: c.right - 40, top: c.bottom - 40, right: c.right, bottom: c.bottom })).toBe(0);
    });
  });

  describe('turned stamps stay on the page', () => {
    /** A blank A4 page written by reportlab (595.28 × 841.89 pt): the medium margin is 0.035 × 718.58 = 25.15 pt. */
    const a4 = () =>
      execFileSync('/usr/bin/python3', [
        '-c',
        'import sys\nfrom reportlab.lib.pagesizes import A4\nfrom reportlab.pdfgen import canvas\nc = canvas.Canvas(sys.stdout.buffer, pagesize=A4)\nc.showPage()\nc.save()',
      ]);
    const [WIDTH, HEIGHT, MARGIN] = [595.28, 841.89, 25.15];

    /** Pixels darker than mid-grey: the stamp's ink. */
    const inked = (page: { pixels: Uint8Array | Buffer | number[] }) => Array.from(page.pixels).filter((value) => value < 128).length;

    it.each([
      [3, 15],
      [3, -15],
      [1, 30],
      [9, 15],
      [7, -40],
    ])('text at position %i turned %i° shows whole, inside the margins, at the margin the position names', async (position, rotation) => {
      const pdf = a4();
      const text = { stampText: 'APPROVED BY FINANCE', fontSize: 40, position, opacity: 1 };
      const [flat] = await renderPages((await stamp([pdfUpload(pdf)], text)).body, 72);
      const res = await stamp([pdfUpload(pdf)], { ...text, rotation });
      expect(res.status).toBe(200);
      const [turned] = await renderPages(res.body, 72);
      // Nothing cut: as much ink as upright (turning changes only the anti-aliasing).
      expect(inked(turned) / inked(flat)).toBeGreaterThan(0.93);
      const box = inkBox(turned)!;
      // The ink keeps inside the margins; on the named sides it comes within the line's spacing of them.
      for (const side of [box.left, box.top, WIDTH - box.right, HEIGHT - box.bottom]) expect(side).toBeGreaterThan(MARGIN - 2);
      const column = position % 3;
      const row = Math.floor((position - 1) / 3);
      const near = [column === 1 && box.left, column === 0 && WIDTH - box.right, row === 0 && box.top, row === 2 && HEIGHT - box.bottom].filter(
        (side) => side !== false,
      );
      for (const side of near) expect(side).toBeLessThan(MARGIN + 16);
    });

    it('an image at position 3 turned 15°: its turned box exactly at the margins', async () => {
      const res = await stamp([pdfUpload(a4()), imageUpload(flatPng(200, 100, '#000000'))], {
        stampType: 'image',
        fontSize: 100,
        position: 3,
        rotation: 15,
        opacity: 1,
      });
      expect(res.status).toBe(200);
      const box = inkBox((await renderPages(res.body, 72))[0])!;
      const radians = (15 * Math.PI) / 180;
      // 200 × 100 pt turned 15°: 219.07 × 148.36 pt.
      // Within 3 pt: a turned edge's anti-aliasing inks a pixel or two beyond it.
      const within = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(3);
      within(box.right - box.left, 200 * Math.cos(radians) + 100 * Math.sin(radians));
      within(box.bottom - box.top, 200 * Math.sin(radians) + 100 * Math.cos(radians));
      within(WIDTH - box.right, MARGIN);
      within(box.top, MARGIN);
    });
  });

  describe('alphabets', () => {
    const samples = [
      { alphabet: 'arabic', text: 'مرحبا بالعالم', font: /NotoSansArabic/ },
      { alphabet: 'japanese', text: '日本語のテキスト', font: /NotoSansCJKjp/ },
      { alphabet: 'korean', text: '한국어 텍스트', font: /NotoSansCJKkr/ },
      { alphabet: 'chinese', text: '中文文本', font: /NotoSansCJKsc/ },
      { alphabet: 'thai', text: 'สวัสดีครับ', font: /NotoSansThai/ },
      { alphabet: 'roman', text: 'Grüße, ça va', font: /NotoSans-Regular/ },
    ];

    it.each(samples)('$alphabet: the text reads back in logical order from its own embedded font', async ({ alphabet, text, font }) => {
      const res = await stamp([pdfUpload(await blankPdf([{ size: [595, 842] }]))], { stampText: text, alphabet, position: 5 });
      expect(res.status).toBe(200);
      expect(plainPageTexts(res.body)[0]).toBe(text);
      const fonts = fontsOf(res.body).filter((f) => font.test(f.name));
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.every((f) => f.embedded)).toBe(true);
    });

    it('joins Arabic letters: the shaped word is narrower than its letters drawn apart', async () => {
      const pdf = await blankPdf([{ size: [595, 842] }]);
      const joined = await stamp([pdfUpload(pdf)], { stampText: 'سلام', alphabet: 'arabic', position: 1, fontSize: 60, opacity: 1 });
      const apart = await stamp([pdfUpload(pdf)], { stampText: 'س ل ا م', alphabet: 'arabic', position: 1, fontSize: 60, opacity: 1 });
      const [a] = await renderPages(joined.body, 36);
      const [b] = await renderPages(apart.body, 36);
      const width = (box: ReturnType<typeof inkBox>) => box!.right - box!.left;
      expect(width(inkBox(a))).toBeLessThan(width(inkBox(b)) * 0.8);
    });

    it('takes the alphabet case-insensitively, and Alphabetic as Roman', async () => {
      const pdf = await makePdf(1);
      for (const alphabet of ['ARABIC', 'alphabetic']) {
        const res = await stamp([pdfUpload(pdf)], { stampText: 'abc', alphabet });
        expect([alphabet, res.status]).toEqual([alphabet, 200]);
      }
    });
  });

  describe('image stamps', () => {
    it('draws the image on the chosen pages only, fontSize points high, in its proportions', async () => {
      const pdf = await blankPdf([{ size: [400, 500] }, { size: [400, 500] }, { size: [400, 500] }]);
      const res = await stamp([pdfUpload(pdf), imageUpload(flatPng(80, 40, '#1060e0'))], {
        stampType: 'image',
        pageNumbers: '1,3',
        fontSize: 50,
        position: 5,
        opacity: 1,
      });
      expect(res.status).toBe(200);
      expect(Object.fromEntries(imagesPerPage(res.body))).toEqual({ 1: 1, 3: 1 });
      expect(plainPageTexts(res.body)).toEqual(['', '', '']);
      const [first, second] = await renderPages(res.body, 72);
      const box = inkBox(first)!;
      expect(box.bottom - box.top).toBeCloseTo(50, -0.5);
      expect(box.right - box.left).toBeCloseTo(100, -0.5);
      expect((box.left + box.right) / 2).toBeCloseTo(200, -0.5);
      expect((box.top + box.bottom) / 2).toBeCloseTo(250, -0.5);
      expect(inkBox(second)).toBeUndefined();
      const [r, g, b] = strongestPixel(renderColour(res.body, 1));
      expect([Math.abs(r - 0x10) < 12, Math.abs(g - 0x60) < 12, Math.abs(b - 0xe0) < 12]).toEqual([true, true, true]);
    });

    it('takes a JPEG, draws it see-through at the opacity, and keeps it inside the page', async () => {
      const pdf = await blankPdf([{ size: [400, 500] }]);
      const res = await stamp([pdfUpload(pdf), imageUpload(flatJpeg(60, 60, '#000000'), 'stamp.jpg', 'image/jpeg')], {
        stampType: 'IMAGE',
        fontSize: 60,
        position: 9,
        customMargin: 'none',
        opacity: 0.5,
      });
      expect(res.status).toBe(200);
      expect(Object.fromEntries(imagesPerPage(res.body))).toEqual({ 1: 1 });
      const [page] = await renderPages(res.body, 72);
      const box = inkBox(page)!;
      expect(box.right).toBeCloseTo(400, -0.5);
      expect(box.bottom).toBeCloseTo(500, -0.5);
      const [r] = strongestPixel(renderColour(res.body, 1));
      expect(r).toBeGreaterThan(115);
      expect(r).toBeLessThan(140);

      // Coordinates past the page: clamped in, as the reference does.
      const off = await stamp([pdfUpload(pdf), imageUpload(flatPng(60, 60, '#000000'))], {
        stampType: 'image',
        fontSize: 60,
        overrideX: 390,
        overrideY: 490,
        opacity: 1,
      });
      const offBox = inkBox((await renderPages(off.body, 72))[0])!;
      expect([offBox.left, offBox.top, offBox.right]).toEqual([expect.closeTo(340, -0.5), expect.closeTo(0, -0.5), expect.closeTo(400, -0.5)]);
    });
  });

  describe('large documents', () => {
    it('numbers 300 pages in one request without turning any page into a picture', async () => {
      const res = await stamp([pdfUpload(await makePdf(300))], { pageNumbers: 'all', stampText: '@page_number / @total_pages', fontSize: 12 });
      expect(res.status).toBe(200);
      expect(pageCount(res.body)).toBe(300);
      const texts = plainPageTexts(res.body);
      texts.forEach((text, i) => expect(text).toContain(`${i + 1} / 300`));
      expect(imagesPerPage(res.body).size).toBe(0);
    });
  });

  describe('bad input', () => {
    const one = async () => pdfUpload(await makePdf(3));

    it('asks for text when the type is text and the text is blank', async () => {
      for (const stampText of [undefined, '   ']) {
        const res = await stamp([await one()], stampText === undefined ? { stampType: 'text' } : { stampText });
        expect(res.status).toBe(400);
        expect(res.json.detail).toBe('Please enter stamp text.');
      }
    });

    it('asks for an image when the type is image, and refuses one that is not a PNG or JPEG', async () => {
      const missing = await stamp([await one()], { stampType: 'image' });
      expect(missing.status).toBe(400);
      expect(missing.json.detail).toBe('Please upload a stamp image.');
      const wrong = await stamp([await one(), imageUpload(await makePdf(1), 'stamp.png')], { stampType: 'image' });
      expect(wrong.status).toBe(400);
      expect(wrong.json.detail).toBe('Stamp image: please upload a PNG or JPG file.');
      const broken = await stamp([await one(), imageUpload(Buffer.concat([flatPng(20, 20, '#000').subarray(0, 40), Buffer.alloc(64)]))], {
        stampType: 'image',
      });
      expect(broken.status).toBe(400);
    });

    it('refuses an opacity outside 0-1, a bad colour, a size of 0 and a position off the grid', async () => {
      const cases: [Record<string, string | number>, string | RegExp][] = [
        [{ stampText: 'x', opacity: 1.5 }, 'Opacity must be between 0 and 1.'],
        [{ stampText: 'x', opacity: 'half' }, 'Opacity must be between 0 and 1.'],
        [{ stampText: 'x', customColor: 'red' }, 'Colour must be a hex colour such as #000000.'],
        [{ stampText: 'x', customColor: '#12345z' }, 'Colour must be a hex colour such as #000000.'],
        [{ stampText: 'x', fontSize: 0 }, 'Size must be greater than 0 and at most 1000.'],
        [{ stampText: 'x', position: 10 }, /^Position must be/],
        [{ stampText: 'x', customMargin: 'huge' }, /^Margin must be/],
        [{ stampText: 'x', stampType: 'video' }, /^Stamp type must be/],
        [{ stampText: 'x', alphabet: 'klingon' }, /^Alphabet must be/],
      ];
      for (const [fields, message] of cases) {
        const res = await stamp([await one()], fields);
        expect([fields, res.status]).toEqual([fields, 400]);
        expect(res.json.detail).toMatch(message);
      }
    });

    it('refuses a page selection that names no page of the document, or cannot be read', async () => {
      const none = await stamp([await one()], { stampText: 'x', pageNumbers: '7-9' });
      expect(none.status).toBe(400);
      expect(none.json.detail).toBe('The pages "7-9" select no page: "input.pdf" has 3 pages.');
      const bad = await stamp([await one()], { stampText: 'x', pageNumbers: 'none' });
      expect(bad.status).toBe(400);
      expect(bad.json.detail).toBe('Invalid expression format: none');
    });

    it('refuses text no installed font can draw with a 400 naming the characters, never a 500', async () => {
      const res = await stamp([await one()], { stampText: 'ok \u{10FFFD}' });
      expect(res.status).toBe(400);
      expect(res.json.detail).toContain('U+10FFFD');
    });

    it('refuses a damaged PDF', async () => {
      const damaged = await stamp([pdfUpload(Buffer.from('%PDF-1.7\nnot really\n%%EOF\n'))], { stampText: 'x' });
      expect(damaged.status).toBe(400);
    });
  });
});
