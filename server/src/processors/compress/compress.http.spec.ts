import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressTool } from '@folio/registry';
import { postTool, type ToolResponse } from '../../../test/support/http';
import {
  colourImageObjects,
  compressionPdf,
  documentParts,
  imagePixelHashes,
  listImages,
  ppmPixels,
  renderedPages,
} from '../../../test/support/compression-pdfs';
import { CORRUPT_PDF, encryptPdf, isEncrypted, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(240_000);

const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

describe('Compress PDF (/api/v1/misc/compress-pdf)', () => {
  const server = useTestServer();
  const compress = (pdf: Buffer, fields: Record<string, string | number | boolean> = {}, name = 'input.pdf') =>
    postTool(server, compressTool.endpoint, [{ name, content: pdf }], fields);
  const ok = (res: ToolResponse) => {
    expect({ status: res.status, body: res.status === 200 ? '' : res.body.toString('utf8').slice(0, 500) }).toEqual({ status: 200, body: '' });
    return res;
  };

  describe('levels', () => {
    // One brochure page: photographs at about 300 dpi, headings, a logo with a soft mask.
    let brochure: Buffer;
    const results = new Map<number, ToolResponse>();
    beforeAll(async () => {
      brochure = compressionPdf('brochure', { scale: 1, pages: 1 });
      for (const level of LEVELS) results.set(level, ok(await compress(brochure, { optimizeLevel: level })));
    });

    it('answers the reference’s download name and says what it did in headers', () => {
      const res = results.get(5)!;
      expect(res.fileName).toBe('input_Optimized.pdf');
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.headers['x-compression-outcome']).toBe('compressed');
      expect(Number(res.headers['x-compression-original-size'])).toBe(brochure.length);
      expect(Number(res.headers['x-compression-result-size'])).toBe(res.body.length);
    });

    it('makes each level at least as small as the one below it, all smaller than the upload', () => {
      const sizes = LEVELS.map((level) => results.get(level)!.body.length);
      for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1]);
      expect(sizes[0]).toBeLessThan(brochure.length);
      // The lossy levels really differ: 9 is far below 4.
      expect(sizes[8]).toBeLessThan(sizes[3] / 4);
    });

    it('keeps every picture’s pixels at levels 1 to 3 (Poppler decodes the same images)', () => {
      const before = imagePixelHashes(brochure);
      expect(before.length).toBeGreaterThanOrEqual(5);
      for (const level of [1, 2, 3]) {
        const result = results.get(level)!.body;
        expect(imagePixelHashes(result)).toEqual(before);
        expect(listImages(result).map(({ width, height }) => [width, height])).toEqual(listImages(brochure).map(({ width, height }) => [width, height]));
      }
    });

    it('from level 4 on, resamples photographs shown finer than the level’s resolution, keeping the page looking the same', () => {
      const dims = (level: number) =>
        listImages(results.get(level)!.body)
          .filter((i) => i.type === 'image')
          .map((i) => i.width);
      const original = listImages(brochure)
        .filter((i) => i.type === 'image')
        .map((i) => i.width);
      expect(dims(4)).toEqual(original); // shown at about 300 dpi: nothing finer than level 4's 300 dpi
      expect(dims(5)[0]).toBeLessThan(original[0] * 0.6); // the hero photograph, 2400 px at 290 dpi, to about 150 dpi
      expect(dims(9)[0]).toBeLessThan(original[0] * 0.3);
      // Rendered, the level 5 page stays close to the original: mean difference per channel small.
      const [a] = renderedPages(brochure, 40).map(ppmPixels);
      const [b] = renderedPages(results.get(5)!.body, 40).map(ppmPixels);
      let sum = 0;
      for (let i = 0; i < a.rgb.length; i++) sum += Math.abs(a.rgb[i] - b.rgb[i]);
      expect(sum / a.rgb.length).toBeLessThan(6);
    });
  });

  describe('awkward pictures', () => {
    // CMYK (a JPEG with a /Decode array, and Flate), 16-bit, a soft mask, a palette, a stencil
    // mask, 1-bit Flate, CCITT, JPEG 2000, a JPEG cut short, Flate that is not Flate, an inline image.
    let special: Buffer;
    beforeAll(() => {
      special = compressionPdf('special', { scale: 0.5 });
    });

    it('keeps their pixels at the lossless levels', async () => {
      const before = imagePixelHashes(special);
      const pages = renderedPages(special);
      for (const level of [1, 2, 3]) {
        const res = ok(await compress(special, { optimizeLevel: level }));
        expect(res.body.length).toBeLessThanOrEqual(special.length);
        expect(imagePixelHashes(res.body)).toEqual(before);
        expect(renderedPages(res.body)).toEqual(pages);
      }
    });

    it('compresses them at level 9 without breaking any: every image still drawn, the damaged ones as they were', async () => {
      const res = ok(await compress(special, { optimizeLevel: 9 }));
      expect(res.body.length).toBeLessThan(special.length / 2);
      const before = listImages(special);
      const after = listImages(res.body);
      expect(after.map((i) => i.type)).toEqual(before.map((i) => i.type));
      // The CMYK JPEG with a /Decode array, the JPEG cut short, the damaged Flate, the JPEG 2000 and the inline image keep their size.
      const unchanged = (i: number) => [after[i].width, after[i].height, after[i].encoding];
      for (const i of [0, 10, 11, 12, 13]) expect(unchanged(i)).toEqual([before[i].width, before[i].height, before[i].encoding]);
      // The CMYK Flate picture became a CMYK JPEG; it still shows the same colours.
      expect(after[1]).toMatchObject({ color: 'cmyk', encoding: 'jpeg' });
      const [a] = renderedPages(special, 30).map(ppmPixels);
      const [b] = renderedPages(res.body, 30).map(ppmPixels);
      let sum = 0;
      for (let i = 0; i < a.rgb.length; i++) sum += Math.abs(a.rgb[i] - b.rgb[i]);
      expect(sum / a.rgb.length).toBeLessThan(8);
      expect(pageTexts(res.body)[0]).toContain('Text stays text below the pictures.');
    });

    it('turns pictures grey on request, at every level', async () => {
      expect(colourImageObjects(special)).toHaveLength(9);
      for (const level of [2, 5]) {
        const res = ok(await compress(special, { optimizeLevel: level, grayscale: true }));
        // Every colour picture turns grey (CMYK, 16-bit, the palette, JPEG 2000 and the inverted CMYK JPEG
        // among them), but for the two damaged ones, whose colours nobody can read, left as they were.
        expect(colourImageObjects(res.body).sort((a, b) => a.length - b.length)).toEqual([
          { length: 5000, filter: '/DCTDecode' },
          { length: 20000, filter: '/FlateDecode' },
        ]);
        expect(pageTexts(res.body)[0]).toContain('Text stays text below the pictures.');
      }
    });

    it('stores a black-and-white scan as CCITT G4 at level 2, pixel for pixel', async () => {
      const bilevel = compressionPdf('bilevel', { scale: 0.5 });
      const res = ok(await compress(bilevel, { optimizeLevel: 2 }));
      expect(listImages(bilevel)[0].encoding).toBe('image');
      expect(listImages(res.body)[0]).toMatchObject({ encoding: 'ccitt', bpc: 1 });
      expect(res.body.length).toBeLessThan(bilevel.length);
      expect(imagePixelHashes(res.body)).toEqual(imagePixelHashes(bilevel));
    });
  });

  describe('what must survive', () => {
    // Text in fonts embedded whole, a table drawn as vectors, links, bookmarks, a form, metadata.
    let report: Buffer;
    let before: ReturnType<typeof documentParts>;
    let text: string[];
    beforeAll(() => {
      report = compressionPdf('report', { scale: 0.25 });
      before = documentParts(report);
      text = pageTexts(report);
    });

    it.each(LEVELS)('keeps text, links, bookmarks, form fields and metadata at level %i', async (level) => {
      const res = ok(await compress(report, { optimizeLevel: level }));
      expect(res.body.length).toBeLessThan(report.length);
      expect(pageTexts(res.body)).toEqual(text);
      const after = documentParts(res.body);
      expect(after.outlines).toEqual(before.outlines);
      expect(after.links).toEqual(before.links);
      expect(after.fields).toEqual(before.fields);
      expect(after.info).toEqual(before.info);
      expect(after.fonts.map((f) => [f.name, f.embedded])).toEqual(before.fonts.map((f) => [f.name, f.embedded]));
      // Vectors stay vectors: no page became a picture.
      expect(listImages(res.body)).toEqual([]);
    });

    it('subsets fonts embedded whole from level 3, drawing every page the same', async () => {
      const embedded = (pdf: Buffer) => documentParts(pdf).fonts.filter((f) => f.embedded);
      expect(embedded(report).map((f) => f.subset)).toEqual([false, false]);
      const two = ok(await compress(report, { optimizeLevel: 2 }));
      const three = ok(await compress(report, { optimizeLevel: 3 }));
      expect(embedded(two.body).map((f) => f.subset)).toEqual([false, false]);
      expect(embedded(three.body).map((f) => f.subset)).toEqual([true, true]);
      expect(three.body.length).toBeLessThan(report.length / 3);
      expect(renderedPages(three.body)).toEqual(renderedPages(report));
    });
  });

  it('linearizes (fast web view) and normalises page content on request', async () => {
    const report = compressionPdf('report', { scale: 0.25 });
    const res = ok(await compress(report, { optimizeLevel: 3, linearize: true, normalize: true }));
    const linearized = withTempDir((dir) => {
      writeFileSync(join(dir, 'x.pdf'), res.body);
      return execFileSync('qpdf', ['--check-linearization', join(dir, 'x.pdf')], { encoding: 'utf8' });
    });
    expect(linearized).toContain('no linearization errors');
    expect(pageTexts(res.body)).toEqual(pageTexts(report));
  });

  describe('never larger', () => {
    it('answers an already optimised file byte for byte, and says so', async () => {
      // Small JPEGs of low quality, a standard font, object streams: then squeezed once at level 3.
      const compact = ok(await compress(compressionPdf('compressed', { scale: 0.5 }), { optimizeLevel: 3 })).body;
      for (const level of [1, 3, 5]) {
        const res = ok(await compress(compact, { optimizeLevel: level }));
        expect(res.headers['x-compression-outcome']).toBe('already-optimised');
        expect(Buffer.compare(res.body, compact)).toBe(0);
        expect(res.headers['x-compression-result-size']).toBe(String(compact.length));
      }
    });
  });

  describe('target size', () => {
    let scan: Buffer;
    beforeAll(() => {
      scan = compressionPdf('scan-colour', { scale: 0.5, pages: 2 });
    });

    it('searches for the best quality that fits a reachable target', async () => {
      const target = Math.round(scan.length / 6);
      const res = ok(await compress(scan, { expectedOutputSize: `${Math.round(target / 1024)}KB` }));
      const targetBytes = Math.round(target / 1024) * 1024;
      expect(res.body.length).toBeLessThanOrEqual(targetBytes);
      expect(res.headers['x-compression-target-met']).toBe('true');
      expect(res.headers['x-compression-target-size']).toBe(String(targetBytes));
      // A search, not a jump to the smallest: the result uses most of the room it was given.
      const smallest = ok(await compress(scan, { optimizeLevel: 9 }));
      expect(res.body.length).toBeGreaterThan(smallest.body.length);
      expect(res.body.length).toBeGreaterThan(targetBytes * 0.6);
    });

    it('answers the smallest result it reached, and says the target was not met', async () => {
      const res = ok(await compress(scan, { expectedOutputSize: '1KB' }));
      expect(res.headers['x-compression-target-met']).toBe('false');
      expect(res.headers['x-compression-target-size']).toBe('1024');
      expect(res.headers['x-compression-result-size']).toBe(String(res.body.length));
      const level9 = ok(await compress(scan, { optimizeLevel: 9 }));
      expect(res.body.length).toBeLessThan(level9.body.length);
      expect(pageCount(res.body)).toBe(2);
    });

    it('keeps everything when the file already fits, and reads a bare number as megabytes', async () => {
      const res = ok(await compress(scan, { expectedOutputSize: '100' }));
      expect(res.headers['x-compression-target-met']).toBe('true');
      expect(res.headers['x-compression-target-size']).toBe(String(100 * 1024 * 1024));
      expect(imagePixelHashes(res.body)).toEqual(imagePixelHashes(scan));
    });
  });

  describe('bad input', () => {
    it('opens a PDF protected by an owner password only, and answers it unprotected', async () => {
      const locked = encryptPdf(compressionPdf('report', { scale: 0.25 }), '');
      const res = ok(await compress(locked, { optimizeLevel: 3 }));
      expect(isEncrypted(res.body)).toBe(false);
      expect(pageTexts(res.body)).toEqual(pageTexts(compressionPdf('report', { scale: 0.25 })));
    });

    it('refuses a PDF that needs a password, with the reference’s error', async () => {
      const res = await compress(encryptPdf(compressionPdf('report', { scale: 0.25 }), 'user-secret'));
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('The PDF Document is passworded and either the password was not provided or was incorrect');
    });

    it('refuses a damaged PDF with 400', async () => {
      const res = await compress(CORRUPT_PDF);
      expect(res.status).toBe(400);
      expect(res.json.type).toBe('/errors/pdf-corrupted');
    });

    it.each([
      [{ optimizeLevel: 0 }, 'Compression level must be a whole number from 1 to 9.'],
      [{ optimizeLevel: 10 }, 'Compression level must be a whole number from 1 to 9.'],
      [{ optimizeLevel: 'high' }, 'Compression level must be a whole number from 1 to 9.'],
      [{ expectedOutputSize: 'small' }, 'Target size must be a size such as 500KB or 2MB.'],
      [{ expectedOutputSize: '-5MB' }, 'Target size must be a size such as 500KB or 2MB.'],
      [{ expectedOutputSize: '0KB' }, 'Target size must be a size such as 500KB or 2MB.'],
      [{ lineArtThreshold: 101 }, 'Line art threshold must be between 0 and 100.'],
    ])('refuses %j with 400', async (fields, message) => {
      const res = await compress(compressionPdf('report', { scale: 0.25 }), fields);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(message);
    });

    it('leaves a JBIG2 picture it cannot decode as it is, and compresses the rest', async () => {
      const withJbig2 = withTempDir((dir) => {
        const input = join(dir, 'in.pdf');
        writeFileSync(input, compressionPdf('brochure', { scale: 0.5, pages: 1 }));
        // The hero photograph's object becomes a JBIG2 stream of nonsense: no decoder will make sense of it.
        execFileSync('/usr/bin/python3', [
          '-c',
          [
            'import fitz, sys, os',
            'd = fitz.open(sys.argv[1])',
            'x = [x for x in range(1, d.xref_length()) if d.xref_get_key(x, "Subtype")[1] == "/Image"][0]',
            'd.update_object(x, "<</Type/XObject/Subtype/Image/Width 300/Height 200/ColorSpace/DeviceGray/BitsPerComponent 1>>")',
            'd.update_stream(x, os.urandom(3000), compress=False)',
            'd.xref_set_key(x, "Filter", "/JBIG2Decode")',
            'd.save(sys.argv[2])',
          ].join('\n'),
          input,
          join(dir, 'out.pdf'),
        ]);
        return require('node:fs').readFileSync(join(dir, 'out.pdf')) as Buffer;
      });
      const res = ok(await compress(withJbig2, { optimizeLevel: 9 }));
      const images = listImages(res.body);
      expect(images[0]).toMatchObject({ width: 300, height: 200, encoding: 'jbig2' });
      expect(res.body.length).toBeLessThan(withJbig2.length / 2);
    });

    it('turns pictures into black-and-white line art when asked (reference lineArt)', async () => {
      const brochure = compressionPdf('brochure', { scale: 0.5, pages: 1 });
      const res = ok(await compress(brochure, { optimizeLevel: 5, lineArt: true, lineArtThreshold: 40 }));
      // Dark below 40 % brightness, light above: mostly light, as the photographs are; not the negative.
      const brightness = (pdf: Buffer) => {
        const { rgb } = ppmPixels(renderedPages(pdf, 20)[0]);
        return rgb.reduce((sum, v) => sum + v, 0) / rgb.length;
      };
      expect(brightness(res.body)).toBeGreaterThan(brightness(brochure) * 0.85);
      const photos = listImages(res.body).filter((i) => i.type === 'image');
      expect(photos.slice(0, 3).map((i) => [i.color, i.bpc, i.encoding])).toEqual([
        ['gray', 1, 'ccitt'],
        ['gray', 1, 'ccitt'],
        ['gray', 1, 'ccitt'],
      ]);
    });
  });
});
