import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFObjectStreamParser, PDFParser, PDFXRefStreamParser } from 'pdf-lib';
import { handWrittenPdf } from '../../test/support/hand-written-pdf';
import { deflatedZeros, manyObjectsPdf, objectStreamBomb } from '../../test/support/hostile-pdfs';
import { makePdf, withTempDir } from '../../test/support/pdfs';
import { PdfTooComplexError } from './pdf-errors';
import { loadWithinBudget, MAX_OBJECTS } from './pdf-lib-budget';

const PAGE_TREE = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >>'];

/** A stream object's text, its data given. */
function streamObject(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

/**
 * What loading `pdf` within the budget throws, and the CPU time it took this process (all its
 * threads, zlib's included): the work the budget saves, which other workers on a loaded machine
 * do not stretch as they stretch the wall clock (5.5 s for a second of work once, at three workers).
 */
async function refusal(pdf: Buffer): Promise<{ error: unknown; cpuMs: number }> {
  const started = process.cpuUsage();
  const error = await loadWithinBudget(pdf).then(
    () => undefined,
    (e: unknown) => e,
  );
  const { user, system } = process.cpuUsage(started);
  return { error, cpuMs: (user + system) / 1000 };
}

describe('pdf-lib parse budget', () => {
  it('refuses a file of more objects than a document may hold by counting its keywords, in a moment', async () => {
    const { error, cpuMs } = await refusal(manyObjectsPdf(MAX_OBJECTS + 100_000));
    expect(error).toBeInstanceOf(PdfTooComplexError);
    expect((error as Error).message).toBe('The PDF is too complex to open: it holds more than 500,000 objects.');
    expect(cpuMs).toBeLessThan(2_000);
  });

  it('counts the objects pdf-lib really parses: leaving out endobj does not get past the budget', async () => {
    const { error } = await refusal(manyObjectsPdf(MAX_OBJECTS + 100_000, { endobj: false }));
    expect(error).toBeInstanceOf(PdfTooComplexError);
    expect((error as Error).message).toMatch(/more than 500,000 objects/);
  }, 60_000);

  it('refuses an object stream that declares more objects than are left, before parsing it', async () => {
    const packed = Buffer.from('4 0 '.repeat(1000));
    const { error } = await refusal(handWrittenPdf([...PAGE_TREE, streamObject(`/Type /ObjStm /N ${MAX_OBJECTS + 1} /First ${packed.length}`, packed)]));
    expect(error).toBeInstanceOf(PdfTooComplexError);
    expect((error as Error).message).toMatch(/more than 500,000 objects/);
  });

  it('refuses an object stream that inflates to 1 GiB after decoding 128 MB of it, with zlib, in a second or two', async () => {
    const { error, cpuMs } = await refusal(objectStreamBomb(1));
    expect(error).toBeInstanceOf(PdfTooComplexError);
    expect((error as Error).message).toBe('The PDF is too complex to open: its object streams decode to more than 128 MB.');
    expect(cpuMs).toBeLessThan(5_000); // pdf-lib's own inflater took 18 s for the gigabyte
  }, 30_000);

  it('holds every filter to the budget, not only Flate: run-length data decoding to 140 MB', async () => {
    // Each pair repeats its byte 128 times (length byte 129): 2.2 MB of pairs decode to about 140 MB of blanks.
    const runs = Buffer.alloc(2 * 1_100_000);
    for (let i = 0; i < runs.length; i += 2) [runs[i], runs[i + 1]] = [129, 0x20];
    const { error } = await refusal(
      handWrittenPdf([...PAGE_TREE, streamObject('/Type /ObjStm /N 1 /First 4 /Filter /RunLengthDecode', Buffer.concat([runs, Buffer.from([128])]))]),
    );
    expect(error).toBeInstanceOf(PdfTooComplexError);
    expect((error as Error).message).toMatch(/object streams decode to more than 128 MB/);
  }, 60_000);

  it('refuses a cross-reference stream that inflates to 1 GiB', async () => {
    const xref = streamObject('/Type /XRef /W [1 4 2] /Size 5 /Root 1 0 R /Filter /FlateDecode', deflatedZeros(16 * 1024 * 1024, 64));
    const { error } = await refusal(handWrittenPdf([...PAGE_TREE, xref]));
    expect(error).toBeInstanceOf(PdfTooComplexError);
    expect((error as Error).message).toMatch(/object streams decode to more than 128 MB/);
  }, 30_000);

  it('opens documents whose objects live in object streams, pdf-lib’s own and qpdf’s', async () => {
    const own = await makePdf(3, { label: 'packed' });
    expect(own.includes('/ObjStm')).toBe(true);
    expect((await loadWithinBudget(own)).getPageCount()).toBe(3);
    const byQpdf = withTempDir((dir) => {
      writeFileSync(join(dir, 'in.pdf'), own);
      execFileSync('qpdf', ['--object-streams=generate', '--compress-streams=y', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
      return readFileSync(join(dir, 'out.pdf'));
    });
    expect(byQpdf.includes('/ObjStm')).toBe(true);
    const doc = await loadWithinBudget(byQpdf);
    expect(doc.getPages().map((page) => page.getSize())).toEqual([1, 2, 3].map(() => ({ width: 300, height: 400 })));
  });

  it('puts pdf-lib back as it was after each load, refused or not', async () => {
    const originals = [PDFParser.forBytesWithOptions, PDFObjectStreamParser.forStream, PDFXRefStreamParser.forStream];
    await refusal(objectStreamBomb(1));
    await loadWithinBudget(await makePdf(1));
    expect([PDFParser.forBytesWithOptions, PDFObjectStreamParser.forStream, PDFXRefStreamParser.forStream]).toEqual(originals);
  }, 30_000);
});
