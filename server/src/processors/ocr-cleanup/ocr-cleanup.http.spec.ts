import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PDFBool, PDFDocument, PDFName } from 'pdf-lib';
import { ocrCleanupTool } from '@folio/registry';
import { deflatedZeros } from '../../../test/support/hostile-pdfs';
import { postTool, type ToolResponse } from '../../../test/support/http';
import { writePdf } from '../../../test/support/pdf-writer';
import { CORRUPT_PDF, encryptPdf, makePdf, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { joinPdfs, scannedPdf, textPdf } from '../../../test/support/scanned-pdfs';
import { pdfsig, signedContract } from '../../../test/support/signed-pdfs';
import { jobEvents, jobResult, sendJob } from '../../../test/support/job-client';
import { useTestServer } from '../../../test/support/test-server';

// Tesseract takes seconds a page, more on a shared machine.
jest.setTimeout(180_000);

const ENGLISH = ['Elephant marmalade xylophone', 'Quantum lighthouse harbour'];
const GERMAN = ['Größe Straße Übermut', 'Bäckerei Käse Füße'];
const TEXT_PAGE = ['Invoice number 4711', 'Total amount due'];

/** Lower-case words of a text, for comparisons that OCR's spacing and case cannot upset. */
const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/** Every word of `lines` is among the words of `text`. */
function expectWordsIn(text: string, lines: readonly string[]): void {
  const found = new Set(words(text));
  expect(words(lines.join(' ')).filter((word) => !found.has(word))).toEqual([]);
}

/** Runs a Poppler or qpdf reader on a PDF and answers its standard output. */
function readWith(command: string, args: readonly string[], pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return execFileSync(command, [...args, join(dir, 'x.pdf')], { encoding: 'utf8' });
  });
}

/** Names of the fonts the document uses (pdffonts). */
const fontNames = (pdf: Buffer) =>
  readWith('pdffonts', [], pdf)
    .split('\n')
    .slice(2)
    .map((line) => line.split(/\s+/)[0])
    .filter(Boolean);

/** The images pages draw, one per line of `pdfimages -list` (page number first). */
const imagePages = (pdf: Buffer) =>
  readWith('pdfimages', ['-list'], pdf)
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => Number(line.trim().split(/\s+/)[0]));

/** The decoded content streams of a page (0-based), joined, as qpdf reads them. */
function pageContent(pdf: Buffer, index: number): string {
  return withTempDir((dir) => {
    const file = join(dir, 'x.pdf');
    writeFileSync(file, pdf);
    const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=pages', file], { encoding: 'utf8' })) as { pages: { contents: string[] }[] };
    return json.pages[index].contents
      .map((ref) => execFileSync('qpdf', [`--show-object=${ref.split(' ')[0]}`, '--filtered-stream-data', file], { encoding: 'latin1' }))
      .join('\n');
  });
}

/** The entries of a ZIP (unzip -Z1) and the text of one (unzip -p). */
function zipEntries(zip: Buffer): { names: string[]; read: (name: string) => Buffer } {
  return withTempDir((dir) => {
    const file = join(dir, 'x.zip');
    writeFileSync(file, zip);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    const contents = new Map(names.map((name) => [name, execFileSync('unzip', ['-p', file, name])]));
    return { names, read: (name: string) => contents.get(name) ?? Buffer.alloc(0) };
  });
}

/**
 * The slant of the text lines on a page, in degrees, from its pixels (pdftoppm):
 * the angle at which the dark pixels, projected onto rows, make the sharpest
 * profile (lines of text become narrow dense bands). 0 for straight lines.
 */
function textSlant(pdf: Buffer): number {
  const pgm = withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '72', '-gray', '-singlefile', join(dir, 'x.pdf'), join(dir, 'page')]);
    return readFileSync(join(dir, 'page.pgm'));
  });
  const header = pgm.toString('latin1', 0, 64).split(/\s+/);
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(pgm.length - width * height);
  const dark: [number, number][] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (pixels[y * width + x] < 128) dark.push([x, y]);
  let best = { angle: 0, score: -1 };
  for (let tenths = -100; tenths <= 100; tenths += 5) {
    const radians = ((tenths / 10) * Math.PI) / 180;
    const rows = new Map<number, number>();
    for (const [x, y] of dark) {
      const row = Math.round(y * Math.cos(radians) - x * Math.sin(radians));
      rows.set(row, (rows.get(row) ?? 0) + 1);
    }
    const score = [...rows.values()].reduce((sum, n) => sum + n * n, 0);
    if (score > best.score) best = { angle: tenths / 10, score };
  }
  return best.angle;
}

/** A letter page showing one 20000 × 20000 black-and-white picture (400 megapixels, 50 MB unpacked, a few kB stored). */
function hugeScan(): Buffer {
  const side = 20_000;
  const pixels = deflatedZeros((side / 8) * 100, side / 100);
  const content = 'q 612 0 0 792 0 0 cm /Im0 Do Q';
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>',
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
      ),
      pixels,
      Buffer.from('\nendstream'),
    ]),
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}

describe('OCR / Cleanup Scans (/api/v1/misc/ocr-pdf)', () => {
  const server = useTestServer();
  const ocr = (pdf: Buffer, fields: Record<string, string | number | boolean> = {}, name = 'scan.pdf'): Promise<ToolResponse> =>
    postTool(server, ocrCleanupTool.endpoint, [{ name, content: pdf }], { languages: 'eng', ...fields });

  let englishScan: Buffer;
  let mixed: Buffer;
  beforeAll(async () => {
    englishScan = await scannedPdf([ENGLISH]);
    mixed = joinPdfs([await textPdf([TEXT_PAGE]), englishScan]);
  });

  describe('a scanned page in English, with the defaults (force-ocr, hocr)', () => {
    let res: ToolResponse;
    beforeAll(async () => {
      expect(pageTexts(englishScan)).toEqual(['']);
      res = await ocr(englishScan);
    });

    it('answers a PDF named <base>_OCR.pdf', () => {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.fileName).toBe('scan_OCR.pdf');
    });

    it('makes the words printed on the page findable', () => {
      expectWordsIn(pageTexts(res.body)[0], ENGLISH);
    });

    it('lays the text word by word (the hOCR renderer: its invisible Helvetica) over the picture it keeps', () => {
      expect(fontNames(res.body)).toEqual(['Helvetica']);
      expect(imagePages(res.body)).toEqual([1]);
    });
  });

  describe('German with the sandwich renderer and the sidecar text', () => {
    let res: ToolResponse;
    let zip: ReturnType<typeof zipEntries>;
    beforeAll(async () => {
      // An unknown code is dropped, as the reference filters codes to installed languages.
      res = await ocr(await scannedPdf([GERMAN]), { languages: 'deu,xyz', ocrRenderType: 'sandwich', sidecar: true, ocrType: 'skip-text' }, 'brief.pdf');
      zip = zipEntries(res.body);
    });

    it('answers a ZIP <base>_OCR.zip holding <base>_OCR.pdf and <base>_OCR.txt', () => {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.fileName).toBe('brief_OCR.zip');
      expect(zip.names.sort()).toEqual(['brief_OCR.pdf', 'brief_OCR.txt']);
    });

    it('recognises umlauts and ß with the German language data, in the PDF and in the text file', () => {
      expectWordsIn(pageTexts(zip.read('brief_OCR.pdf'))[0], GERMAN);
      expectWordsIn(zip.read('brief_OCR.txt').toString('utf8'), GERMAN);
    });

    it("uses Tesseract's own text layer (its GlyphLessFont)", () => {
      expect(fontNames(zip.read('brief_OCR.pdf'))).toEqual(['GlyphLessFont']);
    });
  });

  describe('a mixed document (a text page, then a scanned page)', () => {
    it('with skip-text: recognises the scan and leaves the text page exactly as it was', async () => {
      const res = await ocr(mixed, { ocrType: 'skip-text' });
      expect(res.status).toBe(200);
      const [textPage, scanPage] = pageTexts(res.body);
      expect(textPage).toBe(pageTexts(mixed)[0]);
      expect(pageContent(res.body, 0)).toBe(pageContent(mixed, 0));
      expect(imagePages(res.body)).toEqual([2]);
      expectWordsIn(scanPage, ENGLISH);
    });

    it('with force-ocr: draws the text page as a picture too and recognises both pages', async () => {
      const res = await ocr(mixed, { ocrType: 'force-ocr' });
      expect(res.status).toBe(200);
      const [textPage, scanPage] = pageTexts(res.body);
      expect(imagePages(res.body)).toEqual([1, 2]);
      expectWordsIn(textPage, TEXT_PAGE);
      expectWordsIn(scanPage, ENGLISH);
    });
  });

  it('answers a document that has text on every page at once with skip-text (normal alike): the same file, nothing recognised', async () => {
    const text = await textPdf([TEXT_PAGE, ENGLISH]);
    for (const ocrType of ['skip-text', 'Normal']) {
      const res = await ocr(text, { ocrType });
      expect(res.status).toBe(200);
      expect(res.body.equals(text)).toBe(true);
    }
    const withSidecar = zipEntries((await ocr(text, { ocrType: 'skip-text', sidecar: true }, 'letter.pdf')).body);
    expect(withSidecar.read('letter_OCR.pdf').equals(text)).toBe(true);
    expect(withSidecar.read('letter_OCR.txt').toString('utf8')).toBe('[OCR skipped on page(s) 1-2]');
  });

  it('recognises a signed document, which then no longer verifies (the reference invalidates signatures); skip-text leaves it signed', async () => {
    const signed = signedContract();
    const forced = await ocr(signed, { ocrType: 'force-ocr' }, 'contract.pdf');
    expect(forced.status).toBe(200);
    expect(imagePages(forced.body)).toEqual([1]);
    expectWordsIn(pageTexts(forced.body)[0], ['Signed contract']);
    expect(pdfsig(forced.body)).toContain('Digest Mismatch');
    const kept = await ocr(signed, { ocrType: 'skip-text' }, 'contract.pdf');
    expect(kept.body.equals(signed)).toBe(true);
    expect(pdfsig(kept.body)).toContain('Signature is Valid');
  });

  it('removes every picture after OCR with removeImagesAfter, keeping the recognised text (cleaned first with clean)', async () => {
    const res = await ocr(englishScan, { removeImagesAfter: true, clean: true });
    expect(res.status).toBe(200);
    expect(imagePages(res.body)).toEqual([]);
    expectWordsIn(pageTexts(res.body)[0], ENGLISH);
  });

  it('straightens a slanted scan with deskew and recognises it', async () => {
    // Tesseract measures the slant from the text lines: a handful of them.
    const lines = [...ENGLISH, ...TEXT_PAGE, ...ENGLISH, ...TEXT_PAGE];
    const slanted = await scannedPdf([lines], { skewDegrees: 4, size: [420, 400], fontSize: 14 });
    expect(Math.abs(textSlant(slanted))).toBeGreaterThanOrEqual(3);
    const res = await ocr(slanted, { deskew: true, cleanFinal: true });
    expect(res.status).toBe(200);
    expect(Math.abs(textSlant(res.body))).toBeLessThanOrEqual(1);
    expectWordsIn(pageTexts(res.body)[0], lines);
  });

  it('reports its progress page by page, as OCRmyPDF finishes each page, to a job’s watchers', async () => {
    if (!server.http.listening) await server.app.listen(0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}`;
    const scan = await scannedPdf([ENGLISH, ENGLISH, ENGLISH, ENGLISH]);
    const jobId = await sendJob(baseUrl, ocrCleanupTool.endpoint, [{ name: 'scan.pdf', content: scan }], { languages: 'eng', ocrType: 'force-ocr' });
    const events = await jobEvents(baseUrl, jobId);
    const pages = events
      .map((e) => /^page (\d+) of 4$/.exec(e.data.progress.stage)?.[1])
      .filter((page) => page !== undefined)
      .map(Number);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(pages.at(-1)).toBe(4);
    const fractions = events.map((e) => e.data.progress.fraction);
    expect(fractions.some((fraction) => fraction > 0 && fraction < 1)).toBe(true);
    const result = await jobResult(baseUrl, jobId);
    expect(result.status).toBe(200);
    expect(pageTexts(result.body)).toHaveLength(4);
  });

  describe('refusals', () => {
    it('recognises English when no language is sent (the page starts with English ticked)', async () => {
      const none = await postTool(server, ocrCleanupTool.endpoint, [{ name: 'scan.pdf', content: englishScan }]);
      expect(none.status).toBe(200);
      expectWordsIn(pageTexts(none.body)[0], ENGLISH);
    });

    it('refuses languages it does not have with the spec message', async () => {
      const unknown = await ocr(englishScan, { languages: 'xyz,klingon' });
      expect(unknown.status).toBe(400);
      expect(unknown.json.detail).toBe('Selected languages are invalid.');
    });

    it('refuses a damaged PDF and a PDF that needs a password with 400', async () => {
      expect((await ocr(CORRUPT_PDF)).status).toBe(400);
      const locked = await ocr(encryptPdf(englishScan, 'user-secret'));
      expect(locked.status).toBe(400);
      expect(locked.json.type).toBe('/errors/pdf-password');
    });

    it("refuses what OCRmyPDF refuses as the input's fault with 400 saying why (a dynamic XFA form)", async () => {
      const form = await PDFDocument.load(englishScan);
      form.catalog.set(PDFName.of('NeedsRendering'), PDFBool.True);
      const res = await ocr(Buffer.from(await form.save()), {}, 'form.pdf');
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(
        'OCR could not process "form.pdf": The PDF is a dynamic XFA form, which only Adobe Reader can draw; it cannot be recognised.',
      );
    });

    it('recognises a PDF protected by an owner password only (its encryption dropped)', async () => {
      const res = await ocr(encryptPdf(englishScan, ''), { ocrType: 'skip-text', ocrRenderType: 'sandwich' });
      expect(res.status).toBe(200);
      expectWordsIn(pageTexts(res.body)[0], ENGLISH);
    });

    it('refuses, before drawing anything, a scan of hundreds of megapixels and a huge page of text', async () => {
      const started = Date.now();
      const scan = await ocr(hugeScan());
      expect(scan.status).toBe(400);
      expect(scan.json.detail).toMatch(
        /^Page 1 of "scan\.pdf" would be 20001 × 25883 pixels when drawn at 2353 DPI for recognition; pages of up to 40 megapixels/,
      );
      const text = await ocr(await makePdf(1, { size: [5000, 5000] }), { ocrType: 'force-ocr' });
      expect(text.status).toBe(400);
      expect(text.json.detail).toMatch(/^Page 1 of "scan\.pdf" would be 27778 × 27778 pixels when drawn at 400 DPI/);
      expect(Date.now() - started).toBeLessThan(20_000);
    });
  });
});

describe('OCR / Cleanup Scans with a small raster budget', () => {
  const server = useTestServer({ maxRasterPages: 2 });

  it('refuses more pages to recognise than the server renders, and takes as many pages with text as it likes', async () => {
    const threePages = await scannedPdf([['one'], ['two'], ['three']], { size: [100, 100], dpi: 72 });
    const refused = await postTool(server, ocrCleanupTool.endpoint, [{ name: 'long.pdf', content: threePages }], { languages: 'eng' });
    expect(refused.status).toBe(400);
    expect(refused.json.detail).toBe('"long.pdf" has 3 pages to recognise; one request can recognise up to 2. Split the document first.');

    const text = await textPdf([['one'], ['two'], ['three']]);
    const kept = await postTool(server, ocrCleanupTool.endpoint, [{ name: 'text.pdf', content: text }], { languages: 'eng', ocrType: 'skip-text' });
    expect(kept.status).toBe(200);
    expect(pageCount(kept.body)).toBe(3);
  });
});
