import { cbrToPdfTool, pipelineTool } from '@folio/registry';
import { pdfImages, pdfPageSizes, picture, rar4, rar5 } from '../../../test/support/comic-archives';
import { postTool } from '../../../test/support/http';
import { makePdf, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

describe('CBR to PDF (/api/v1/convert/cbr/pdf)', () => {
  const server = useTestServer();
  const convert = (content: Buffer, name = 'comic.cbr', fields: Record<string, string> = {}) =>
    postTool(server, cbrToPdfTool.endpoint, [{ name, content, contentType: 'application/vnd.comicbook-rar' }], fields);

  const jpeg = picture('jpeg', 50, 70);
  const png = picture('png', 51, 71);
  const webp = picture('webp', 52, 72);

  it('reads a RAR 4 archive: a page per picture in natural order, at its pixel size, JPEG kept as DCT', async () => {
    const cbr = rar4([
      ['Issue 1/', ''],
      ['Issue 1/p10.webp', webp],
      ['Issue 1/p2.png', png],
      ['Issue 1/p1.jpg', jpeg],
      ['Issue 1/ComicInfo.xml', '<ComicInfo/>'],
    ]);
    const res = await convert(cbr);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('comic_converted.pdf');
    expect(pdfPageSizes(res.body)).toEqual([
      { width: 50, height: 70 },
      { width: 51, height: 71 },
      { width: 52, height: 72 },
    ]);
    expect(pdfImages(res.body).map((image) => image.encoding)).toEqual(['jpeg', 'image', 'image']);
  });

  it('reads a RAR 5 archive (which the reference cannot), named .rar', async () => {
    const res = await convert(
      rar5([
        ['b.png', png],
        ['a.jpg', jpeg],
      ]),
      'volume.2.rar',
    );
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('volume.2_converted.pdf');
    expect(pdfPageSizes(res.body)).toEqual([
      { width: 50, height: 70 },
      { width: 51, height: 71 },
    ]);
  });

  it('refuses an encrypted archive with 400 and says why', async () => {
    const res = await convert(rar4([['1.png', png]], { encrypted: true }));
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/encrypted/);
  });

  it('refuses a damaged archive, one without pictures, and a PDF named .cbr with 400', async () => {
    const whole = rar4([
      ['1.png', png],
      ['2.png', png],
    ]);
    const truncated = await convert(whole.subarray(0, whole.length - 200));
    expect(truncated.status).toBe(400);
    const none = await convert(rar4([['readme.txt', 'no pictures here']]));
    expect(none.status).toBe(400);
    expect(none.json.detail).toMatch(/no pictures/);
    const pdf = await convert(await makePdf(1));
    expect(pdf.status).toBe(400);
  });

  it('runs as a pipeline step, its PDF fed to the next step', async () => {
    const json = JSON.stringify({
      name: 'comic',
      pipeline: [
        { operation: cbrToPdfTool.endpoint, parameters: { optimizeForEbook: false } },
        { operation: '/api/v1/misc/add-page-numbers', parameters: { customText: 'Page {n}' } },
      ],
    });
    const cbr = rar4([
      ['2.png', picture('png', 300, 300)],
      ['1.png', picture('png', 300, 300)],
    ]);
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'comic.cbr', content: cbr }], { json });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body).map((text) => text.trim())).toEqual(['Page 1', 'Page 2']);
  });
});
