import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { imageToPdfTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

const CONVERT = '/usr/bin/convert-im6.q16';

/** An image made by ImageMagick from its arguments, e.g. ['-size', '30x20', 'xc:red'], written as `name`. */
function makeImage(name: string, ...args: string[]): Upload {
  const ext = name.slice(name.lastIndexOf('.') + 1);
  const format = { jpg: 'JPEG', png: 'PNG', tif: 'TIFF', gif: 'GIF', bmp: 'BMP' }[ext]!;
  const content = withTempDir((dir) => {
    const out = join(dir, name);
    execFileSync(CONVERT, [...args, `${format}:${out}`]);
    return readFileSync(out);
  });
  return { name, content, contentType: 'application/octet-stream' };
}

interface Raster {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel, rows from the top. */
  rgb: Buffer;
}

/** Renders one page of a PDF at `dpi` with Poppler into RGB pixels. */
function renderPage(pdf: Buffer, page: number, dpi = 72): Raster {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    return readPpm(readFileSync(join(dir, 'out.ppm')));
  });
}

function readPpm(data: Buffer): Raster {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.toString('latin1', 0, 64))!;
  return { width: Number(header[1]), height: Number(header[2]), rgb: data.subarray(header[0].length) };
}

/** The images stored in a PDF, decoded by Poppler's pdfimages, in page order. */
function embeddedImages(pdf: Buffer): Raster[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdfimages', [join(dir, 'in.pdf'), join(dir, 'img')]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.ppm'))
      .sort()
      .map((name) => readPpm(readFileSync(join(dir, name))));
  });
}

/** A JPEG with an EXIF APP1 segment saying how to turn it for viewing (6 = 90° clockwise). */
function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

const pixel = ({ width, rgb }: Raster, x: number, y: number) => [...rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];

async function pageSizes(pdf: Buffer): Promise<number[][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]);
}

/** A PNG whose header claims 50000 × 50000 pixels, with almost no data behind it. */
function pixelBombPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

describe('Image to PDF (/api/v1/convert/img/pdf)', () => {
  const server = useTestServer();

  const convert = (files: Upload[], fields: Record<string, string | boolean> = {}) => postTool(server, imageToPdfTool.endpoint, files, fields);
  const landscape = () => makeImage('wide.png', '-size', '300x200', 'xc:rgb(200,30,30)');

  it('makes one page per image and per TIFF frame, in upload order', async () => {
    const tiff = makeImage('scan.tif', '-size', '30x20', 'xc:red', '-size', '30x20', 'xc:lime', '-size', '30x20', 'xc:blue');
    const png = makeImage('b.png', '-size', '40x50', 'xc:yellow');
    const jpeg = makeImage('c.jpg', '-size', '60x30', 'xc:black');
    const res = await convert([tiff, png, jpeg], { imageFit: 'image-size' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('scan_converted.pdf');
    expect(await pageSizes(res.body)).toEqual([
      [30, 20],
      [30, 20],
      [30, 20],
      [40, 50],
      [60, 30],
    ]);
    const centres = [1, 2, 3].map((page) => pixel(renderPage(res.body, page), 15, 10));
    expect(centres).toEqual([
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
    ]);
  });

  it('takes GIF (first frame) and BMP', async () => {
    const gif = makeImage('anim.gif', '-size', '20x20', 'xc:red', '-size', '20x20', 'xc:blue');
    const bmp = makeImage('pic.bmp', '-size', '25x15', 'xc:lime');
    const res = await convert([gif, bmp], { fitOption: 'fitDocumentToImage' });
    expect(res.status).toBe(200);
    expect(await pageSizes(res.body)).toEqual([
      [20, 20],
      [25, 15],
    ]);
    expect(pixel(renderPage(res.body, 1), 10, 10)).toEqual([255, 0, 0]);
  });

  it('lays pages out as each fit mode says, landscape pages only with auto rotate', async () => {
    const sizes = async (fields: Record<string, string | boolean>) => {
      const res = await convert([landscape()], fields);
      expect(res.status).toBe(200);
      return (await pageSizes(res.body))[0];
    };
    expect(await sizes({ imageFit: 'stretch' })).toEqual([595, 842]);
    expect(await sizes({ imageFit: 'stretch', autoRotate: true })).toEqual([842, 595]);
    expect(await sizes({ imageFit: 'fit', autoRotate: true })).toEqual([842, 595]);
    expect(await sizes({ imageFit: 'center' })).toEqual([595, 842]);
    expect(await sizes({ imageFit: 'fill' })).toEqual([595, 842]);
    expect(await sizes({ imageFit: 'fill', autoRotate: true })).toEqual([842, 595]);
    expect(await sizes({ imageFit: 'image-size', autoRotate: true })).toEqual([300, 200]);
    // The reference's names for the same geometries.
    expect(await sizes({ fitOption: 'fillPage' })).toEqual([595, 842]);
    expect(await sizes({ fitOption: 'maintainAspectRatio', autoRotate: 'true' })).toEqual([842, 595]);
    expect(await sizes({ fitOption: 'fitDocumentToImage' })).toEqual([300, 200]);
  });

  it('stretches over the whole page, fits inside it, or centres at its own size with white around', async () => {
    const red = [200, 30, 30];
    const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]) <= 3);
    const page = async (fit: string) => renderPage((await convert([landscape()], { imageFit: fit })).body, 1);

    const stretched = await page('stretch');
    expect(near(pixel(stretched, 2, 2), red) && near(pixel(stretched, 590, 838), red)).toBe(true);

    // 300 × 200 scaled to the 595 pt width is 397 pt high, centred: white above and below, red edge to edge across.
    const fitted = await page('fit');
    expect(pixel(fitted, 297, 100)).toEqual([255, 255, 255]);
    expect(near(pixel(fitted, 2, 421), red) && near(pixel(fitted, 592, 421), red)).toBe(true);

    // At its own size: 300 × 200 in the middle, white margins on all four sides.
    const centred = await page('center');
    expect(pixel(centred, 100, 421)).toEqual([255, 255, 255]);
    expect(pixel(centred, 297, 300)).toEqual([255, 255, 255]);
    expect(near(pixel(centred, 160, 421), red) && near(pixel(centred, 435, 421), red)).toBe(true);
    expect(pixel(centred, 140, 421)).toEqual([255, 255, 255]);
  });

  it('fills an A4 page with a 4000 × 3000 photo: covered edge to edge, proportions kept, the overhang cut off', async () => {
    // A red band over the left quarter, blue elsewhere: where the band ends tells a cover from a stretch.
    const photo = makeImage('photo.jpg', '-size', '4000x3000', 'xc:rgb(0,40,220)', '-fill', 'rgb(220,20,20)', '-draw', 'rectangle 0,0 999,2999');
    const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]) <= 12);
    const [red, blue] = [
      [220, 20, 20],
      [0, 40, 220],
    ];
    for (const [fields, size, bandEnd] of [
      // Portrait A4: scaled to the page's height (842 / 3000), 1123 pt wide, centred: the band ends 264 pt left of the page plus 281.
      [{ imageFit: 'fill' }, [595, 842], -264 + 281],
      // Landscape A4 with auto rotate: scaled to the page's width (842 / 4000), 631 pt high, 18 pt cut above and below.
      [{ imageFit: 'fill', autoRotate: true }, [842, 595], 210],
    ] as const) {
      const res = await convert([photo], fields);
      expect(res.status).toBe(200);
      expect((await pageSizes(res.body))[0]).toEqual(size);
      const page = renderPage(res.body, 1);
      const [w, h] = [page.width, page.height];
      // No white anywhere along the edges: the photo covers the page.
      for (const [x, y] of [
        [1, 1],
        [w - 2, 1],
        [1, h - 2],
        [w - 2, h - 2],
        [Math.floor(w / 2), 1],
        [Math.floor(w / 2), h - 2],
      ])
        expect(near(pixel(page, x, y), x < bandEnd ? red : blue)).toBe(true);
      expect(near(pixel(page, bandEnd - 6, Math.floor(h / 2)), red)).toBe(true);
      expect(near(pixel(page, bandEnd + 6, Math.floor(h / 2)), blue)).toBe(true);
    }
  });

  it('converts to greyscale (R = G = B) under either spelling', async () => {
    const colourful = makeImage('c.jpg', '-size', '60x40', 'gradient:red-blue');
    for (const fields of [{ colourType: 'grayscale' }, { colorType: 'greyscale' }] as Record<string, string>[]) {
      const res = await convert([colourful], { imageFit: 'fill', ...fields });
      expect(res.status).toBe(200);
      const { rgb } = renderPage(res.body, 1);
      let coloured = 0;
      for (let i = 0; i < rgb.length; i += 3) if (rgb[i] !== rgb[i + 1] || rgb[i + 1] !== rgb[i + 2]) coloured++;
      expect(coloured).toBe(0);
      expect(new Set(rgb).size).toBeGreaterThan(5);
    }
  });

  it('converts to black and white: only 0 and 255', async () => {
    const res = await convert([makeImage('g.png', '-size', '60x40', 'gradient:white-black')], { imageFit: 'fill', colourType: 'blackwhite' });
    expect(res.status).toBe(200);
    // The embedded pixels themselves (a renderer may soften the edge between two rows).
    const values = new Set(embeddedImages(res.body)[0].rgb);
    expect([...values].sort((a, b) => a - b)).toEqual([0, 255]);
  });

  it('keeps a colour JPEG as it is and applies EXIF orientation to a turned one', async () => {
    const jpeg = makeImage('photo.jpg', '-size', '64x32', 'xc:rgb(10,120,200)');
    const kept = await convert([jpeg], { imageFit: 'image-size' });
    expect(kept.body.includes(jpeg.content.subarray(0, 2000))).toBe(true);
    // Stored 64 × 32 but marked "rotate 90° clockwise to view" (orientation 6): shown 32 × 64.
    const turned = { ...jpeg, name: 'turned.jpg', content: withExifOrientation(jpeg.content, 6) };
    const res = await convert([turned], { imageFit: 'image-size' });
    expect(await pageSizes(res.body)).toEqual([[32, 64]]);
  });

  it('refuses a pixel bomb from its header, quickly', async () => {
    const started = Date.now();
    const res = await convert([{ name: 'bomb.png', content: pixelBombPng(), contentType: 'image/png' }]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain('50000 × 50000');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses files that are not supported images with the spec text', async () => {
    const res = await convert([landscape(), { name: 'notes.png', content: Buffer.from('not an image at all'), contentType: 'image/png' }]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Please upload supported image files (JPG, PNG, GIF, BMP, TIFF).');
    const none = await convert([]);
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe('Please upload at least one image.');
  });

  it('refuses an unknown fit', async () => {
    const res = await convert([landscape()], { imageFit: 'zoom' });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Fit must be fill, fit, stretch, center or image-size.');
  });
});
