import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { PDFDocument, PDFName, rgb } from 'pdf-lib';
import { pdfToImageTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

interface Raster {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel, rows from the top. */
  rgb: Buffer;
}

/** Decodes any image (PNG, JPEG, WebP, TIFF, GIF) to RGB pixels with ImageMagick; the first frame. */
function decode(image: Buffer): Raster {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in'), image);
    const ppm = execFileSync('/usr/bin/convert-im6.q16', [`${join(dir, 'in')}[0]`, '-depth', '8', 'PPM:-']);
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 64))!;
    return { width: Number(header[1]), height: Number(header[2]), rgb: ppm.subarray(header[0].length) };
  });
}

const pixel = ({ width, rgb: data }: Raster, x: number, y: number) => [...data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];

/** Width and height from a PNG's IHDR. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

const COLOURS = [rgb(1, 0, 0), rgb(0, 1, 0), rgb(0, 0, 1)];

/** Pages filled with red, green, blue (in that order), each of the given size in points. */
async function colouredPdf(sizes: [number, number][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  sizes.forEach(([width, height], i) => doc.addPage([width, height]).drawRectangle({ x: 0, y: 0, width, height, color: COLOURS[i % 3] }));
  return Buffer.from(await doc.save());
}

/** A white 72 × 72 pt page with a Square annotation whose appearance is a blue square in the middle. */
async function annotatedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([72, 72]);
  const { context } = doc;
  const appearance = context.register(context.stream('0 0 1 rg 0 0 40 40 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 40, 40] }));
  const annotation = context.register(context.obj({ Type: 'Annot', Subtype: 'Square', Rect: [16, 16, 56, 56], F: 4, C: [0, 0, 1], AP: { N: appearance } }));
  page.node.set(PDFName.of('Annots'), context.obj([annotation]));
  return Buffer.from(await doc.save());
}

describe('PDF to Image (/api/v1/convert/pdf/img)', () => {
  const server = useTestServer();
  let threePages: Buffer;
  beforeAll(async () => {
    threePages = await colouredPdf([
      [72, 72],
      [72, 72],
      [72, 72],
    ]);
  });

  const convert = (fields: Record<string, string | number | boolean>, content = threePages, name = 'doc.pdf') =>
    postTool(server, pdfToImageTool.endpoint, [{ name, content }], fields);
  const entries = (zip: Buffer) => new AdmZip(zip).getEntries().map((e) => ({ name: e.entryName, data: e.getData() }));

  it('renders every page as a PNG in a ZIP, at the chosen DPI', async () => {
    const res = await convert({ imageFormat: 'PNG', dpi: 144 });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('doc_convertedToImages.zip');
    const files = entries(res.body);
    expect(files.map((f) => f.name)).toEqual(['doc_1.png', 'doc_2.png', 'doc_3.png']);
    expect(pngSize(files[0].data)).toEqual({ width: 144, height: 144 });
    expect(files.map((f) => pixel(decode(f.data), 70, 70))).toEqual([
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
    ]);
  });

  it('renders the chosen pages in the chosen order, each named by its page number', async () => {
    const res = await convert({ imageFormat: 'png', pageNumbers: '3,1', dpi: 72 });
    expect(res.status).toBe(200);
    const files = entries(res.body);
    expect(files.map((f) => f.name)).toEqual(['doc_3.png', 'doc_1.png']);
    expect(files.map((f) => pixel(decode(f.data), 36, 36))).toEqual([
      [0, 0, 255],
      [255, 0, 0],
    ]);
    const page = await convert({ customPages: '2', dpi: 72 });
    expect(entries(page.body).map((f) => pixel(decode(f.data), 36, 36))).toEqual([[0, 255, 0]]);
  });

  it('names pages 1, 6, 11 and 12 of twelve _1, _6, _11 and _12, each image the size of its own page', async () => {
    // Page n is 10n points wide, so at 72 DPI its image is 10n pixels wide.
    const twelve = await colouredPdf(Array.from({ length: 12 }, (_, i): [number, number] => [10 * (i + 1), 20]));
    const res = await convert({ imageFormat: 'png', pageNumbers: '1,6,11-12', dpi: 72 }, twelve, 'report.pdf');
    expect(res.status).toBe(200);
    const files = entries(res.body);
    expect(files.map((f) => f.name)).toEqual(['report_1.png', 'report_6.png', 'report_11.png', 'report_12.png']);
    expect(files.map((f) => pngSize(f.data).width)).toEqual([10, 60, 110, 120]);
  });

  it('renders in greyscale (R = G = B) and in black and white (0 and 255 only)', async () => {
    for (const fields of [{ colourType: 'grayscale' }, { colorType: 'greyscale' }] as Record<string, string>[]) {
      const res = await convert({ ...fields, dpi: 36 });
      for (const { data } of entries(res.body)) {
        const { rgb: values } = decode(data);
        for (let i = 0; i < values.length; i += 3) expect(values[i] === values[i + 1] && values[i + 1] === values[i + 2]).toBe(true);
      }
      // Red, green and blue become three different greys.
      expect(new Set(entries(res.body).map((f) => pixel(decode(f.data), 10, 10)[0])).size).toBe(3);
    }
    const res = await convert({ colourType: 'blackwhite', dpi: 36, pageNumbers: '1,2' });
    const values = new Set(entries(res.body).flatMap((f) => [...decode(f.data).rgb]));
    expect([...values].sort((a, b) => a - b)).toEqual([0, 255]);
  });

  it('draws annotations only when asked', async () => {
    const pdf = await annotatedPdf();
    const plain = await convert({ dpi: 72 }, pdf);
    expect(pixel(decode(entries(plain.body)[0].data), 36, 36)).toEqual([255, 255, 255]);
    const annotated = await convert({ dpi: 72, includeAnnotations: true }, pdf);
    expect(pixel(decode(entries(annotated.body)[0].data), 36, 36)).toEqual([0, 0, 255]);
  });

  it.each([
    ['JPG', 'jpg', (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
    ['jpeg', 'jpg', (b: Buffer) => b[0] === 0xff && b[1] === 0xd8],
    ['WEBP', 'webp', (b: Buffer) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP'],
    ['TIFF', 'tiff', (b: Buffer) => ['II*\0', 'MM\0*'].includes(b.toString('latin1', 0, 4))],
    ['gif', 'gif', (b: Buffer) => b.toString('latin1', 0, 4) === 'GIF8'],
  ])('writes %s images', async (imageFormat, ext, isFormat) => {
    const res = await convert({ imageFormat, dpi: 72, pageNumbers: '1,3' });
    expect(res.status).toBe(200);
    const files = entries(res.body);
    expect(files.map((f) => f.name)).toEqual([`doc_1.${ext}`, `doc_3.${ext}`]);
    expect(files.every((f) => isFormat(f.data))).toBe(true);
    const first = decode(files[0].data);
    expect([first.width, first.height]).toEqual([72, 72]);
    expect(pixel(first, 36, 36).map((v) => Math.round(v / 32))).toEqual([8, 0, 0]);
  });

  it('stacks the pages into one tall image when single', async () => {
    const pdf = await colouredPdf([
      [72, 72],
      [36, 144],
    ]);
    const res = await convert({ pageResultType: 'single', dpi: 72 }, pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.fileName).toBe('doc.png');
    expect(pngSize(res.body)).toEqual({ width: 72, height: 216 });
    const image = decode(res.body);
    expect(pixel(image, 36, 36)).toEqual([255, 0, 0]);
    expect(pixel(image, 36, 150)).toEqual([0, 255, 0]);
    // The narrower page is centred on white.
    expect(pixel(image, 2, 150)).toEqual([255, 255, 255]);

    const jpeg = await convert({ singleOrMultiple: 'single', imageFormat: 'jpeg', dpi: 72 }, pdf);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.fileName).toBe('doc.jpg');
    expect([decode(jpeg.body).width, decode(jpeg.body).height]).toEqual([72, 216]);
  });

  it('answers one ZIP for several PDFs, one ZIP of images per PDF inside', async () => {
    const res = await postTool(
      server,
      pdfToImageTool.endpoint,
      [
        { name: 'a.pdf', content: threePages },
        { name: 'b.pdf', content: threePages },
      ],
      { dpi: 36 },
    );
    expect(res.status).toBe(200);
    expect(entries(res.body).map((f) => f.name)).toEqual(['a_convertedToImages.zip', 'b_convertedToImages.zip']);
    expect(entries(entries(res.body)[1].data).map((f) => f.name)).toEqual(['b_1.png', 'b_2.png', 'b_3.png']);
  });

  it('refuses a DPI above 500 with the spec text, and one below 1', async () => {
    const high = await convert({ dpi: 501 });
    expect(high.status).toBe(400);
    expect(high.json.detail).toBe('DPI cannot exceed 500.');
    const zero = await convert({ dpi: 0 });
    expect(zero.status).toBe(400);
    expect(zero.json.detail).toBe('DPI must be at least 1.');
  });

  it('refuses a page too large for the pixel budget before rendering it', async () => {
    const huge = await colouredPdf([[14_400, 14_400]]);
    const started = Date.now();
    const res = await convert({ dpi: 500 }, huge);
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain('100000 × 100000 pixels at 500 DPI');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a selection that names no page of the document', async () => {
    const res = await convert({ pageNumbers: '7-9' });
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain('select no page');
  });
});
