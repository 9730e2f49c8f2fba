import { compressTool } from '@folio/registry';
import { producedPdf } from '../../../test/corpus/compression-corpus';
import { postTool, type ToolResponse } from '../../../test/support/http';
import { compressionPdf, documentParts, imagePixelHashes, listImages, pagePsnr, qpdfObjects, structureWarnings } from '../../../test/support/compression-pdfs';
import { pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(240_000);

/**
 * Compress PDF on files other programs made (issue 31): ReportLab's photos behind
 * [/ASCII85Decode /DCTDecode], inline images, what is stored but never drawn,
 * pictures in the forms that trip recoders, a form, a damaged file. Results are
 * read with Poppler (pdfimages, pdftoppm) and qpdf.
 */
describe('Compress PDF on real-world files', () => {
  const server = useTestServer();
  const compress = (pdf: Buffer, fields: Record<string, string | number | boolean> = {}) =>
    postTool(server, compressTool.endpoint, [{ name: 'input.pdf', content: pdf }], fields);
  const ok = (res: ToolResponse) => {
    expect({ status: res.status, body: res.status === 200 ? '' : res.body.toString('utf8').slice(0, 500) }).toEqual({ status: 200, body: '' });
    return res;
  };

  describe('photographs behind a filter chain (ReportLab: [/ASCII85Decode /DCTDecode])', () => {
    const photos = () => producedPdf('reportlab-photos');

    it('resamples and recodes them at level 5 as it does a plain JPEG', async () => {
      expect(listImages(photos()).map((i) => [i.width, i.encoding])).toEqual([
        [1800, 'jpeg'],
        [1800, 'jpeg'],
      ]);
      const res = ok(await compress(photos(), { optimizeLevel: 5 }));
      // Shown at 288 dpi: to about 150 dpi.
      expect(listImages(res.body).map((i) => i.width)).toEqual([938, 938]);
      expect(res.body.length).toBeLessThan(photos().length * 0.15);
      expect(Math.min(...pagePsnr(photos(), res.body))).toBeGreaterThan(30);
      expect(pageTexts(res.body)).toEqual(pageTexts(photos()));
    });

    it('takes the JPEGs out of ASCII85 at the lossless levels, every pixel kept', async () => {
      const res = ok(await compress(photos(), { optimizeLevel: 2 }));
      expect(res.body.length).toBeLessThan(photos().length * 0.8);
      expect(imagePixelHashes(res.body)).toEqual(imagePixelHashes(photos()));
      const filters = Object.values(qpdfObjects(res.body))
        .map((o) => o.stream?.dict)
        .filter((d) => d?.['/Subtype'] === '/Image')
        .map((d) => d!['/Filter']);
      expect(filters).toEqual(['/DCTDecode', '/DCTDecode']);
    });

    it('turns them grey on request, and meets a target size that needs resampling', async () => {
      const grey = ok(await compress(photos(), { optimizeLevel: 5, grayscale: true }));
      expect(listImages(grey.body).map((i) => i.color)).toEqual(['gray', 'gray']);
      const target = ok(await compress(photos(), { expectedOutputSize: '200KB' }));
      expect(target.headers['x-compression-target-met']).toBe('true');
      expect(target.body.length).toBeLessThanOrEqual(200 * 1024);
    });
  });

  describe('photographs behind every standard chain of filters (pikepdf: ASCIIHex, Flate, LZW, RunLength, ASCII85 before DCT or Flate, /DecodeParms arrays)', () => {
    const chains = () => producedPdf('filter-chains', 0.5);
    const imageFilters = (pdf: Buffer) =>
      Object.values(qpdfObjects(pdf))
        .map((o) => o.stream?.dict)
        .filter((d) => d?.['/Subtype'] === '/Image')
        .map((d) => d!['/Filter']);

    it('decodes, resamples and recodes each at level 7 (in grey, so that only our recoder answers)', async () => {
      expect(listImages(chains()).map((i) => [i.width, i.color])).toEqual(Array(7).fill([750, 'rgb']));
      const res = ok(await compress(chains(), { optimizeLevel: 7, grayscale: true }));
      expect(res.headers['x-compression-method']).toBe('folio');
      // Shown at 150 dpi: to 120 dpi, grey JPEG.
      expect(listImages(res.body).map((i) => [i.width, i.color, i.encoding])).toEqual(Array(7).fill([600, 'gray', 'jpeg']));
      expect(res.body.length).toBeLessThan(chains().length * 0.1);
      expect(pageTexts(res.body)).toEqual(pageTexts(chains()));
    });

    it('takes each JPEG out of its wrapping at level 2, every pixel kept', async () => {
      const res = ok(await compress(chains(), { optimizeLevel: 2 }));
      expect(imagePixelHashes(res.body)).toEqual(imagePixelHashes(chains()));
      expect(imageFilters(res.body).sort()).toEqual([...Array(6).fill('/DCTDecode'), '/FlateDecode']);
      expect(res.body.length).toBeLessThan(chains().length * 0.8);
    });
  });

  it('reaches large inline images (BI … ID … EI) as it does image objects', async () => {
    const inline = producedPdf('reportlab-inline', 0.7);
    expect(listImages(inline).map((i) => i.type)).toEqual(['image', 'image']);
    const res = ok(await compress(inline, { optimizeLevel: 5 }));
    expect(res.body.length).toBeLessThan(inline.length * 0.1);
    expect(Math.min(...pagePsnr(inline, res.body))).toBeGreaterThan(30);
  });

  it('keeps only what is drawn: unused pictures, thumbnails, /PieceInfo and duplicate copies go, even at level 1', async () => {
    const leftovers = producedPdf('leftovers', 0.5);
    const res = ok(await compress(leftovers, { optimizeLevel: 1 }));
    const objects = Object.values(qpdfObjects(res.body));
    const dicts = objects.map((o) => o.stream?.dict ?? o.value).filter((d) => d && typeof d === 'object' && !Array.isArray(d));
    expect(dicts.filter((d) => '/Thumb' in d || '/PieceInfo' in d)).toEqual([]);
    // The photograph stored three times (three objects, three /Name entries) is stored once; the unused one is gone.
    expect(objects.filter((o) => o.stream?.dict['/Subtype'] === '/Image')).toHaveLength(1);
    expect(imagePixelHashes(res.body)).toEqual(imagePixelHashes(leftovers));
    expect(res.body.length).toBeLessThan(leftovers.length * 0.25);
  });

  describe('pictures in the forms that trip recoders', () => {
    // Soft masks (one with /Matte), a stencil /Mask, a palette, ICC, Lab, DeviceN, /Decode arrays,
    // 16 bits, CMYK JPEGs (Adobe's inverted one among them), a colour key, a tiny picture stretched.
    const traps = () => producedPdf('quality-traps', 0.6);

    it('keeps every page looking as it did at level 5 (no page below 30 dB): a soft mask with /Matte keeps its picture’s size', async () => {
      const res = ok(await compress(traps(), { optimizeLevel: 5 }));
      expect(res.body.length).toBeLessThan(traps().length * 0.6);
      const psnr = pagePsnr(traps(), res.body);
      expect(psnr.map((db, page) => (db < 30 ? `page ${page + 1}: ${db} dB` : 'ok'))).toEqual(psnr.map(() => 'ok'));
      // The /Matte page: picture and mask the same size still (Poppler refuses a mask of another size).
      const matte = listImages(res.body).filter((i) => i.page === 16);
      expect(matte.map((i) => [i.type, i.width])).toEqual([
        ['image', 900],
        ['smask', 900],
      ]);
    });

    it('answers with the candidate that passed: Ghostscript’s /ebook changes the Lab page, so its smaller file is not taken', async () => {
      const res = ok(await compress(traps(), { optimizeLevel: 5 }));
      expect(res.headers['x-compression-method']).toBe('folio');
    });
  });

  it('keeps a ReportLab form’s fields, link and bookmark at level 9', async () => {
    const form = producedPdf('reportlab-form', 0.5);
    const res = ok(await compress(form, { optimizeLevel: 9 }));
    expect(res.body.length).toBeLessThan(form.length);
    const [before, after] = [documentParts(form), documentParts(res.body)];
    expect(after.fields).toEqual(before.fields);
    expect(after.links).toEqual(before.links);
    expect(after.outlines).toEqual(before.outlines);
  });

  it('answers a damaged file repaired, even when nothing makes it smaller (issue 32)', async () => {
    // A file squeezed already (compressing it again changes nothing), then damaged: one stream's /Length is wrong.
    const compact = ok(await compress(compressionPdf('compressed', { scale: 0.5 }), { optimizeLevel: 3 })).body;
    const length = /\/Length (\d{3,})/.exec(compact.toString('latin1'))!;
    const wrong = String(Number(length[1]) - 7).padStart(length[1].length, '0');
    const damaged = Buffer.concat([compact.subarray(0, length.index + 8), Buffer.from(wrong, 'latin1'), compact.subarray(length.index + 8 + length[1].length)]);
    expect(damaged.length).toBe(compact.length);
    expect(structureWarnings(damaged).length).toBeGreaterThan(0);
    const res = ok(await compress(damaged, { optimizeLevel: 3 }));
    expect(res.headers['x-compression-outcome']).not.toBe('already-optimised');
    expect(res.headers['x-compression-repaired']).toBe('true');
    expect(structureWarnings(res.body)).toEqual([]);
    expect(pageTexts(res.body)).toEqual(pageTexts(compact));
  });
});
