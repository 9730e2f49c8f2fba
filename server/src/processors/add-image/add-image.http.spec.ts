import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { addImageTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { blankPdf, flatJpeg, flatPng, imagesPerPage, plainPageTexts, renderColour, type ColourImage } from '../../../test/support/marks';
import { expectBoxNear, inkBox, makePagesPdf, renderPages } from '../../../test/support/page-geometry';
import { CORRUPT_PDF, encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

const pdfUpload = (content: Buffer, name = 'input.pdf'): Upload => ({ name, content });
const png = (content: Buffer, name = 'logo.png'): Upload => ({ name, content, field: 'imageFile', contentType: 'image/png' });
const jpeg = (content: Buffer, name = 'photo.jpg'): Upload => ({ name, content, field: 'imageFile', contentType: 'image/jpeg' });
const svg = (text: string, name = 'drawing.svg'): Upload => ({ name, content: Buffer.from(text), field: 'imageFile', contentType: 'image/svg+xml' });

/** The colour of one pixel, at a point given in points from the page's top-left corner. */
function pixelAt(image: ColourImage, x: number, y: number): [number, number, number] {
  const px = (pt: number) => Math.floor((pt * image.dpi) / 72);
  const i = 3 * (px(y) * image.width + px(x));
  return [image.rgb[i], image.rgb[i + 1], image.rgb[i + 2]];
}

const near = (actual: readonly number[], expected: readonly number[], tolerance = 20) =>
  actual.every((channel, i) => Math.abs(channel - expected[i]) <= tolerance);

/** An RGBA PNG, `size` pixels square: transparent, with an opaque red square of `inner` pixels in its middle (ImageMagick). */
function redSquareOnNothing(size: number, inner: number): Buffer {
  const from = (size - inner) / 2;
  return execFileSync('/usr/bin/convert-im6.q16', [
    '-size',
    `${size}x${size}`,
    'xc:none',
    '-fill',
    '#ff0000',
    '-draw',
    `rectangle ${from},${from} ${from + inner - 1},${from + inner - 1}`,
    'PNG32:-',
  ]);
}

/** A valid PNG header declaring `width` × `height` pixels, with one tiny compressed row: a pixel bomb to any decoder. */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A drawing of vectors only: a blue 120 × 60 px box with a green circle inside. */
const VECTOR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" viewBox="0 0 120 60">
  <rect x="0" y="0" width="120" height="60" fill="#0000ff"/>
  <circle cx="90" cy="30" r="20" fill="#00ff00"/>
</svg>`;

describe('Add Image to PDF (/api/v1/misc/add-image)', () => {
  const server = useTestServer();
  const addImage = (files: Upload[], fields: Record<string, string | number | boolean> = {}) => postTool(server, addImageTool.endpoint, files, fields);

  describe('pictures', () => {
    it('draws a PNG at its natural size (one pixel a point) with its lower-left corner at x, y, on the first page only', async () => {
      const pdf = await makePdf(3, { size: [400, 500] });
      const res = await addImage([pdfUpload(pdf, 'letter.pdf'), png(flatPng(80, 40, '#1060e0'))], { x: 100, y: 50 });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.fileName).toBe('letter_overlayed.pdf');
      expect(Object.fromEntries(imagesPerPage(res.body))).toEqual({ 1: 1 });
      // The pages keep their text.
      expect(plainPageTexts(res.body)).toEqual(['doc page 1', 'doc page 2', 'doc page 3']);
      const [first, second] = await renderPages(res.body, 72);
      const colour = renderColour(res.body, 1, 72);
      const box = inkBox({ ...first, pixels: first.pixels.map((_, i) => (isBlue(colour, i) ? 0 : 255)) })!;
      expectBoxNear(box, { left: 100, right: 180, top: 500 - 50 - 40, bottom: 500 - 50 }, 1.5);
      expect(inkBox(second)).toEqual(inkBox((await renderPages(pdf, 72))[1]));
    });

    it('puts it on every page with everyPage, at the same point of each page as shown, a turned page included', async () => {
      const pdf = await makePagesPdf([
        { size: [400, 500], text: '' },
        { size: [300, 300], rotate: 90, text: '' },
        { size: [600, 400], text: '' },
      ]);
      const res = await addImage([pdfUpload(pdf), jpeg(flatJpeg(60, 30, '#000000'))], { x: 20, y: 10, everyPage: true });
      expect(res.status).toBe(200);
      expect(Object.fromEntries(imagesPerPage(res.body))).toEqual({ 1: 1, 2: 1, 3: 1 });
      const pages = await renderPages(res.body, 72);
      const heights = [500, 300, 400];
      pages.forEach((page, i) => {
        expectBoxNear(inkBox(page), { left: 20, right: 80, top: heights[i] - 10 - 30, bottom: heights[i] - 10 }, 1.5);
      });
    });

    it('keeps a PNG’s transparency: the page shows through around the opaque part', async () => {
      const pdf = await makePagesPdf([{ size: [300, 300], background: true, text: '' }]);
      const res = await addImage([pdfUpload(pdf), png(redSquareOnNothing(100, 40))], { x: 100, y: 100 });
      expect(res.status).toBe(200);
      // Poppler lists the picture and its soft mask.
      const list = execFileSync('pdfimages', ['-list', '-'], { input: res.body, encoding: 'utf8' });
      expect(list).toMatch(/\bsmask\b/);
      const page = renderColour(res.body, 1, 72);
      // Image spans 100-200 pt across and, from the top, 100-200 pt; its middle 40 pt are red.
      expect(near(pixelAt(page, 150, 150), [255, 0, 0])).toBe(true);
      // Its transparent corners show the grey page.
      expect(near(pixelAt(page, 105, 105), [127, 127, 127], 3)).toBe(true);
      expect(near(pixelAt(page, 195, 195), [127, 127, 127], 3)).toBe(true);
    });

    it('sizes the picture by the API’s width and height, the other side following its proportions', async () => {
      const pdf = await blankPdf([{ size: [400, 400] }]);
      const widthOnly = await addImage([pdfUpload(pdf), png(flatPng(80, 40, '#000000'))], { x: 10, y: 10, width: 200 });
      expectBoxNear(inkBox((await renderPages(widthOnly.body, 72))[0]), { left: 10, right: 210, top: 400 - 10 - 100, bottom: 390 }, 1.5);
      const both = await addImage([pdfUpload(pdf), png(flatPng(80, 40, '#000000'))], { x: 0, y: 0, width: 50, height: 300 });
      expectBoxNear(inkBox((await renderPages(both.body, 72))[0]), { left: 0, right: 50, top: 100, bottom: 400 }, 1.5);
    });
  });

  describe('SVG', () => {
    it('draws an SVG as vectors (no picture in the file) at its own size, where asked', async () => {
      const pdf = await blankPdf([{ size: [400, 500] }, { size: [400, 500] }]);
      const res = await addImage([pdfUpload(pdf, 'poster.pdf'), svg(VECTOR_SVG)], { x: 50, y: 100, everyPage: true });
      expect(res.status).toBe(200);
      expect(res.fileName).toBe('poster_overlayed.pdf');
      expect(imagesPerPage(res.body).size).toBe(0);
      for (const pageNumber of [1, 2]) {
        const page = renderColour(res.body, pageNumber, 72);
        // The box: 120 × 60 pt from (50, 100) up, i.e. from the top 500 - 160 = 340 to 400.
        expect(near(pixelAt(page, 60, 350), [0, 0, 255])).toBe(true);
        expect(near(pixelAt(page, 140, 370), [0, 255, 0])).toBe(true);
        expect(near(pixelAt(page, 45, 370), [255, 255, 255])).toBe(true);
        expect(near(pixelAt(page, 175, 370), [255, 255, 255])).toBe(true);
        expect(near(pixelAt(page, 60, 335), [255, 255, 255])).toBe(true);
        expect(near(pixelAt(page, 60, 405), [255, 255, 255])).toBe(true);
      }
    });

    it('fetches nothing and reads no file an SVG points at: a loopback server it names gets no request', async () => {
      const requests: string[] = [];
      const listener: Server = createServer((req, res) => {
        requests.push(req.url ?? '');
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(flatPng(10, 10, '#ff0000'));
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      try {
        // A stylesheet instruction, but no XML declaration: the upload check takes one or the other before <svg>.
        const hostile = `<?xml-stylesheet href="${base}/sheet.css" type="text/css"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">
  <style>@import url(${base}/import.css); .f { fill: url(${base}/paint.svg#p) }</style>
  <rect width="100" height="100" fill="#00ff00"/>
  <image x="0" y="0" width="50" height="50" xlink:href="${base}/picture.png"/>
  <image x="50" y="0" width="50" height="50" href="file:///etc/hostname"/>
  <image x="0" y="50" width="50" height="50" href="../input.pdf"/>
  <use href="${base}/other.svg#shape"/>
  <rect class="f" x="50" y="50" width="50" height="50" filter="url(${base}/filter.svg#f)"/>
</svg>`;
        const res = await addImage([pdfUpload(await blankPdf([{ size: [300, 300] }])), svg(hostile)], { x: 0, y: 0 });
        expect([res.status, res.json?.detail]).toEqual([200, undefined]);
        expect(requests).toEqual([]);
        // Nothing was drawn from outside: no picture, no red; the drawing's own green is there.
        expect(imagesPerPage(res.body).size).toBe(0);
        const page = renderColour(res.body, 1, 72);
        expect(near(pixelAt(page, 25, 225), [0, 255, 0])).toBe(true);
      } finally {
        await new Promise((resolve) => listener.close(resolve));
      }
    });
  });

  describe('bad input', () => {
    it('asks for an image when none is sent', async () => {
      const res = await addImage([pdfUpload(await makePdf(1))]);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('Please select an image file to upload.');
    });

    it('refuses an image that is no PNG, JPEG or SVG, a damaged one, and one declaring hundreds of megapixels', async () => {
      const pdf = await makePdf(1);
      const wrong = await addImage([pdfUpload(pdf), png(await makePdf(1), 'image.png')]);
      expect(wrong.status).toBe(400);
      expect(wrong.json.detail).toBe('Image: please upload a PNG, JPG or SVG file.');
      const damaged = await addImage([pdfUpload(pdf), png(Buffer.concat([flatPng(20, 20, '#000').subarray(0, 40), Buffer.alloc(64)]))]);
      expect(damaged.status).toBe(400);
      const huge = await addImage([pdfUpload(pdf), png(declaredPng(20_000, 20_000))]);
      expect(huge.status).toBe(400);
      expect(huge.json.detail).toMatch(/20000 × 20000 pixels; images of up to [\d.]+ megapixels can be used/);
    });

    it('refuses an SVG that is not well-formed, or declares external entities', async () => {
      const pdf = await makePdf(1);
      const broken = await addImage([pdfUpload(pdf), svg('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')]);
      expect(broken.status).toBe(400);
      expect(broken.json.detail).toMatch(/^The SVG "drawing.svg" could not be read/);
      const entity = await addImage([
        pdfUpload(pdf),
        svg(
          '<?xml version="1.0"?>\n<!DOCTYPE svg SYSTEM "http://example.test/x.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"><!-- --><text>&ext;</text></svg>',
        ),
      ]);
      expect(entity.status).toBe(400);
    });

    it('refuses an SVG librsvg cannot draw (no size, a reference bomb) with a 400 that names no server path', async () => {
      const pdf = await makePdf(1);
      const levels = 'abcdefghij'.split('');
      const bomb = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs><rect id="a" width="1" height="1"/>${levels
        .slice(1)
        .map((id, i) => `<g id="${id}">${`<use href="#${levels[i]}"/>`.repeat(10)}</g>`)
        .join('')}</defs><use href="#j"/></svg>`;
      for (const drawing of ['<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"><rect width="9" height="9"/></svg>', bomb]) {
        const res = await addImage([pdfUpload(pdf), svg(drawing)]);
        expect(res.status).toBe(400);
        expect(res.json.detail).toMatch(/^The SVG "drawing.svg" could not be read: /);
        expect(res.json.detail).not.toMatch(/\/tmp|req-|\.svg:/);
      }
    });

    it('shrinks a 720-pixel photo to fit an A4 page rather than cut it off, when no width is asked for', async () => {
      // Blue, with a red band down its right-most 36 pixels: cut off, the band would be missing.
      const photo = execFileSync('/usr/bin/convert-im6.q16', [
        '-size',
        '720x480',
        'xc:#1030d0',
        '-fill',
        '#e01010',
        '-draw',
        'rectangle 684,0 719,479',
        '-quality',
        '92',
        'jpeg:-',
      ]);
      const res = await addImage([pdfUpload(reportlabA4()), jpeg(photo)], { x: 0, y: 0 });
      expect(res.status).toBe(200);
      const page = renderColour(res.body, 1, 72);
      expect([page.width, page.height]).toEqual([596, 842]);
      // 720 × 480 px scaled by 595.3 / 720: 595.3 × 396.9 pt from the bottom-left corner, the red band its last 30 pt.
      expect(near(pixelAt(page, 590, 842 - 200), [224, 16, 16], 40)).toBe(true);
      expect(near(pixelAt(page, 560, 842 - 200), [16, 48, 208], 40)).toBe(true);
      expect(near(pixelAt(page, 300, 842 - 392), [16, 48, 208], 40)).toBe(true);
      expect(pixelAt(page, 300, 842 - 402)).toEqual([255, 255, 255]);
    });

    it('refuses, with the room there is, a width or a corner that would put the image off the page', async () => {
      const a4 = reportlabA4();
      const wide = await addImage([pdfUpload(a4), jpeg(flatJpeg(720, 480, '#000000'))], { x: 100, y: 0, width: 600 });
      expect(wide.status).toBe(400);
      expect(wide.json.detail).toBe(
        'The image, 600 × 400 pt at 100, 0, would run off page 1 (595.3 × 841.9 pt): there it can be at most 495.3 pt wide and 841.9 pt high.',
      );
      const outside = await addImage([pdfUpload(a4), jpeg(flatJpeg(72, 48, '#000000'))], { x: -20, y: 900 });
      expect(outside.status).toBe(400);
      expect(outside.json.detail).toBe('The image’s lower-left corner, at -20, 900, is off page 1 (595.3 × 841.9 pt): X and Y must be inside the page.');
    });

    it('refuses coordinates and sizes out of range', async () => {
      const pdf = await makePdf(1);
      const cases: [Record<string, string | number>, string][] = [
        [{ x: 20000 }, 'X must be a number of points from -14400 to 14400.'],
        [{ y: 'low' }, 'Y must be a number of points from -14400 to 14400.'],
        [{ width: 0 }, 'Width must be greater than 0 and at most 14400 points.'],
        [{ height: -5 }, 'Height must be greater than 0 and at most 14400 points.'],
        [{ everyPage: 'sometimes' }, 'Every page: expected true or false.'],
      ];
      for (const [fields, message] of cases) {
        const res = await addImage([pdfUpload(pdf), png(flatPng(10, 10, '#000'))], fields);
        expect([fields, res.status]).toEqual([fields, 400]);
        expect(res.json.detail).toBe(message);
      }
    });

    it('refuses a damaged PDF and one that needs a password', async () => {
      const damaged = await addImage([pdfUpload(CORRUPT_PDF), png(flatPng(10, 10, '#000'))]);
      expect(damaged.status).toBe(400);
      const locked = await addImage([pdfUpload(encryptPdf(await makePdf(1), 'user-secret')), png(flatPng(10, 10, '#000'))]);
      expect(locked.status).toBe(400);
      expect(locked.json.detail).toBe('The PDF Document is passworded and either the password was not provided or was incorrect');
    });
  });
});

/** A one-page A4 report written by reportlab. */
function reportlabA4(): Buffer {
  const script = [
    'import sys',
    'from reportlab.lib.pagesizes import A4',
    'from reportlab.pdfgen import canvas',
    'c = canvas.Canvas(sys.stdout.buffer, pagesize=A4)',
    'c.drawString(72, 760, "Quarterly report")',
    'c.save()',
  ].join('\n');
  return execFileSync('/usr/bin/python3', ['-c', script]);
}

/** Whether pixel `i` of a colour rendering is the test picture's blue. */
function isBlue(image: ColourImage, i: number): boolean {
  return near([image.rgb[3 * i], image.rgb[3 * i + 1], image.rgb[3 * i + 2]], [0x10, 0x60, 0xe0], 12);
}
