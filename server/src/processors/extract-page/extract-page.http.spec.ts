import { PDFDocument } from 'pdf-lib';
import { extractPageTool, organiseTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { bookmarkShape, documentInformation, officeReport } from '../../../test/support/bookmarked-pdfs';
import { makePdf, pageCount, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

const RANGE_MESSAGE = 'Please enter a valid page range.';
const pagesOf = (label: string, numbers: number[]) => numbers.map((n) => `${label} page ${n}`);

describe('Extract Pages (/api/v1/general/rearrange-pages, shared with Organise)', () => {
  const server = useTestServer();
  let seven: Buffer;
  beforeAll(async () => {
    seven = await makePdf(7, { label: 'seven', title: 'Seven pages' });
  });

  const extract = (fields: Record<string, string | number>, pdf = seven, name = 'book.pdf') =>
    postTool(server, extractPageTool.endpoint, [{ name, content: pdf }], fields);

  it('keeps the bookmarks of the extracted pages only, at their new pages, and the document information', async () => {
    const res = await extract({ pageRange: 'custom', startPage: 3, endPage: 5 }, officeReport());
    expect(res.status).toBe(200);
    expect(bookmarkShape(res.body)).toEqual([
      [
        '2 Method',
        1,
        [
          ['2.1 Sites', 2, []],
          ['2.2 Tools', 3, []],
        ],
      ],
    ]);
    const { info, xmp } = documentInformation(res.body);
    expect([info.Title, info.Author]).toEqual(['Field report', 'Asha']);
    expect(xmp).toContain('Field report');
  }, 60_000);

  it('shares the Organise endpoint', () => {
    expect(extractPageTool.endpoint).toBe(organiseTool.endpoint);
  });

  it('keeps every page with pageRange=all, named like the reference', async () => {
    const res = await extract({ pageRange: 'all' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('book_rearranged.pdf');
    expect(pageTexts(res.body)).toEqual(pagesOf('seven', [1, 2, 3, 4, 5, 6, 7]));
    expect((await PDFDocument.load(res.body)).getTitle()).toBe('Seven pages');
  });

  it.each([
    [2, 4, [2, 3, 4]],
    [1, 7, [1, 2, 3, 4, 5, 6, 7]],
    [5, 5, [5]],
    [7, 7, [7]],
  ])('keeps pages %p to %p of 7 in order', async (startPage, endPage, expected) => {
    const res = await extract({ pageRange: 'custom', startPage, endPage });
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBe(expected.length);
    expect(pageTexts(res.body)).toEqual(pagesOf('seven', expected));
  });

  it('routes the spec payload here, not to Organise, even next to Organise fields', async () => {
    // Organise would treat this as CUSTOM order "7,1"; Extract keeps 2-3.
    const res = await extract({ customMode: 'CUSTOM', pageNumbers: '7,1', pageRange: 'custom', startPage: 2, endPage: 3 });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(pagesOf('seven', [2, 3]));
  });

  it('is routed to by start and end alone; without pageRange=custom they are ignored (the default is all)', async () => {
    const res = await extract({ startPage: 2, endPage: 3 });
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBe(7);
  });

  it('leaves Stirling payloads to Organise', async () => {
    const res = await postTool(server, organiseTool.endpoint, [{ name: 'book.pdf', content: seven }], { customMode: 'CUSTOM', pageNumbers: '7,1' });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(pagesOf('seven', [7, 1]));
  });

  it.each([
    [{ pageRange: 'custom' }, RANGE_MESSAGE],
    [{ pageRange: 'custom', startPage: 2 }, RANGE_MESSAGE],
    [{ pageRange: 'custom', endPage: 2 }, RANGE_MESSAGE],
    [{ pageRange: 'custom', startPage: 0, endPage: 2 }, RANGE_MESSAGE],
    [{ pageRange: 'custom', startPage: 'two', endPage: 3 }, RANGE_MESSAGE],
    [{ pageRange: 'custom', startPage: 1.5, endPage: 3 }, RANGE_MESSAGE],
    [{ pageRange: 'custom', startPage: 4, endPage: 2 }, RANGE_MESSAGE],
    [{ pageRange: 'custom', startPage: 3, endPage: 12 }, 'Page 12 is out of range: "book.pdf" has 7 pages.'],
    [{ pageRange: 'custom', startPage: 9, endPage: 12 }, 'Pages 9-12 are out of range: "book.pdf" has 7 pages.'],
    [{ pageRange: 'some' }, extractPageTool.fields.pageRange.invalid],
  ])('refuses %p with 400', async (fields, message) => {
    const res = await extract(fields as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, detail: message, error: message });
  });

  it('asks for one PDF with the spec messages', async () => {
    const none = await postTool(server, extractPageTool.endpoint, [], { pageRange: 'all' });
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe('Please upload a PDF file.');
    const picture = await extract({ pageRange: 'all' }, Buffer.from('\x89PNG\r\n\x1a\n not a pdf'), 'photo.png');
    expect(picture.status).toBe(400);
    expect(picture.json.detail).toBe('Please upload a PDF file.');
    const two = await postTool(
      server,
      extractPageTool.endpoint,
      [
        { name: 'a.pdf', content: seven },
        { name: 'b.pdf', content: seven },
      ],
      { pageRange: 'all' },
    );
    expect(two.status).toBe(400);
  });
});
