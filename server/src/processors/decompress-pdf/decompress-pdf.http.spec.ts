import { decompressPdfTool, pipelineTool } from '@folio/registry';
import { officeReport, reportlabReport } from '../../../test/support/bookmarked-pdfs';
import { postTool } from '../../../test/support/http';
import { decompressionBomb, imageBomb } from '../../../test/support/hostile-pdfs';
import { listImages } from '../../../test/support/image-pdfs';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, pageCount, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { chromiumOutline, latexArticle } from '../extract-bookmarks/bookmark-producers.fixtures';
import {
  damagedStreamPdf,
  FILTER_PAGE_TEXTS,
  filtersOf,
  filtersPdf,
  inflatingContentPdf,
  inflatingPicturePdf,
  jpegPdf,
  LZW_PAGE_TEXT,
  lzwInflatingPdf,
  lzwPdf,
  manyStreamsPdf,
  readStreams,
  runLengthInflatingPdf,
} from './decompress-pdfs.fixtures';

/** Filters qpdf decodes without loss; none may be left in a result. */
const LOSSLESS = ['/FlateDecode', '/Fl', '/LZWDecode', '/LZW', '/ASCII85Decode', '/A85', '/ASCIIHexDecode', '/AHx', '/RunLengthDecode', '/RL'];

/** What qpdf reads in a decompressed file: no lossless filter, no object or cross-reference stream, no /DecodeParms left on a decoded stream. */
function expectDecompressed(pdf: Buffer): void {
  const streams = readStreams(pdf);
  expect(streams.filter((s) => filtersOf(s).some((f) => LOSSLESS.includes(f))).map((s) => [s.ref, filtersOf(s)])).toEqual([]);
  expect(streams.filter((s) => s.dict['/Type'] === '/ObjStm' || s.dict['/Type'] === '/XRef')).toEqual([]);
  expect(streams.filter((s) => filtersOf(s).length === 0 && s.dict['/DecodeParms'] !== undefined)).toEqual([]);
  expect(pdf.toString('latin1')).toMatch(/\nxref\n/);
}

describe('Decompress PDF (/api/v1/misc/decompress-pdf)', () => {
  const server = useTestServer();
  const decompress = (content: Buffer, name = 'report.pdf') => postTool(server, decompressPdfTool.endpoint, [{ name, content }]);

  it('writes every stream plain, each filter undone (Flate with predictors, RunLength, ASCII85, ASCIIHex), the pages’ text unchanged', async () => {
    const pdf = filtersPdf();
    const res = await decompress(pdf, 'filters.pdf');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('filters_decompressed.pdf');
    expectDecompressed(res.body);
    expect(pageTexts(res.body).map((t) => t.trim())).toEqual(FILTER_PAGE_TEXTS);
    // Each page's drawing commands can now be read in the file itself.
    for (const text of FILTER_PAGE_TEXTS) expect(res.body.toString('latin1')).toContain(`(${text}) Tj`);
    // The picture's rows are stored raw: 16 × 8 RGB, its predictor bytes gone, still drawn.
    const picture = readStreams(res.body).find((s) => s.dict['/Subtype'] === '/Image');
    expect(picture?.data?.length).toBe(16 * 8 * 3);
    expect(listImages(res.body)).toEqual([{ page: 1, type: 'image', width: 16, height: 8 }]);
  });

  it('decompresses what LibreOffice, pdfTeX, Chromium and reportlab write (object streams, fonts, metadata) without changing a page’s text', async () => {
    for (const pdf of [officeReport(), latexArticle(), chromiumOutline(), reportlabReport()]) {
      // Each producer compresses: the upload has streams under Flate.
      expect(readStreams(pdf).some((s) => filtersOf(s).includes('/FlateDecode'))).toBe(true);
      const res = await decompress(pdf);
      expect(res.status).toBe(200);
      expectDecompressed(res.body);
      expect(pageCount(res.body)).toBe(pageCount(pdf));
      expect(pageTexts(res.body)).toEqual(pageTexts(pdf));
    }
  }, 300_000);

  it('decodes LZW (as Ghostscript encodes it, codes widened early or not)', async () => {
    for (const earlyChange of [1, 0] as const) {
      const pdf = lzwPdf(earlyChange);
      expect(readStreams(pdf).map(filtersOf)).toContainEqual(['/LZWDecode']);
      const res = await decompress(pdf);
      expect(res.status).toBe(200);
      expectDecompressed(res.body);
      expect(pageTexts(res.body)).toEqual(pageTexts(pdf));
      expect(res.body.toString('latin1')).toContain(`(${LZW_PAGE_TEXT}) Tj`);
    }
  });

  // No clock here (a loaded CI machine took 57 s where an idle one takes a few): the case is that it finishes, within the test's limit.
  it('weighs thousands of small streams, and refuses with 400 a file of many streams whose filters it cannot read directly', async () => {
    const many = await decompress(manyStreamsPdf(3000));
    expect(many.status).toBe(200);
    expectDecompressed(many.body);
    const indirect = await decompress(manyStreamsPdf(60, { indirectFilter: true }));
    expect(indirect.status).toBe(400);
    expect(indirect.json.type).toMatch(/document-too-complex/);
  }, 120_000);

  it('keeps a JPEG as it is (DCT is not decoded: it would not be lossless)', async () => {
    const { pdf, jpeg } = jpegPdf();
    const res = await decompress(pdf, 'picture.pdf');
    expect(res.status).toBe(200);
    expectDecompressed(res.body);
    const picture = readStreams(res.body).find((s) => s.dict['/Subtype'] === '/Image');
    expect(filtersOf(picture!)).toEqual(['/DCTDecode']);
    expect(picture?.data?.equals(jpeg)).toBe(true);
  });

  it('keeps a stream that does not decode as it is stored, as the reference does, and decodes the others; the text Poppler finds unchanged', async () => {
    const pdf = damagedStreamPdf();
    const res = await decompress(pdf);
    expect(res.status).toBe(200);
    const stored = readStreams(pdf).find((s) => s.ref === '5 0 R')!;
    const written = readStreams(res.body).filter((s) => s.dict['/Type'] !== '/XRef');
    const kept = written.filter((s) => filtersOf(s).length > 0);
    expect(kept.map(filtersOf)).toEqual([['/FlateDecode']]);
    expect(kept[0].data?.equals(stored.data!)).toBe(true);
    expect(pageTexts(res.body)).toEqual(pageTexts(pdf));
    expect(pageTexts(res.body)[0]).toContain('Intact page');
  });

  it('removes an owner password’s encryption, and refuses a file that needs a password, a damaged file and a text file with 400', async () => {
    const owner = await decompress(encryptPdf(await makePdf(2, { label: 'locked' }), ''));
    expect(owner.status).toBe(200);
    expect(isEncrypted(owner.body)).toBe(false);
    expectDecompressed(owner.body);
    expect(pageTexts(owner.body).map((t) => t.trim())).toEqual(['locked page 1', 'locked page 2']);
    const locked = await decompress(encryptPdf(await makePdf(1), 'user-secret'));
    expect(locked.status).toBe(400);
    expect(locked.json.errorCode).toBe('E004');
    expect((await decompress(CORRUPT_PDF)).status).toBe(400);
    const text = await postTool(server, decompressPdfTool.endpoint, [{ name: 'a.txt', content: Buffer.from('text'), contentType: 'text/plain' }]);
    expect(text.status).toBe(400);
  });

  it('refuses decompression bombs with 400 before writing them: a page of 2 GiB of zeros, and a picture of 2.7 GB', async () => {
    for (const bomb of [decompressionBomb(), imageBomb()]) {
      const started = Date.now();
      const res = await decompress(bomb);
      expect(res.status).toBe(400);
      expect(res.json.detail).toMatch(/inflates to more than 512 MB/);
      expect(Date.now() - started).toBeLessThan(60_000);
    }
  }, 180_000);

  it('is a pipeline step: Rotate, then Decompress', async () => {
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'report.pdf', content: reportlabReport() }], {
      json: JSON.stringify({
        name: 'Rotate and read',
        pipeline: [
          { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
          { operation: decompressPdfTool.endpoint, parameters: {} },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expectDecompressed(res.body);
    expect(pageCount(res.body)).toBe(10);
    expect(res.body.toString('latin1')).toMatch(/\/Rotate 90/);
  });
});

describe('Decompress PDF within a small content budget', () => {
  const MB = 1024 * 1024;
  const server = useTestServer({ maxDecodedContentBytes: 4 * MB });
  const decompress = (content: Buffer) => postTool(server, decompressPdfTool.endpoint, [{ name: 'big.pdf', content }]);

  it('decompresses what decodes within the budget, and refuses with 400 what decodes past it, pictures, RunLength and LZW included', async () => {
    expect((await decompress(inflatingContentPdf(3))).status).toBe(200);
    for (const pdf of [inflatingContentPdf(5), inflatingPicturePdf(5), runLengthInflatingPdf(5), lzwInflatingPdf(5)]) {
      const res = await decompress(pdf);
      expect(res.status).toBe(400);
      expect(res.json.detail).toMatch(/inflates to more than 4 MB/);
    }
  });
});
