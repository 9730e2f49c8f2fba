import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { editTocTool } from '@folio/registry';
import { bookmarkedPdf, type BookmarkSpec } from '../../../test/support/bookmarked-pdfs';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

/** A bookmark as qpdf's own outline reader sees it: title, page (1-based; 0 for none), open or closed, children. */
interface ReadBookmark {
  title: string;
  page: number;
  open: boolean;
  children: ReadBookmark[];
}

/** The outline of `pdf` as qpdf reads it (its --json outlines: /Outlines → /First → /Next, destinations resolved to pages). */
function outlineOf(pdf: Buffer): ReadBookmark[] {
  interface Node {
    title: string;
    destpageposfrom1: number | null;
    open: boolean;
    kids: Node[];
    dest: unknown;
  }
  const json = withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=outlines', join(dir, 'x.pdf')], { encoding: 'utf8' })) as { outlines: Node[] };
  });
  const read = (nodes: Node[]): ReadBookmark[] => nodes.map((n) => ({ title: n.title, page: n.destpageposfrom1 ?? 0, open: n.open, children: read(n.kids) }));
  return read(json.outlines);
}

/** Every outline item's destination as the file stores it, e.g. ['3 0 R', '/Fit'], read by qpdf. */
function destinationsOf(pdf: Buffer): unknown[] {
  interface Node {
    dest: unknown;
    kids: Node[];
  }
  const json = withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=outlines', join(dir, 'x.pdf')], { encoding: 'utf8' })) as { outlines: Node[] };
  });
  const flat: unknown[] = [];
  const walk = (nodes: Node[]) => nodes.forEach((n) => (flat.push(n.dest), walk(n.kids)));
  walk(json.outlines);
  return flat;
}

/** The file's bytes with objects and streams written out plainly (qpdf --qdf), to see how strings are stored. */
function plainBytes(pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', join(dir, 'x.pdf'), join(dir, 'plain.pdf')]);
    return readFileSync(join(dir, 'plain.pdf')).toString('latin1');
  });
}

/** What `outlineOf` answers for bookmarks written as the tool writes them: every one open (qpdf: /Count not negative). */
const open = (title: string, page: number, children: ReadBookmark[] = []): ReadBookmark => ({ title, page, open: true, children });

const EXISTING: BookmarkSpec[] = [
  { title: 'Old intro', page: 1 },
  { title: 'Old chapter', page: 2, children: [{ title: 'Old section', page: 3 }] },
];

const THREE_LEVELS = [
  {
    title: 'Part one',
    pageNumber: 1,
    children: [
      { title: 'Chapter 1', pageNumber: 2, children: [{ title: 'Section 1.1', pageNumber: 3, children: [] }] },
      { title: 'Chapter 2', pageNumber: 4, children: [] },
    ],
  },
  { title: 'Part two', pageNumber: 5, children: [] },
];

describe('Edit Table of Contents (/api/v1/general/edit-table-of-contents)', () => {
  const server = useTestServer();

  const edit = (pdf: Buffer, fields: Record<string, string | number | boolean>, name = 'book.pdf') =>
    postTool(server, editTocTool.endpoint, [{ name, content: pdf }], fields);

  it('writes the sent tree as the outline: titles, levels and pages, replacing the file’s own bookmarks', async () => {
    const res = await edit(bookmarkedPdf(6, EXISTING), { bookmarkData: JSON.stringify(THREE_LEVELS), replaceExisting: true });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.fileName).toBe('book_with_toc.pdf');
    expect(outlineOf(res.body)).toEqual([open('Part one', 1, [open('Chapter 1', 2, [open('Section 1.1', 3)]), open('Chapter 2', 4)]), open('Part two', 5)]);
    // Each bookmark opens its page object with a whole-page view.
    for (const dest of destinationsOf(res.body)) expect(dest).toEqual([expect.stringMatching(/^\d+ 0 R$/), '/Fit']);
    // The pages themselves are untouched.
    expect(pageTexts(res.body)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `book page ${n}`));
  });

  it('replaces when replaceExisting is left out, as the reference always does', async () => {
    const res = await edit(bookmarkedPdf(3, EXISTING), { bookmarkData: JSON.stringify([{ title: 'Only', pageNumber: 2, children: [] }]) });
    expect(res.status).toBe(200);
    expect(outlineOf(res.body)).toEqual([open('Only', 2)]);
  });

  it('adds the new bookmarks after the file’s own, which stay as they were, when replaceExisting is false', async () => {
    const res = await edit(bookmarkedPdf(6, EXISTING), { bookmarkData: JSON.stringify(THREE_LEVELS), replaceExisting: false });
    expect(res.status).toBe(200);
    expect(outlineOf(res.body)).toEqual([
      open('Old intro', 1),
      open('Old chapter', 2, [open('Old section', 3)]),
      open('Part one', 1, [open('Chapter 1', 2, [open('Section 1.1', 3)]), open('Chapter 2', 4)]),
      open('Part two', 5),
    ]);
  });

  it('appends to a file without bookmarks as a new outline', async () => {
    const res = await edit(await makePdf(2), {
      bookmarkData: JSON.stringify([
        { title: 'Start', pageNumber: 1 },
        { title: 'End', pageNumber: 2 },
      ]),
      replaceExisting: false,
    });
    expect(res.status).toBe(200);
    expect(outlineOf(res.body)).toEqual([open('Start', 1), open('End', 2)]);
  });

  it('keeps titles in any script, stored as UTF-16 text strings where PDFDocEncoding cannot hold them', async () => {
    const titles = ['Résumé', 'Глава 1', '第一章 🚀', 'Plain (with) \\ parens'];
    const res = await edit(await makePdf(2), { bookmarkData: JSON.stringify(titles.map((title) => ({ title, pageNumber: 2, children: [] }))) });
    expect(res.status).toBe(200);
    expect(outlineOf(res.body).map((b) => b.title)).toEqual(titles);
    const utf16 = (text: string) => `<feff${Buffer.from(text, 'utf16le').swap16().toString('hex')}>`;
    const raw = plainBytes(res.body).toLowerCase();
    expect(raw).toContain(utf16('Глава 1'));
    expect(raw).toContain(utf16('第一章 🚀'));
  });

  it('removes every bookmark for []', async () => {
    const res = await edit(bookmarkedPdf(3, EXISTING), { bookmarkData: '[]', replaceExisting: true });
    expect(res.status).toBe(200);
    expect(outlineOf(res.body)).toEqual([]);
    expect(plainBytes(res.body)).not.toContain('/Outlines');
  });

  it('leaves the file’s bookmarks as they are for [] with replaceExisting false', async () => {
    const res = await edit(bookmarkedPdf(3, EXISTING), { bookmarkData: '[]', replaceExisting: false });
    expect(res.status).toBe(200);
    expect(outlineOf(res.body)).toEqual([open('Old intro', 1), open('Old chapter', 2, [open('Old section', 3)])]);
  });

  it('opens the last page for a page number past the end and the first for one below 1, as the reference clamps', async () => {
    const data = [
      { title: 'Far', pageNumber: 99 },
      { title: 'Zero', pageNumber: 0 },
      { title: 'Negative', pageNumber: -3 },
      { title: 'Missing' },
      { title: 'Quoted', pageNumber: '2' },
    ];
    const res = await edit(await makePdf(3), { bookmarkData: JSON.stringify(data) });
    expect(res.status).toBe(200);
    expect(outlineOf(res.body)).toEqual([open('Far', 3), open('Zero', 1), open('Negative', 1), open('Missing', 1), open('Quoted', 2)]);
  });

  it('accepts bookmarks without children and with extra fields (the page’s ids)', async () => {
    const res = await edit(await makePdf(2), {
      bookmarkData: JSON.stringify([
        { id: 'abcd1234', title: 'A', pageNumber: 2 },
        { title: 'B', pageNumber: 1, children: null },
      ]),
    });
    expect(res.status).toBe(200);
    expect(outlineOf(res.body)).toEqual([open('A', 2), open('B', 1)]);
  });

  it('writes an owner-password-only file without its encryption, as the reference’s loader does', async () => {
    const res = await edit(encryptPdf(bookmarkedPdf(3, EXISTING), ''), {
      bookmarkData: JSON.stringify([{ title: 'Ü', pageNumber: 3 }]),
      replaceExisting: false,
    });
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    expect(outlineOf(res.body).map((b) => [b.title, b.page])).toEqual([
      ['Old intro', 1],
      ['Old chapter', 2],
      ['Ü', 3],
    ]);
  });

  describe('refuses bad input with a 400', () => {
    it.each([
      ['not JSON', '{title: "x"', /not valid JSON/],
      ['an object, not an array', '{"title": "x", "pageNumber": 1}', /must be a JSON array/],
      ['an item that is no object', '[1]', /Bookmark 1 must be an object/],
      ['a fractional page number', '[{"title": "x", "pageNumber": 1.5}]', /Bookmark 1: pageNumber must be a whole number/],
      ['a page number in words', '[{"title": "x", "pageNumber": "two"}]', /pageNumber must be a whole number/],
      ['a title that is no text', '[{"title": 7, "pageNumber": 1}]', /Bookmark 1: title must be text/],
      [
        'children that are no list',
        '[{"title": "x", "pageNumber": 1, "children": [{"title": "y", "children": {}}]}]',
        /Bookmark 1.1: children must be an array/,
      ],
    ])('%s', async (_case, bookmarkData, message) => {
      const res = await edit(await makePdf(2), { bookmarkData });
      expect(res.status).toBe(400);
      expect(res.json.detail).toMatch(message);
    });

    it('a tree nested deeper than 64 levels', async () => {
      let tree: unknown[] = [];
      for (let i = 0; i < 70; i++) tree = [{ title: `L${i}`, pageNumber: 1, children: tree }];
      const res = await edit(await makePdf(1), { bookmarkData: JSON.stringify(tree) });
      expect(res.status).toBe(400);
      expect(res.json.detail).toMatch(/at most 64 levels/);
    });

    it('bookmark JSON past the form field limit (1 MB)', async () => {
      const many = Array.from({ length: 25_000 }, (_, i) => ({ title: `Entry number ${i}`, pageNumber: 1, children: [] }));
      const res = await edit(await makePdf(1), { bookmarkData: JSON.stringify(many) });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });

    it('bookmarkData left out', async () => {
      const res = await edit(await makePdf(1), { replaceExisting: true });
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('bookmarkData is required: a JSON array of bookmarks, [] for none.');
    });

    it('a PDF that needs a password', async () => {
      const res = await edit(encryptPdf(await makePdf(1), 'user'), { bookmarkData: '[]' });
      expect(res.status).toBe(400);
      expect(res.json.errorCode).toBe('E004');
    });

    it('a damaged PDF', async () => {
      const res = await edit(CORRUPT_PDF, { bookmarkData: '[]' });
      expect(res.status).toBe(400);
      expect(res.json.errorCode).toBe('E001');
    });
  });
});
