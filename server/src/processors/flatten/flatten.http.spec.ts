import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { flattenTool } from '@folio/registry';
import { FORM_LAYOUT, formPdf, formReport, unrenderedFormPdf } from '../../../test/support/form-pdfs';
import { imageBomb } from '../../../test/support/hostile-pdfs';
import { postTool, type Upload } from '../../../test/support/http';
import { listImages } from '../../../test/support/image-pdfs';
import { colouredShare, flatPng, renderColour, type ColourImage } from '../../../test/support/marks';
import { makePagesPdf } from '../../../test/support/page-geometry';
import { CORRUPT_PDF, encryptPdf, isEncrypted, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

type Region = { left: number; top: number; right: number; bottom: number };

const PASSWORD_ERROR = 'The PDF Document is passworded and either the password was not provided or was incorrect';

/** Every page's size as a viewer shows it, in points, as pdfinfo reads it. */
function shownSizes(pdf: Buffer): string[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', join(dir, 'x.pdf')], { encoding: 'utf8' });
    const rotations = new Map([...info.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)].map((m) => [m[1], Number(m[2])]));
    return [...info.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => {
      const [width, height] = [Number(m[2]), Number(m[3])].map((n) => Math.round(n * 100) / 100);
      return (rotations.get(m[1]) ?? 0) % 180 === 90 ? `${height}x${width}` : `${width}x${height}`;
    });
  });
}

/** Mean difference of two renderings of the same size, 0–255 per channel. */
function meanDifference(a: ColourImage, b: ColourImage): number {
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  let sum = 0;
  for (let i = 0; i < a.rgb.length; i++) sum += Math.abs(a.rgb[i] - b.rgb[i]);
  return sum / a.rgb.length;
}

/** Fonts the document uses, as pdffonts lists them (none when nothing is text). */
function fontCount(pdf: Buffer): number {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return (
      execFileSync('pdffonts', [join(dir, 'x.pdf')], { encoding: 'utf8' })
        .trim()
        .split('\n').length - 2
    );
  });
}

describe('Flatten (/api/v1/misc/flatten)', () => {
  const server = useTestServer();
  let form: Upload;
  beforeAll(async () => {
    form = { name: 'application.pdf', content: await formPdf() };
  });
  const flatten = (fields: Record<string, string | number | boolean> = {}, upload = form) => postTool(server, flattenTool.endpoint, [upload], fields);

  it('starts from a form qpdf sees six field widgets, a comment and a link in', () => {
    expect(formReport(form.content)).toEqual({
      hasForm: true,
      fields: ['applicant.name', 'applicant.reference', 'agree', 'newsletter', 'size', 'size'],
      annotations: [['/Widget', '/Widget', '/Widget', '/Widget', '/Widget', '/Widget', '/Square', '/Link']],
    });
  });

  describe('only forms', () => {
    it('makes the fields page content: the form is gone, the comment and the link stay, and the name is the upload’s', async () => {
      const res = await flatten({ flattenOnlyForms: true });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.fileName).toBe('application.pdf');
      expect(formReport(res.body)).toEqual({ hasForm: false, fields: [], annotations: [['/Square', '/Link']] });
    });

    it('keeps the values as text, the ticks and the chosen radio button visible, and the page as it looked', async () => {
      const res = await flatten({ flattenOnlyForms: true });
      const text = pageTexts(res.body)[0];
      expect(text).toContain(FORM_LAYOUT.heading);
      expect(text).toContain(FORM_LAYOUT.name.value);
      expect(text).toContain(FORM_LAYOUT.reference.value);

      const before = renderColour(form.content, 1, 100);
      const after = renderColour(res.body, 1, 100);
      expect(meanDifference(before, after)).toBeLessThan(0.5);
      // The tick and the radio dot are drawn inside the chosen boxes; the others are empty inside their borders.
      const inside = (region: Region) =>
        colouredShare(after, { left: region.left + 5, top: region.top + 5, right: region.right - 5, bottom: region.bottom - 5 });
      expect(inside(FORM_LAYOUT.agree.region)).toBeGreaterThan(0.2);
      expect(inside(FORM_LAYOUT.newsletter.region)).toBe(0);
      expect(inside(FORM_LAYOUT.size.large)).toBeGreaterThan(0.2);
      expect(inside(FORM_LAYOUT.size.small)).toBe(0);
      expect(colouredShare(after, FORM_LAYOUT.square)).toBeGreaterThan(0.95);
      expect(colouredShare(after, FORM_LAYOUT.comment)).toBeGreaterThan(0.95);
    });

    it('writes a value that had no appearance yet, so it is not lost', async () => {
      const res = await flatten({ flattenOnlyForms: true }, { name: 'city.pdf', content: unrenderedFormPdf('Springfield') });
      expect(res.status).toBe(200);
      expect(formReport(res.body)).toEqual({ hasForm: false, fields: [], annotations: [[]] });
      expect(pageTexts(res.body)[0]).toContain('Springfield');
    });

    it('answers an owner-password form unencrypted', async () => {
      const res = await flatten({ flattenOnlyForms: true }, { name: 'owner.pdf', content: encryptPdf(form.content, '') });
      expect(res.status).toBe(200);
      expect(isEncrypted(res.body)).toBe(false);
      expect(formReport(res.body).fields).toEqual([]);
      expect(pageTexts(res.body)[0]).toContain(FORM_LAYOUT.name.value);
    });
  });

  describe('every page (the default)', () => {
    it('turns each page into one picture of itself: no text, no form, no annotation, same size, same look', async () => {
      const res = await flatten();
      expect(res.status).toBe(200);
      expect(res.fileName).toBe('application.pdf');
      expect(pageTexts(res.body)).toEqual(['']);
      expect(fontCount(res.body)).toBe(0);
      expect(formReport(res.body)).toEqual({ hasForm: false, fields: [], annotations: [[]] });
      expect(listImages(res.body).map((image) => `${image.page}:${image.width}x${image.height}`)).toEqual(['1:1667x1667']);
      expect(shownSizes(res.body)).toEqual(['400x400']);
      expect(meanDifference(renderColour(form.content, 1, 50), renderColour(res.body, 1, 50))).toBeLessThan(4);
      expect(colouredShare(renderColour(res.body, 1), FORM_LAYOUT.square)).toBeGreaterThan(0.95);
    });

    it('draws a field’s value that had no appearance yet', async () => {
      const res = await flatten({}, { name: 'city.pdf', content: unrenderedFormPdf('Springfield') });
      expect(res.status).toBe(200);
      expect(pageTexts(res.body)).toEqual(['']);
      expect(colouredShare(renderColour(res.body, 1), { left: 20, top: 76, right: 220, bottom: 100 })).toBeGreaterThan(0.05);
    });

    it('keeps every page’s size as shown, rotated pages included', async () => {
      const pages = await makePagesPdf([{ size: [300, 500] }, { size: [612, 792], rotate: 90 }, { size: [595.28, 841.89] }]);
      const res = await flatten({ renderDpi: 72 }, { name: 'mixed.pdf', content: pages });
      expect(res.status).toBe(200);
      expect(shownSizes(res.body)).toEqual(['300x500', '792x612', '595.28x841.89']);
      expect(listImages(res.body).map((image) => `${image.width}x${image.height}`)).toEqual(['300x500', '792x612', '595x842']);
      expect(pageTexts(res.body)).toEqual(['', '', '']);
    });

    it.each([
      [100, 556],
      [10, 400],
      [-3, 400],
      [9999, 2778],
    ])('renders at renderDpi %s clamped to 72–500 (%s pixels across a 400 pt page)', async (renderDpi, pixels) => {
      const res = await flatten({ renderDpi });
      expect(res.status).toBe(200);
      expect(listImages(res.body).map((image) => image.width)).toEqual([pixels]);
      expect(shownSizes(res.body)).toEqual(['400x400']);
    });

    it('draws a page too large for 300 DPI at the highest resolution that fits, and refuses it at a renderDpi that does not fit', async () => {
      const poster = { name: 'poster.pdf', content: await makePagesPdf([{ size: [2000, 2000] }]) };
      const fitted = await flatten({}, poster);
      expect(fitted.status).toBe(200);
      const [image] = listImages(fitted.body);
      expect(image.width * image.height).toBeLessThanOrEqual(40_000_000);
      expect(image.width).toBeGreaterThan(6000);
      expect(shownSizes(fitted.body)).toEqual(['2000x2000']);

      const refused = await flatten({ renderDpi: 300 }, poster);
      expect(refused.status).toBe(400);
      expect(refused.json.detail).toBe(
        'A page of "poster.pdf" would be 8334 × 8334 pixels at 300 DPI; pages of up to 40 megapixels can be rendered. Choose a lower renderDpi, or flatten only the forms.',
      );
    }, 60_000);

    it('refuses a page too large even at 72 DPI, and flattens its forms alone', async () => {
      const huge = { name: 'huge.pdf', content: await makePagesPdf([{ size: [14400, 14400] }]) };
      const refused = await flatten({}, huge);
      expect(refused.status).toBe(400);
      expect(refused.json.detail).toBe(
        'A page of "huge.pdf" would be 14400 × 14400 pixels at 72 DPI; pages of up to 40 megapixels can be rendered. Flatten only the forms instead.',
      );
      expect((await flatten({ flattenOnlyForms: true }, huge)).status).toBe(200);
    });

    it('refuses an image declaring gigabytes of pixels before anything is drawn', async () => {
      const res = await flatten({}, { name: 'bomb.pdf', content: imageBomb() });
      expect(res.status).toBe(400);
      expect(res.json.type).toBe('/errors/content-too-large');
    });

    it('refuses a renderDpi that is not a whole number', async () => {
      const res = await flatten({ renderDpi: 'high' });
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('renderDpi must be a whole number.');
    });
  });

  it('refuses an image instead of a PDF, a damaged PDF and one that needs a password', async () => {
    const png = await flatten({}, { name: 'photo.pdf', content: flatPng(10, 10, 'red'), contentType: 'image/png' });
    expect(png.status).toBe(400);
    expect(png.json.detail).toBe('Please upload a PDF file.');

    const corrupt = await flatten({ flattenOnlyForms: true }, { name: 'broken.pdf', content: CORRUPT_PDF });
    expect(corrupt.status).toBe(400);
    expect(corrupt.json.type).toBe('/errors/pdf-corrupted');

    for (const flattenOnlyForms of [true, false]) {
      const locked = await flatten({ flattenOnlyForms }, { name: 'locked.pdf', content: encryptPdf(form.content, 'secret') });
      expect(locked.status).toBe(400);
      expect(locked.json.detail).toBe(PASSWORD_ERROR);
    }
  });
});

describe('Flatten within small raster budgets', () => {
  const server = useTestServer({ maxPixelsPerRequest: 2_000_000, maxRasterPages: 2 });
  const pages = (count: number) => makePagesPdf(Array.from({ length: count }, () => ({ size: [400, 400] as [number, number] })));

  it('lowers the resolution to fit the request, unless renderDpi is sent', async () => {
    const two = { name: 'two.pdf', content: await pages(2) };
    const fitted = await postTool(server, flattenTool.endpoint, [two]);
    expect(fitted.status).toBe(200);
    const images = listImages(fitted.body);
    expect(images.reduce((sum, image) => sum + image.width * image.height, 0)).toBeLessThanOrEqual(2_000_000);
    expect(shownSizes(fitted.body)).toEqual(['400x400', '400x400']);

    const refused = await postTool(server, flattenTool.endpoint, [two], { renderDpi: 300 });
    expect(refused.status).toBe(400);
    expect(refused.json.detail).toBe(
      'The 2 pages of "two.pdf" would make 5.6 megapixels at 300 DPI; one request can render up to 2. Choose a lower renderDpi, flatten fewer pages at a time, or only the forms.',
    );
  });

  it('refuses more pages than may be rendered at once', async () => {
    const res = await postTool(server, flattenTool.endpoint, [{ name: 'three.pdf', content: await pages(3) }]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('This tool handles documents of up to 2 pages; this one has 3.');
  });
});
