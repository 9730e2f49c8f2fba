import AdmZip from 'adm-zip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { mergeTool, removeTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { bookmarkShape, documentInformation, officeReport, readBookmarks, reportlabReport } from '../../../test/support/bookmarked-pdfs';
import { makePdf, outlineTitles, pageCount, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

const pagesOf = (label: string, numbers: number[]) => numbers.map((n) => `${label} page ${n}`);

/** A PDF with one text field on each page, named field1, field2, ... */
async function formPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([300, 400]);
    page.drawText(`form page ${i}`, { x: 20, y: 200, size: 20, font });
    form.createTextField(`field${i}`).addToPage(page, { x: 20, y: 20, width: 200, height: 30 });
  }
  return Buffer.from(await doc.save());
}

describe('Remove Pages (/api/v1/general/remove-pages)', () => {
  const server = useTestServer();
  let ten: Buffer;
  beforeAll(async () => {
    ten = await makePdf(10, { label: 'ten', title: 'Ten pages' });
  });

  const remove = (pageNumbers: string | undefined, pdf = ten, name = 'book.pdf') =>
    postTool(server, removeTool.endpoint, [{ name, content: pdf }], pageNumbers === undefined ? {} : { pageNumbers });

  it.each([
    ['1,3,5-7', [2, 4, 8, 9, 10]],
    ['10', [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    ['2n', [1, 3, 5, 7, 9]],
    ['8-', [1, 2, 3, 4, 5, 6, 7]],
    ['7,1,7', [2, 3, 4, 5, 6, 8, 9, 10]],
    ['1,50', [2, 3, 4, 5, 6, 7, 8, 9, 10]],
    ['9-15', [1, 2, 3, 4, 5, 6, 7, 8]],
  ])('removing %p of 10 pages keeps %p', async (pageNumbers, kept) => {
    const res = await remove(pageNumbers);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('book_removed_pages.pdf');
    expect(pageCount(res.body)).toBe(kept.length);
    expect(pageTexts(res.body)).toEqual(pagesOf('ten', kept));
  });

  it('keeps the document title', async () => {
    const res = await remove('1');
    expect((await PDFDocument.load(res.body)).getTitle()).toBe('Ten pages');
  });

  it('keeps the bookmarks of kept pages, pointing at their new places', async () => {
    const files = [
      { name: 'a.pdf', content: await makePdf(2) },
      { name: 'b.pdf', content: await makePdf(3) },
    ];
    const merged = await postTool(server, mergeTool.endpoint, files, { generateToc: 'true' });
    const res = await remove('1-2', merged.body);
    expect(res.status).toBe(200);
    expect(outlineTitles(res.body)).toContainEqual({ title: 'b', page: 1 });
  });

  describe('bookmarks of a LibreOffice report and of a reportlab document', () => {
    let office: Buffer;
    let reportlab: Buffer;
    beforeAll(() => {
      office = officeReport();
      reportlab = reportlabReport();
    }, 120_000);

    it('drops the bookmarks of removed pages and moves the others to their new pages, keeping title and XMP', async () => {
      const res = await remove('2,4', office);
      expect(res.status).toBe(200);
      expect(bookmarkShape(res.body)).toEqual([
        ['1 Intro', 1, []],
        ['2 Method', 2, [['2.2 Tools', 3, []]]],
        ['3 Results', 4, []],
      ]);
      const { info, xmp } = documentInformation(res.body);
      expect([info.Title, info.Author, info.Subject]).toEqual(['Field report', 'Asha', 'Survey']);
      expect(xmp).toContain('Field report');
    });

    it('moves the children of a removed page’s bookmark up to its place', async () => {
      const res = await remove('3', office);
      expect(bookmarkShape(res.body)).toEqual([
        ['1 Intro', 1, [['1.1 Scope', 2, []]]],
        ['2.1 Sites', 3, []],
        ['2.2 Tools', 4, []],
        ['3 Results', 5, []],
      ]);
    });

    it('keeps where on the page each bookmark opens, and a closed one closed', async () => {
      const res = await remove('2-3,9', reportlab);
      const read = readBookmarks(res.body);
      expect(read.map((b) => [b.title, b.page, b.open, b.kids.map((k) => [k.title, k.page])])).toEqual([
        ['Chapter 1', 1, true, []],
        [
          'Chapter 4',
          2,
          false,
          [
            ['Section 5', 3],
            ['Section 6', 4],
            ['Section 7', 5],
          ],
        ],
        ['Chapter 8', 6, true, [['Section 10', 7]]],
      ]);
      expect(read[1].kids[0].view).toEqual(['/XYZ', 0, 700, 0]);
      expect(pageTexts(res.body)[2]).toBe('Report page 5');
    });
  });

  it('drops the form fields that were only on removed pages', async () => {
    const res = await remove('2', await formPdf(3));
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(['form page 1', 'form page 3']);
    const fields = (await PDFDocument.load(res.body))
      .getForm()
      .getFields()
      .map((f) => f.getName());
    expect(fields.sort()).toEqual(['field1', 'field3']);
  });

  it.each([
    [undefined, 'Please enter pages to remove.'],
    ['  ', 'Please enter pages to remove.'],
    ['none', 'Invalid expression format: none'],
    ['50', 'Page 50 is out of range: "book.pdf" has 10 pages.'],
    ['11-20,0', 'Pages 11 and 0 are out of range: "book.pdf" has 10 pages.'],
    ['4 - 6', '"4 - 6" selects no pages to remove: "book.pdf" has 10 pages.'],
    ['all', '"all" selects every page of "book.pdf"; at least one page must remain.'],
    ['1-10', '"1-10" selects every page of "book.pdf"; at least one page must remain.'],
  ])('refuses %p with 400 instead of a 0-page PDF or a no-op', async (pageNumbers, message) => {
    const res = await remove(pageNumbers);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, detail: message, error: message });
  });

  it('removes pages from each of several files and answers a ZIP', async () => {
    const res = await postTool(
      server,
      removeTool.endpoint,
      [
        { name: 'first.pdf', content: ten },
        { name: 'second.pdf', content: await makePdf(3, { label: 'three' }) },
      ],
      { pageNumbers: '1,3' },
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('first_removed_pages.zip');
    const entries = new AdmZip(res.body).getEntries();
    expect(entries.map((e) => e.entryName)).toEqual(['first_removed_pages.pdf', 'second_removed_pages.pdf']);
    expect(pageTexts(entries[0].getData())).toEqual(pagesOf('ten', [2, 4, 5, 6, 7, 8, 9, 10]));
    expect(pageTexts(entries[1].getData())).toEqual(pagesOf('three', [2]));
  });

  it('asks for PDFs with the spec messages', async () => {
    const none = await postTool(server, removeTool.endpoint, [], { pageNumbers: '1' });
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe('Please upload a PDF file.');
    const picture = await remove('1', Buffer.from('\x89PNG\r\n\x1a\n not a pdf'), 'photo.png');
    expect(picture.status).toBe(400);
    expect(picture.json.detail).toBe('Please upload PDF files only.');
  });
});
