import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { removeImageTool } from '@folio/registry';
import { FORM_LAYOUT, formPdf, formReport } from '../../../test/support/form-pdfs';
import { decompressionBomb } from '../../../test/support/hostile-pdfs';
import { postTool, type Upload } from '../../../test/support/http';
import { listImages, PICTURE_PAGE_TEXTS, PICTURES, picturesPdf, VECTOR_SQUARE } from '../../../test/support/image-pdfs';
import { colouredShare, flatPng, renderColour } from '../../../test/support/marks';
import { writePdf } from '../../../test/support/pdf-writer';
import { CORRUPT_PDF, encryptPdf, makePdf, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

const PASSWORD_ERROR = 'The PDF Document is passworded and either the password was not provided or was incorrect';

/** Image objects in the file, whether drawn or not (qpdf's JSON of every object). */
function storedImages(pdf: Buffer): number {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', '--json-stream-data=none', join(dir, 'x.pdf')], { encoding: 'utf8' }));
    return Object.values(json.qpdf[1] as Record<string, { stream?: { dict: Record<string, unknown> } }>).filter((o) => o.stream?.dict['/Subtype'] === '/Image')
      .length;
  });
}

/** Pages whose picture regions hold ink, page by page. */
const picturesShown = (pdf: Buffer) =>
  [1, 2, 3].map((page) => {
    const image = renderColour(pdf, page);
    return Object.entries(PICTURES)
      .filter(([, picture]) => (picture.pages as readonly number[]).includes(page) || (page === 3 && picture === PICTURES.gradient))
      .map(([name, picture]) => [name, colouredShare(image, picture.region) > 0.3] as const);
  });

// Engines under a loaded CI machine: jest's 5 s is no measure of this tool (bench has the speed figures).
jest.setTimeout(60_000);

describe('Remove Image (/api/v1/general/remove-image-pdf)', () => {
  const server = useTestServer();
  const pictures: Upload = { name: 'pictures.pdf', content: picturesPdf() };
  const removeImages = (upload = pictures) => postTool(server, removeImageTool.endpoint, [upload]);

  it('starts from a fixture where every picture shows', () => {
    expect(
      picturesShown(pictures.content)
        .flat()
        .filter(([, shown]) => !shown),
    ).toEqual([]);
    expect(listImages(pictures.content).length).toBeGreaterThanOrEqual(8);
  });

  it('takes out every image: drawn, nested in forms, inline, masked, in annotations', async () => {
    const res = await removeImages();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('pictures_images_removed.pdf');
    expect(listImages(res.body)).toEqual([]);
    // Not just undrawn: no image object, soft mask or stencil is left in the file.
    expect(storedImages(pictures.content)).toBe(8);
    expect(storedImages(res.body)).toBe(0);
    for (const page of picturesShown(res.body)) for (const [name, shown] of page) expect([name, shown]).toEqual([name, false]);
  });

  it('keeps the text as text and the drawings as drawings', async () => {
    const res = await removeImages();
    expect(pageCount(res.body)).toBe(3);
    expect(pageTexts(res.body)).toEqual(PICTURE_PAGE_TEXTS);
    for (const page of [1, 2, 3]) {
      const image = renderColour(res.body, page);
      expect(colouredShare(image, VECTOR_SQUARE)).toBeGreaterThan(0.95);
    }
    const square = renderColour(res.body, 1);
    const middle = 3 * (165 * square.width + 160);
    expect([...square.rgb.subarray(middle, middle + 3)]).toEqual([255, 0, 0]);
  });

  it('keeps form fields and annotations that hold no image', async () => {
    const form = await formPdf();
    const res = await removeImages({ name: 'form.pdf', content: form });
    expect(res.status).toBe(200);
    expect(formReport(form).annotations[0]).toContain('/Square');
    expect(formReport(res.body)).toEqual(formReport(form));
    expect(pageTexts(res.body)[0]).toContain(FORM_LAYOUT.heading);
  });

  it('drops page thumbnails, which are images too', async () => {
    const thumbnail = deflateSync(Buffer.alloc(8 * 8 * 3, 90));
    const withThumbnail = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Thumb 4 0 R >>',
      Buffer.concat([
        Buffer.from(`<< /Width 8 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${thumbnail.length} >>\nstream\n`),
        thumbnail,
        Buffer.from('\nendstream'),
      ]),
    ]);
    const res = await removeImages({ name: 'thumb.pdf', content: withThumbnail });
    expect(res.status).toBe(200);
    const dump = withTempDir((dir) => {
      writeFileSync(join(dir, 'x.pdf'), res.body);
      return execFileSync('qpdf', ['--qdf', '--object-streams=disable', join(dir, 'x.pdf'), '-'], { encoding: 'latin1' });
    });
    expect(dump).not.toContain('/Thumb');
  });

  it('leaves a PDF without images as it reads', async () => {
    const plain = await makePdf(2, { label: 'plain' });
    const res = await removeImages({ name: 'plain.pdf', content: plain });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(['plain page 1', 'plain page 2']);
  });

  it('opens an owner-password PDF (and answers it unencrypted), and refuses one that needs a password', async () => {
    const owner = await removeImages({ name: 'owner.pdf', content: encryptPdf(picturesPdf(), '') });
    expect(owner.status).toBe(200);
    expect(listImages(owner.body)).toEqual([]);
    expect(pageTexts(owner.body)).toEqual(PICTURE_PAGE_TEXTS);

    const locked = await removeImages({ name: 'locked.pdf', content: encryptPdf(picturesPdf(), 'secret') });
    expect(locked.status).toBe(400);
    expect(locked.json.detail).toBe(PASSWORD_ERROR);
  });

  it('refuses an image instead of a PDF, and a damaged PDF', async () => {
    const png = await removeImages({ name: 'photo.png', content: flatPng(10, 10, 'red'), contentType: 'image/png' });
    expect(png.status).toBe(400);
    expect(png.json.detail).toBe('Please upload a PDF file.');

    const corrupt = await removeImages({ name: 'broken.pdf', content: CORRUPT_PDF });
    expect(corrupt.status).toBe(400);
    expect(corrupt.json.type).toBe('/errors/pdf-corrupted');
  });

  it('refuses page content that inflates to gigabytes before qpdf reads it', async () => {
    const res = await removeImages({ name: 'bomb.pdf', content: decompressionBomb() });
    expect(res.status).toBe(400);
    expect(res.json.type).toBe('/errors/content-too-large');
  });
});
