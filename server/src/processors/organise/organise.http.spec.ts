import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { PDFDocument } from 'pdf-lib';
import { mergeTool, organiseTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { bookmarkShape, officeReport } from '../../../test/support/bookmarked-pdfs';
import { encryptPdf, isEncrypted, makePdf, outlineTitles, pageCount, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

/** Page texts read back with pdftotext: `<label> page <n>` for each page, in the result's order. */
const pagesOf = (label: string, numbers: number[]) => numbers.map((n) => `${label} page ${n}`);

/** Page count and the text of a few pages of a large PDF, without extracting all of it. */
function sampleLargePdf(pdf: Buffer, pages: number[]): { count: number; texts: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'folio-test-'));
  const file = join(dir, 'x.pdf');
  try {
    writeFileSync(file, pdf);
    const count = Number(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }));
    const texts = pages.map((p) => execFileSync('pdftotext', ['-f', String(p), '-l', String(p), file, '-'], { encoding: 'utf8' }).trim());
    return { count, texts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Organise (/api/v1/general/rearrange-pages)', () => {
  const server = useTestServer();
  let seven: Buffer;
  let eight: Buffer;
  beforeAll(async () => {
    seven = await makePdf(7, { label: 'seven', title: 'Seven pages' });
    eight = await makePdf(8, { label: 'eight' });
  });

  const organise = (fields: Record<string, string>, pdf = seven, name = 'book.pdf') =>
    postTool(server, organiseTool.endpoint, [{ name, content: pdf }], fields);

  // Expected orders worked out by hand (page numbers as printed on the pages).
  it.each([
    ['REVERSE_ORDER', 7, [7, 6, 5, 4, 3, 2, 1]],
    ['DUPLEX_SORT', 7, [1, 7, 2, 6, 3, 5, 4]],
    ['BOOKLET_SORT', 7, [1, 7, 2, 6, 3, 5, 4]],
    ['SIDE_STITCH_BOOKLET_SORT', 7, [4, 1, 2, 3, 5, 6, 7]],
    ['ODD_EVEN_SPLIT', 7, [1, 3, 5, 7, 2, 4, 6]],
    ['ODD_EVEN_MERGE', 7, [1, 5, 2, 6, 3, 7, 4]],
    ['REMOVE_FIRST', 7, [2, 3, 4, 5, 6, 7]],
    ['REMOVE_LAST', 7, [1, 2, 3, 4, 5, 6]],
    ['REMOVE_FIRST_AND_LAST', 7, [2, 3, 4, 5, 6]],
    ['REVERSE_ORDER', 8, [8, 7, 6, 5, 4, 3, 2, 1]],
    ['DUPLEX_SORT', 8, [1, 8, 2, 7, 3, 6, 4, 5]],
    ['BOOKLET_SORT', 8, [1, 8, 2, 7, 3, 6, 4, 5]],
    ['SIDE_STITCH_BOOKLET_SORT', 8, [4, 1, 2, 3, 8, 5, 6, 7]],
    ['ODD_EVEN_SPLIT', 8, [1, 3, 5, 7, 2, 4, 6, 8]],
    ['ODD_EVEN_MERGE', 8, [1, 5, 2, 6, 3, 7, 4, 8]],
    ['REMOVE_FIRST_AND_LAST', 8, [2, 3, 4, 5, 6, 7]],
  ])('%s on %p pages gives pages %p', async (customMode, pages, expected) => {
    const label = pages === 7 ? 'seven' : 'eight';
    const res = await organise({ customMode }, pages === 7 ? seven : eight);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('book_rearranged.pdf');
    expect(pageCount(res.body)).toBe(expected.length);
    expect(pageTexts(res.body)).toEqual(pagesOf(label, expected));
  });

  it('puts pages in a custom order, dropping the ones not listed', async () => {
    const res = await organise({ customMode: 'CUSTOM', pageNumbers: '3,1,5-7,2' });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(pagesOf('seven', [3, 1, 5, 6, 7, 2]));
  });

  it('treats a missing or blank mode as CUSTOM, and reads the mode in any case', async () => {
    const none = await organise({ pageNumbers: '2,1' });
    expect(pageTexts(none.body)).toEqual(pagesOf('seven', [2, 1]));
    const blank = await organise({ customMode: '', pageNumbers: '7' });
    expect(pageTexts(blank.body)).toEqual(pagesOf('seven', [7]));
    const lower = await organise({ customMode: 'reverse_order' });
    expect(pageTexts(lower.body)).toEqual(pagesOf('seven', [7, 6, 5, 4, 3, 2, 1]));
  });

  it('duplicates every page in place, the count taken from the page order', async () => {
    const res = await organise({ customMode: 'DUPLICATE', pageNumbers: '3' }, await makePdf(2, { label: 'two' }));
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(pagesOf('two', [1, 1, 1, 2, 2, 2]));
  });

  it.each([[{}], [{ pageNumbers: '' }]])('duplicates every page twice when the count is left out (%p, reference §3.4)', async (fields) => {
    const res = await organise({ customMode: 'DUPLICATE', ...fields }, await makePdf(2, { label: 'two' }));
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(pagesOf('two', [1, 1, 2, 2]));
  });

  it('works on a 1-page file in every mode that leaves a page', async () => {
    const one = await makePdf(1, { label: 'one' });
    for (const customMode of ['REVERSE_ORDER', 'BOOKLET_SORT', 'SIDE_STITCH_BOOKLET_SORT', 'ODD_EVEN_MERGE']) {
      const res = await organise({ customMode }, one);
      expect(res.status).toBe(200);
      expect(pageTexts(res.body)).toEqual(['one page 1']);
    }
    const twice = await organise({ customMode: 'DUPLICATE', pageNumbers: '2' }, one);
    expect(pageTexts(twice.body)).toEqual(['one page 1', 'one page 1']);
  });

  it('ignores the page order in modes that do not use it', async () => {
    const res = await organise({ customMode: 'ODD_EVEN_SPLIT', pageNumbers: 'none' });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(pagesOf('seven', [1, 3, 5, 7, 2, 4, 6]));
  });

  it('keeps the document title and drops its encryption', async () => {
    const res = await organise({ customMode: 'REVERSE_ORDER' }, encryptPdf(seven, ''));
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    expect((await PDFDocument.load(res.body)).getTitle()).toBe('Seven pages');
  });

  it('drops the bookmarks of pages a custom order leaves out', async () => {
    const res = await organise({ customMode: 'CUSTOM', pageNumbers: '6,1,2' }, officeReport());
    expect(res.status).toBe(200);
    expect(bookmarkShape(res.body)).toEqual([
      ['1 Intro', 2, [['1.1 Scope', 3, []]]],
      ['3 Results', 1, []],
    ]);
  }, 60_000);

  it('moves bookmarks with their pages', async () => {
    const files = [
      { name: 'a.pdf', content: await makePdf(2) },
      { name: 'b.pdf', content: await makePdf(3) },
    ];
    const merged = await postTool(server, mergeTool.endpoint, files, { generateToc: 'true' });
    expect(outlineTitles(merged.body)).toEqual([
      { title: 'a', page: 1 },
      { title: 'b', page: 3 },
    ]);
    const res = await organise({ customMode: 'REVERSE_ORDER' }, merged.body);
    expect(outlineTitles(res.body)).toEqual([
      { title: 'a', page: 5 },
      { title: 'b', page: 3 },
    ]);
  });

  it.each([
    [{ customMode: 'CUSTOM' }, 'Please enter a page order.'],
    [{ customMode: 'CUSTOM', pageNumbers: '   ' }, 'Please enter a page order.'],
    [{ customMode: 'CUSTOM', pageNumbers: '1,12' }, 'Page 12 is out of range: "book.pdf" has 7 pages.'],
    [{ customMode: 'CUSTOM', pageNumbers: '4 - 6' }, 'The page order "4 - 6" selects no pages: "book.pdf" has 7 pages.'],
    [{ customMode: 'CUSTOM', pageNumbers: 'none' }, 'Invalid expression format: none'],
    [{ customMode: 'DUPLICATE', pageNumbers: '101' }, 'Each page can be duplicated at most 100 times: "book.pdf" has 7 pages; the page order asks for 101.'],
    [{ customMode: 'SHUFFLE' }, organiseTool.fields.customMode.invalid],
  ])('refuses %p with 400', async (fields, message) => {
    const res = await organise(fields as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, detail: message, error: message });
  });

  it.each([
    ['REMOVE_FIRST', 1, 'Remove First would leave no pages: "book.pdf" has 1 page.'],
    ['REMOVE_LAST', 1, 'Remove Last would leave no pages: "book.pdf" has 1 page.'],
    ['REMOVE_FIRST_AND_LAST', 2, 'Remove First and Last would leave no pages: "book.pdf" has 2 pages.'],
  ])('refuses %s on %p pages instead of writing a 0-page PDF', async (customMode, pages, message) => {
    const res = await organise({ customMode }, await makePdf(pages));
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(message);
  });

  it('rearranges each of several files and answers a ZIP', async () => {
    const res = await postTool(
      server,
      organiseTool.endpoint,
      [
        { name: 'first.pdf', content: seven },
        { name: 'second.pdf', content: await makePdf(3, { label: 'three' }) },
      ],
      { customMode: 'REVERSE_ORDER' },
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('first_rearranged.zip');
    const entries = new AdmZip(res.body).getEntries();
    expect(entries.map((e) => e.entryName)).toEqual(['first_rearranged.pdf', 'second_rearranged.pdf']);
    expect(pageTexts(entries[0].getData())).toEqual(pagesOf('seven', [7, 6, 5, 4, 3, 2, 1]));
    expect(pageTexts(entries[1].getData())).toEqual(pagesOf('three', [3, 2, 1]));
  });

  it('names the file that cannot be rearranged in a batch', async () => {
    const res = await postTool(
      server,
      organiseTool.endpoint,
      [
        { name: 'long.pdf', content: seven },
        { name: 'short.pdf', content: await makePdf(1) },
      ],
      { customMode: 'REMOVE_LAST' },
    );
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Remove Last would leave no pages: "short.pdf" has 1 page.');
  });

  it('asks for PDFs with the spec messages', async () => {
    const none = await postTool(server, organiseTool.endpoint, [], { customMode: 'REVERSE_ORDER' });
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe('Please upload at least one PDF file.');
    const picture = await organise({ customMode: 'REVERSE_ORDER' }, Buffer.from('\x89PNG\r\n\x1a\n not a pdf'), 'photo.png');
    expect(picture.status).toBe(400);
    expect(picture.json.detail).toBe('Please upload PDF files only.');
  });

  it('passes page lists longer than one command-line argument may be', async () => {
    // 1,000 pages × 40 copies: about 155 KB of page ranges, past Linux's 128 KB per argument.
    const res = await organise({ customMode: 'DUPLICATE', pageNumbers: '40' }, await makePdf(1000, { label: 'big' }));
    expect(res.status).toBe(200);
    expect(sampleLargePdf(res.body, [1, 40, 41, 20_000, 20_001, 40_000])).toEqual({
      count: 40_000,
      texts: ['big page 1', 'big page 1', 'big page 2', 'big page 500', 'big page 501', 'big page 1000'],
    });
  }, 60_000);
});
