import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cbzToPdfTool, pipelineTool } from '@folio/registry';
import { pdfImages, pdfPageSizes, picture, zipWithInfoZip, zipWithPython } from '../../../test/support/comic-archives';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf, pageRotations, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/** Pixels that differ between the PDF's first image of `page` and `png`, by ImageMagick's compare (0: identical). */
function pixelsDiffering(pdf: Buffer, page: number, png: Buffer): number {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    writeFileSync(join(dir, 'want.png'), png);
    execFileSync('pdfimages', ['-png', '-f', String(page), '-l', String(page), join(dir, 'x.pdf'), join(dir, 'got')]);
    const result = execFileSync('/usr/bin/compare-im6.q16', ['-metric', 'AE', join(dir, 'got-000.png'), join(dir, 'want.png'), 'null:'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString();
    return Number(result.trim() || '0');
  });
}

const producerOf = (pdf: Buffer) =>
  withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return /Producer:\s*(.*)/.exec(execFileSync('pdfinfo', [join(dir, 'x.pdf')], { encoding: 'utf8' }))?.[1] ?? '';
  });

describe('CBZ to PDF (/api/v1/convert/cbz/pdf)', () => {
  const server = useTestServer();
  const convert = (content: Buffer, name = 'comic.cbz', fields: Record<string, string> = {}) =>
    postTool(server, cbzToPdfTool.endpoint, [{ name, content, contentType: 'application/vnd.comicbook+zip' }], fields);

  // Each page a size of its own, so the page sizes tell the order.
  const jpeg = picture('jpeg', 40, 60);
  const png = picture('png', 41, 61, '#c03030');
  const webp = picture('webp', 42, 62);
  const gif = picture('gif', 43, 63);
  const bmp = picture('bmp3', 44, 64);

  it('makes a page of each picture, in natural order, at its pixel size, skipping macOS junk and other files (Info-ZIP archive)', async () => {
    const cbz = zipWithInfoZip([
      ['Vol 1/page10.bmp', bmp],
      ['Vol 1/page2.png', png],
      ['Vol 1/page1.jpg', jpeg],
      ['Vol 1/page3.WEBP', webp],
      ['Vol 1/page9.gif', gif],
      ['Vol 1/ComicInfo.xml', '<ComicInfo><Title>Test</Title></ComicInfo>'],
      ['Vol 1/notes.txt', 'not a page'],
      ['__MACOSX/Vol 1/._page1.jpg', Buffer.from('\x00\x05\x16\x07AppleDouble junk', 'latin1')],
    ]);
    const res = await convert(cbz);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('comic_converted.pdf');
    expect(pdfPageSizes(res.body)).toEqual([
      { width: 40, height: 60 },
      { width: 41, height: 61 },
      { width: 42, height: 62 },
      { width: 43, height: 63 },
      { width: 44, height: 64 },
    ]);
    const images = pdfImages(res.body);
    expect(images.map((image) => [image.page, image.width, image.height])).toEqual([
      [1, 40, 60],
      [2, 41, 61],
      [3, 42, 62],
      [4, 43, 63],
      [5, 44, 64],
    ]);
    // The JPEG is stored as it came (DCT); the others losslessly (Flate).
    expect(images[0].encoding).toBe('jpeg');
    expect(images.slice(1).every((image) => image.encoding === 'image')).toBe(true);
    expect(pixelsDiffering(res.body, 2, png)).toBe(0);
  });

  it('keeps the JPEG bytes as they are', async () => {
    const res = await convert(zipWithPython([['001.jpg', jpeg]]));
    expect(res.status).toBe(200);
    withTempDir((dir) => {
      writeFileSync(join(dir, 'x.pdf'), res.body);
      execFileSync('pdfimages', ['-all', join(dir, 'x.pdf'), join(dir, 'img')]);
      expect(readFileSync(join(dir, 'img-000.jpg')).equals(jpeg)).toBe(true);
    });
  });

  it('takes a ZIP written by Python (deflated), sorting numbers by value across folders; the name keeps its dots', async () => {
    const cbz = zipWithPython([
      ['b/10.png', picture('png', 10, 10)],
      ['b/9.png', picture('png', 9, 9)],
      ['a/100.png', picture('png', 100, 5)],
      ['a/99999999999999999999.png', picture('png', 20, 5)],
    ]);
    const res = await convert(cbz, 'vol.1.zip');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('vol.1_converted.pdf');
    expect(pdfPageSizes(res.body).map((s) => s.width)).toEqual([100, 20, 9, 10]);
  });

  it('optimises for e-readers with Ghostscript when asked', async () => {
    const res = await convert(
      zipWithPython([
        ['1.png', picture('png', 300, 400)],
        ['2.jpg', picture('jpeg', 300, 400)],
      ]),
      'comic.cbz',
      {
        optimizeForEbook: 'true',
      },
    );
    expect(res.status).toBe(200);
    expect(pdfPageSizes(res.body)).toHaveLength(2);
    expect(producerOf(res.body)).toMatch(/Ghostscript/);
  });

  it('refuses an archive without pictures, and a picture name over something else, with 400 and a message', async () => {
    const none = await convert(zipWithPython([['ComicInfo.xml', '<x/>']]));
    expect(none.status).toBe(400);
    expect(none.json.detail).toMatch(/no pictures/);
    const fake = await convert(
      zipWithPython([
        ['1.png', picture('png', 10, 10)],
        ['2.jpg', 'this is text, not a JPEG'],
      ]),
    );
    expect(fake.status).toBe(400);
    expect(fake.json.detail).toContain('"2.jpg"');
  });

  it('refuses what is not a ZIP: a PDF, an encrypted PDF', async () => {
    const pdf = await convert(await makePdf(1), 'comic.cbz');
    expect(pdf.status).toBe(400);
    const encrypted = await convert(encryptPdf(await makePdf(1), 'secret'), 'comic.pdf');
    expect(encrypted.status).toBe(400);
  });

  it('runs as a pipeline step: the CBZ becomes a PDF, then the next step rotates it', async () => {
    const cbz = zipWithPython([
      ['1.png', picture('png', 30, 50)],
      ['2.png', picture('png', 30, 50)],
    ]);
    const json = JSON.stringify({
      name: 'comic',
      pipeline: [
        { operation: cbzToPdfTool.endpoint, parameters: {} },
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
      ],
    });
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'comic.cbz', content: cbz, contentType: 'application/zip' }], { json });
    expect(res.status).toBe(200);
    expect(pdfPageSizes(res.body)).toEqual([
      { width: 30, height: 50 },
      { width: 30, height: 50 },
    ]);
    expect(await pageRotations(res.body)).toEqual([90, 90]);
  });
});
