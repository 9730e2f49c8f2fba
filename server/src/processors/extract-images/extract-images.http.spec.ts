import { deflateSync } from 'node:zlib';
import { extractImagesTool } from '@folio/registry';
import { deflatedZeros, imageBomb } from '../../../test/support/hostile-pdfs';
import { postTool, type Upload } from '../../../test/support/http';
import { listImages, picturesPdf, readImage, zipFiles, zipImageSizes } from '../../../test/support/image-pdfs';
import { flatPng } from '../../../test/support/marks';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { writePdf } from '../../../test/support/pdf-writer';
import { CORRUPT_PDF, encryptPdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { MAX_IMAGES } from './extract-images.processor';

const PASSWORD_ERROR = 'The PDF Document is passworded and either the password was not provided or was incorrect';

/** What the fixture's pages use, in the ZIP's names: without duplicates each picture once, where it first appears. */
const UNIQUE = {
  'pictures_page_1_1.png': '8x8', // the blue square inside two forms
  'pictures_page_1_2.png': '4x4', // the inline image
  'pictures_page_1_3.png': '20x10', // the gradient
  'pictures_page_2_1.png': '12x6', // soft-masked green
  'pictures_page_2_2.png': '10x10', // stencilled yellow
  'pictures_page_3_1.png': '16x16', // in the stamp's appearance
};

/** One page holding `count` different 2 × 2 images. */
function manyImagesPdf(count: number): Buffer {
  const names = Array.from({ length: count }, (_, i) => `/I${i} ${i + 5} 0 R`).join(' ');
  const content = Array.from({ length: count }, (_, i) => `q 2 0 0 2 ${(i % 90) * 2} ${(Math.floor(i / 90) % 90) * 2} cm /I${i} Do Q`).join('\n');
  const data = deflateSync(Buffer.from(content));
  const image = (i: number) => {
    const pixels = deflateSync(Buffer.from([i & 255, (i >> 8) & 255, 7, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    return Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
      ),
      pixels,
      Buffer.from('\nendstream'),
    ]);
  };
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << ${names} >> >> /Contents 4 0 R >>`,
    Buffer.concat([Buffer.from(`<< /Filter /FlateDecode /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]),
    ...Array.from({ length: count }, (_, i) => image(i)),
  ]);
}

/** A page drawing one black-and-white image of `side` × `side` pixels (1 bit each: small to store, large to decode). */
function bigImagePdf(side: number): Buffer {
  const pixels = deflatedZeros(Math.ceil(side / 8) * side, 1);
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    '<< /Length 30 >>\nstream\nq 200 0 0 200 0 0 cm /Im1 Do Q\nendstream',
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
      ),
      pixels,
      Buffer.from('\nendstream'),
    ]),
  ]);
}

describe('Extract Images (/api/v1/misc/extract-images)', () => {
  const server = useTestServer();
  const pictures: Upload = { name: 'pictures.pdf', content: picturesPdf() };
  const extract = (fields: Record<string, string | boolean> = {}, upload = pictures) => postTool(server, extractImagesTool.endpoint, [upload], fields);

  it('starts from a fixture Poppler sees six pictures in, two of them masked and one drawn twice', () => {
    const drawn = listImages(pictures.content);
    expect(
      drawn
        .filter((image) => image.type === 'image' || image.type === 'stencil')
        .map((i) => `${i.page}:${i.width}x${i.height}`)
        .sort(),
    ).toEqual(['1:20x10', '1:8x8', '1:4x4', '2:20x10', '2:12x6', '2:10x10', '3:20x10', '3:16x16'].sort());
    expect(drawn.filter((image) => image.type === 'smask' || image.type === 'mask')).toHaveLength(2);
  });

  it('saves every picture once as PNG, where it first appears, in a ZIP named as the reference names it', async () => {
    const res = await extract();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('pictures_extracted-images.zip');
    expect(zipImageSizes(res.body)).toEqual(UNIQUE);
    // Images were found: no outcome for the page to warn of.
    expect(res.headers['x-folio-outcome']).toBeUndefined();
    for (const { data } of zipFiles(res.body)) expect(readImage(data).format).toBe('PNG');
  });

  it('keeps the pixels as stored, and the transparency the masks give', async () => {
    const files = Object.fromEntries(zipFiles((await extract()).body).map(({ name, data }) => [name, readImage(data)]));
    const gradient = files['pictures_page_1_3.png'];
    expect(gradient.pixel(0, 0)).toEqual([0, 0, 128, 255]);
    expect(gradient.pixel(19, 9)).toEqual([255, 255, 128, 255]);
    expect(files['pictures_page_1_1.png'].pixel(4, 4)).toEqual([0, 0, 255, 255]);
    const inline = files['pictures_page_1_2.png'];
    expect([inline.pixel(0, 0), inline.pixel(3, 3)]).toEqual([
      [0, 0, 0, 255],
      [240, 240, 240, 255],
    ]);

    const softMasked = files['pictures_page_2_1.png'];
    expect(softMasked.hasAlpha).toBe(true);
    expect(softMasked.pixel(0, 3)[3]).toBe(0);
    expect(softMasked.pixel(11, 3)).toEqual([0, 200, 0, 255]);
    expect(Math.abs(softMasked.pixel(6, 3)[3] - 139)).toBeLessThanOrEqual(2);

    const stencilled = files['pictures_page_2_2.png'];
    expect(stencilled.hasAlpha).toBe(true);
    expect(stencilled.pixel(2, 5)).toEqual([255, 255, 0, 255]);
    expect(stencilled.pixel(7, 5)[3]).toBe(0);
    expect(files['pictures_page_3_1.png'].pixel(8, 8)).toEqual([255, 0, 255, 255]);
  });

  it('shows a spot-colour (separation) image in its colour, and a CMYK one in RGB', async () => {
    const image = (space: string, samples: number[]) =>
      `<< /Type /XObject /Subtype /Image /Width 2 /Height 1 /ColorSpace ${space} /BitsPerComponent 8 /Length ${samples.length} >>\nstream\n${Buffer.from(samples).toString('latin1')}\nendstream`;
    const spot = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /Spot 5 0 R /Cmyk 6 0 R >> >> /Contents 4 0 R >>',
      '<< /Length 56 >>\nstream\nq 100 0 0 50 0 0 cm /Spot Do Q q 100 0 0 50 0 100 cm /Cmyk Do Q\nendstream',
      // No ink, then full ink of a magenta spot colour.
      image('[/Separation /Rhodamine /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0 1 0 0] /N 1 >>]', [0, 255]),
      // Cyan, then yellow.
      image('/DeviceCMYK', [255, 0, 0, 0, 0, 0, 255, 0]),
    ]);
    const res = await extract({}, { name: 'spot.pdf', content: spot });
    expect(res.status).toBe(200);
    // Images of a page's resources come by name: /Cmyk, then /Spot.
    const [cmyk, separation] = zipFiles(res.body).map(({ data }) => readImage(data));
    expect(Math.min(...separation.pixel(0, 0).slice(0, 3))).toBeGreaterThan(245);
    const [r, g, b] = separation.pixel(1, 0);
    expect([r > 200, g < 60, b > 100]).toEqual([true, true, true]);
    const [cyan, yellow] = [cmyk.pixel(0, 0), cmyk.pixel(1, 0)];
    expect([cyan[0] < 60, cyan[1] > 150, cyan[2] > 200]).toEqual([true, true, true]);
    expect([yellow[0] > 200, yellow[1] > 200, yellow[2] < 60]).toEqual([true, true, true]);
  });

  it('with allowDuplicates, saves a picture for every page using it, and identical pictures each time', async () => {
    const res = await extract({ allowDuplicates: true });
    expect(res.status).toBe(200);
    expect(zipImageSizes(res.body)).toEqual({
      ...UNIQUE,
      'pictures_page_2_1.png': '20x10',
      'pictures_page_2_2.png': '12x6',
      'pictures_page_2_3.png': '10x10',
      'pictures_page_3_1.png': '20x10',
      'pictures_page_3_2.png': '16x16',
    });
  });

  it.each([
    ['jpg', 'JPEG'],
    ['jpeg', 'JPEG'],
    ['gif', 'GIF'],
  ])('writes format=%s as %s files, named .jpg or .gif', async (format, reader) => {
    const res = await extract({ format });
    expect(res.status).toBe(200);
    const extension = reader === 'GIF' ? 'gif' : 'jpg';
    const sizes = zipImageSizes(res.body);
    expect(sizes).toEqual(Object.fromEntries(Object.entries(UNIQUE).map(([name, size]) => [name.replace(/png$/, extension), size])));
    const files = Object.fromEntries(zipFiles(res.body).map(({ name, data }) => [name, readImage(data)]));
    for (const image of Object.values(files)) expect(image.format).toBe(reader);
    const softMasked = files[`pictures_page_2_1.${extension}`];
    const [left, right] = [softMasked.pixel(0, 3), softMasked.pixel(11, 3)];
    if (reader === 'JPEG') {
      // No alpha in JPEG: the picture is laid on white.
      expect(softMasked.hasAlpha).toBe(false);
      expect(Math.min(...left.slice(0, 3))).toBeGreaterThan(230);
      expect(right[1]).toBeGreaterThan(180);
      expect(right[0] + right[2]).toBeLessThan(60);
    } else {
      // GIF: transparent where mostly transparent; 256 colours, so within a step or two of the colour.
      expect(left[3]).toBe(0);
      expect(right.map((channel, i) => Math.abs(channel - [0, 200, 0, 255][i]) <= 2)).toEqual([true, true, true, true]);
    }
  });

  it('answers the reference’s empty ZIP for a PDF without images, naming the outcome for the page to say so', async () => {
    // A text-only letter written by LibreOffice: Poppler lists no image in it.
    const letter = await officeFixture(flatOdt(['Dear reader, this letter has only words.', 'Yours, the sender']), '.fodt', 'writer_pdf_Export', '.pdf');
    expect(listImages(letter)).toEqual([]);
    const res = await extract({}, { name: 'letter.pdf', content: letter });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('letter_extracted-images.zip');
    expect(zipFiles(res.body)).toEqual([]);
    expect(res.headers['x-folio-outcome']).toBe('no-images');
  }, 120_000);

  it('extracts thousands of small images in one request', async () => {
    const res = await extract({}, { name: 'many.pdf', content: manyImagesPdf(3000) });
    expect(res.status).toBe(200);
    const names = zipFiles(res.body).map((f) => f.name);
    expect(names).toHaveLength(3000);
    expect(new Set(names).size).toBe(3000);
  }, 120_000);

  it(`refuses more than ${MAX_IMAGES} different images before decoding any`, async () => {
    const res = await extract({}, { name: 'crowd.pdf', content: manyImagesPdf(MAX_IMAGES + 1) });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(`"crowd.pdf" holds ${MAX_IMAGES + 1} different images; up to ${MAX_IMAGES} can be extracted at once.`);
  }, 120_000);

  it('refuses an image larger than a page may be rendered, naming its page and size', async () => {
    const res = await extract({}, { name: 'huge.pdf', content: bigImagePdf(9000) });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('An image on page 1 of "huge.pdf" is 9000 × 9000 pixels; images of up to 40 megapixels can be extracted.');
  });

  it('refuses, as every tool reading page content does, an image declaring gigabytes of pixels', async () => {
    const res = await extract({}, { name: 'bomb.pdf', content: imageBomb() });
    expect(res.status).toBe(400);
    expect(res.json.type).toBe('/errors/content-too-large');
  });

  it('opens an owner-password PDF, and refuses one that needs a password with the reference’s text', async () => {
    const owner = await extract({}, { name: 'owner.pdf', content: encryptPdf(picturesPdf(), '') });
    expect(owner.status).toBe(200);
    expect(zipImageSizes(owner.body)).toEqual(Object.fromEntries(Object.entries(UNIQUE).map(([name, size]) => [name.replace('pictures', 'owner'), size])));

    const locked = await extract({}, { name: 'locked.pdf', content: encryptPdf(picturesPdf(), 'secret') });
    expect(locked.status).toBe(400);
    expect(locked.json.detail).toBe(PASSWORD_ERROR);
  });

  it('refuses a format it cannot write, an image instead of a PDF, and a damaged PDF', async () => {
    const bmp = await extract({ format: 'bmp' });
    expect(bmp.status).toBe(400);
    expect(bmp.json.detail).toBe('Image format must be png, jpg or gif.');

    const png = await extract({}, { name: 'photo.pdf', content: flatPng(10, 10, 'red'), contentType: 'image/png' });
    expect(png.status).toBe(400);
    expect(png.json.detail).toBe('Please upload a PDF file.');

    const corrupt = await extract({}, { name: 'broken.pdf', content: CORRUPT_PDF });
    expect(corrupt.status).toBe(400);
    expect(corrupt.json.type).toBe('/errors/pdf-corrupted');
  });
});

describe('Extract Images within a small pixel budget', () => {
  const server = useTestServer({ maxPixelsPerRequest: 20_000_000 });

  it('refuses images that hold more pixels together than one request may decode', async () => {
    const res = await postTool(server, extractImagesTool.endpoint, [{ name: 'scan.pdf', content: bigImagePdf(6000) }]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('The images of "scan.pdf" hold 36 megapixels together; one request can decode up to 20.');
  });
});
