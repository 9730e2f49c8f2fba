import AdmZip from 'adm-zip';
import { splitTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { bookmarkShape, documentInformation, officeReport } from '../../../test/support/bookmarked-pdfs';
import { makePdf, pageCount, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

describe('Split PDF (/api/v1/general/split-pages)', () => {
  const server = useTestServer();
  let twenty: Buffer;
  beforeAll(async () => {
    twenty = await makePdf(20, { label: 'twenty' });
  });

  const split = async (pageNumbers: string, pdf = twenty) => {
    const res = await postTool(server, splitTool.endpoint, [{ name: 'book.pdf', content: pdf }], { pageNumbers });
    const entries = res.status === 200 ? new AdmZip(res.body).getEntries() : [];
    return { res, names: entries.map((e) => e.entryName), counts: entries.map((e) => pageCount(e.getData())), entries };
  };

  it('cuts after each listed page and zips the parts in order', async () => {
    const { res, names, counts, entries } = await split('1,3,5-9');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('book_split.zip');
    expect(names).toEqual(['book_1.pdf', 'book_2.pdf', 'book_3.pdf', 'book_4.pdf', 'book_5.pdf', 'book_6.pdf', 'book_7.pdf', 'book_8.pdf']);
    expect(counts).toEqual([1, 2, 2, 1, 1, 1, 1, 11]);
    expect(pageTexts(entries[1].getData())).toEqual(['twenty page 2', 'twenty page 3']);
    expect(pageTexts(entries[7].getData())[10]).toBe('twenty page 20');
  });

  it.each([
    ['all', 20],
    ['2n+1', 10],
    ['3n', 7],
    ['20', 1],
  ])('%p gives %p parts (reference examples)', async (spec, parts) => {
    const { counts } = await split(spec);
    expect(counts).toHaveLength(parts);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
  });

  it('gives every part the document information and XMP, and the bookmarks of its own pages', async () => {
    const { res, entries } = await split('2,5', officeReport());
    expect(res.status).toBe(200);
    const parts = entries.map((e) => e.getData());
    expect(parts.map(bookmarkShape)).toEqual([
      [['1 Intro', 1, [['1.1 Scope', 2, []]]]],
      [
        [
          '2 Method',
          1,
          [
            ['2.1 Sites', 2, []],
            ['2.2 Tools', 3, []],
          ],
        ],
      ],
      [['3 Results', 1, []]],
    ]);
    for (const part of parts) {
      const { info, xmp } = documentInformation(part);
      expect([info.Title, info.Author, info.Subject]).toEqual(['Field report', 'Asha', 'Survey']);
      expect(xmp).toContain('Field report');
    }
    expect(pageTexts(parts[2])).toEqual([expect.stringContaining('3 Results')]);
  }, 60_000);

  it('skips split points that would make empty parts', async () => {
    const { counts } = await split('5,2,10');
    expect(counts).toEqual([5, 5, 10]);
  });

  it('needs pages to split', async () => {
    const { res } = await split('   ');
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Please enter pages to split.');
  });

  it.each([
    ['99', 'Page 99 is out of range: "book.pdf" has 20 pages.'],
    ['abc', '"abc" selects no page to split after: "book.pdf" has 20 pages.'],
  ])('refuses %p, which names no page of the file, instead of answering it whole', async (spec, detail) => {
    const { res } = await split(spec);
    expect(res.status).toBe(400);
    expect(res.json.type).toBe('/errors/invalid-argument');
    expect(res.json.detail).toBe(detail);
  });

  it('refuses a malformed page function', async () => {
    const { res } = await split('none');
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Invalid expression format: none');
  });
});
