import { extractBookmarksTool, pipelineTool } from '@folio/registry';
import { bookmarkedPdf, officeReport, readBookmarks, reportlabReport, type BookmarkSpec, type ReadBookmark } from '../../../test/support/bookmarked-pdfs';
import { handWrittenPdf } from '../../../test/support/hand-written-pdf';
import { postTool } from '../../../test/support/http';
import { loopingOutlinePdf } from '../../../test/support/looping-pdfs';
import { CORRUPT_PDF, encryptPdf, makePdf, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { chromiumOutline, latexArticle, popplerDestinations } from './bookmark-producers.fixtures';

/** The reference's answer, nested: `{ title, pageNumber, children }`. */
interface Bookmark {
  title: string;
  pageNumber: number;
  children: Bookmark[];
}

/** qpdf's reading of the outline (an independent reader), in the reference's shape. */
const asQpdfReadsIt = (nodes: ReadBookmark[]): Bookmark[] =>
  nodes.map((node) => ({ title: node.title, pageNumber: node.page ?? 1, children: asQpdfReadsIt(node.kids) }));

/** Every bookmark, depth first, flattened. */
const flat = (nodes: Bookmark[]): Bookmark[] => nodes.flatMap((node) => [node, ...flat(node.children)]);

const BOOK: BookmarkSpec[] = [
  { title: 'Intro', page: 1 },
  {
    title: 'Chapter 1',
    page: 3,
    children: [
      { title: 'Section 1.1', page: 4 },
      { title: 'Section 1.2', page: 6, children: [{ title: 'Deep', page: 7 }] },
    ],
  },
  { title: 'Chapter 2', page: 8, action: true },
];

/**
 * Two pages, an outline whose items are given as dictionaries (objects 5
 * on; 4 is the outline root), the second page after them, then `extraObjects`.
 */
function outlinePdf(items: string[], catalogExtra = '', extraObjects: string[] = []): Buffer {
  const first = 5;
  const chained = items.map((item, i) => {
    const next = i < items.length - 1 ? ` /Next ${first + i + 1} 0 R` : '';
    return `<< /Parent 4 0 R${next} ${item} >>`;
  });
  const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>';
  return handWrittenPdf([
    `<< /Type /Catalog /Pages 2 0 R /Outlines 4 0 R ${catalogExtra} >>`,
    `<< /Type /Pages /Kids [3 0 R ${first + items.length} 0 R] /Count 2 >>`,
    page,
    `<< /Type /Outlines /First ${first} 0 R /Last ${first + items.length - 1} 0 R /Count ${items.length} >>`,
    ...chained,
    page,
    ...extraObjects,
  ]);
}

describe('Extract Bookmarks (/api/v1/general/extract-bookmarks)', () => {
  const server = useTestServer();
  /** Sent under `file`, the reference's part name, unless told. */
  const extract = (content: Buffer, { name = 'book.pdf', field = 'file' } = {}) => postTool(server, extractBookmarksTool.endpoint, [{ name, content, field }]);

  it('answers the outline as a JSON tree of title, 1-based page and children, as qpdf reads it, from the part `file`', async () => {
    const pdf = bookmarkedPdf(10, BOOK);
    const res = await extract(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.fileName).toBe('book_bookmarks.json');
    expect(res.json).toEqual([
      { title: 'Intro', pageNumber: 1, children: [] },
      {
        title: 'Chapter 1',
        pageNumber: 3,
        children: [
          { title: 'Section 1.1', pageNumber: 4, children: [] },
          { title: 'Section 1.2', pageNumber: 6, children: [{ title: 'Deep', pageNumber: 7, children: [] }] },
        ],
      },
      // A GoTo action's destination, resolved.
      { title: 'Chapter 2', pageNumber: 8, children: [] },
    ]);
    expect(res.json).toEqual(asQpdfReadsIt(readBookmarks(pdf)));
    // `fileInput`, the kit's part name, is taken too.
    expect((await extract(pdf, { field: 'fileInput' })).json).toEqual(res.json);
  });

  it('reads the bookmarks LibreOffice, reportlab and Chromium write as qpdf does, each opening the page its heading is on', async () => {
    for (const pdf of [officeReport(), reportlabReport(), chromiumOutline()]) {
      const res = await extract(pdf);
      expect(res.status).toBe(200);
      expect(res.json.length).toBeGreaterThan(1);
      expect(res.json).toEqual(asQpdfReadsIt(readBookmarks(pdf)));
      // Poppler, another reader: each heading's text is on the page its bookmark opens.
      const texts = pageTexts(pdf);
      for (const bookmark of flat(res.json as Bookmark[]).filter((b) => !/^(Chapter|Section) \d+$/.test(b.title)))
        expect(texts[bookmark.pageNumber - 1]).toContain(bookmark.title.replace(/^\d+(\.\d+)? /, ''));
    }
    const chromium = (await extract(chromiumOutline())).json as Bookmark[];
    expect(flat(chromium).map((b) => [b.title, b.pageNumber])).toEqual(
      expect.arrayContaining([
        ['Alpha chapter', 1],
        ['Alpha detail', 1],
        ['Beta chapter', 2],
      ]),
    );
  }, 240_000);

  it('resolves LaTeX’s bookmarks (hyperref: GoTo actions to named destinations) to the pages Poppler finds those names on', async () => {
    const pdf = latexArticle();
    const dests = popplerDestinations(pdf);
    const res = await extract(pdf);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {
        title: 'First section',
        pageNumber: dests['section.1'],
        children: [
          { title: 'Inner part', pageNumber: dests['subsection.1.1'], children: [] },
          { title: 'Later part', pageNumber: dests['subsection.1.2'], children: [] },
        ],
      },
      { title: 'Second section', pageNumber: dests['section.2'], children: [] },
    ]);
    expect(flat(res.json as Bookmark[]).map((b) => b.pageNumber)).toEqual([1, 1, 2, 3]);
  }, 240_000);

  it('answers 1 for a bookmark that opens nothing resolvable, 0 for one whose page is not in the page tree, names from /Dests and the name tree', async () => {
    const pdf = outlinePdf(
      [
        '/Title (Named) /Dest /there',
        '/Title (Tree) /A << /S /GoTo /D (inTree) >>',
        '/Title (Explicit) /Dest [3 0 R /Fit]',
        '/Title (Nowhere) ',
        '/Title (Web) /A << /S /URI /URI (https://example.org/) >>',
        '/Title (Unknown name) /Dest (missing)',
        '/Title (Missing object) /Dest [99 0 R /Fit]',
        '/Title (Stray page) /Dest [14 0 R /Fit]',
      ],
      '/Dests << /there [13 0 R /Fit] >> /Names << /Dests 15 0 R >>',
      [
        // Object 13 is the second page; 14 a page dictionary the page tree does not list.
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
        '<< /Names [(inTree) << /D [13 0 R /XYZ 0 200 0] >>] >>',
      ],
    );
    const res = await extract(pdf);
    expect(res.status).toBe(200);
    expect((res.json as Bookmark[]).map((b) => [b.title, b.pageNumber])).toEqual([
      ['Named', 2],
      ['Tree', 2],
      ['Explicit', 1],
      ['Nowhere', 1],
      ['Web', 1],
      ['Unknown name', 1],
      ['Missing object', 1],
      ['Stray page', 0],
    ]);
    // qpdf agrees on the pages of /Dest, explicit or named, and finds none where the answer is 0 or 1 by the
    // reference's rule; it leaves a GoTo action's name alone: Poppler finds that name's page.
    expect(readBookmarks(pdf).map((b) => b.page)).toEqual([2, null, 1, null, null, null, null, null]);
    expect(popplerDestinations(pdf).inTree).toBe(2);
  });

  it('answers [] for a PDF without bookmarks', async () => {
    const res = await extract(await makePdf(2));
    expect(res.status).toBe(200);
    expect(res.body.toString('utf8')).toBe('[]');
  });

  it('ends on an outline whose /Next and /First loop back, each bookmark once (the reference never returns)', async () => {
    const res = await extract(loopingOutlinePdf());
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ title: 'One', pageNumber: 1, children: [{ title: 'Two', pageNumber: 1, children: [] }] }]);
  });

  it('reads an owner-password-only file, and refuses one that needs a password, a damaged file and a text file with 400', async () => {
    const owner = await extract(encryptPdf(bookmarkedPdf(3, [{ title: 'Locked', page: 2 }]), ''));
    expect(owner.json).toEqual([{ title: 'Locked', pageNumber: 2, children: [] }]);
    const locked = await extract(encryptPdf(bookmarkedPdf(3, [{ title: 'Locked', page: 2 }]), 'user-secret'));
    expect(locked.status).toBe(400);
    expect(locked.json.errorCode).toBe('E004');
    expect((await extract(CORRUPT_PDF)).status).toBe(400);
    const text = await postTool(server, extractBookmarksTool.endpoint, [
      { name: 'a.txt', field: 'file', content: Buffer.from('text'), contentType: 'text/plain' },
    ]);
    expect(text.status).toBe(400);
    // No file under either name.
    expect((await postTool(server, extractBookmarksTool.endpoint, [])).status).toBe(400);
  });

  it('ends a pipeline: the bookmarks of the pages Remove Pages leaves', async () => {
    const res = await postTool(
      server,
      pipelineTool.endpoint,
      [
        {
          name: 'book.pdf',
          content: bookmarkedPdf(4, [
            { title: 'Start', page: 1 },
            { title: 'End', page: 4 },
          ]),
        },
      ],
      {
        json: JSON.stringify({
          name: 'Bookmarks left',
          pipeline: [
            { operation: '/api/v1/general/remove-pages', parameters: { pageNumbers: '2' } },
            { operation: extractBookmarksTool.endpoint, parameters: {} },
          ],
        }),
      },
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual([
      { title: 'Start', pageNumber: 1, children: [] },
      { title: 'End', pageNumber: 3, children: [] },
    ]);
  });
});
