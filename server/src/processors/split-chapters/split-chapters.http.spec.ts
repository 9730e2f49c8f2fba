import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { splitChaptersTool } from '@folio/registry';
import { bookmarkedPdf, type BookmarkSpec } from '../../../test/support/bookmarked-pdfs';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, makePdf, outlineTitles, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

/** What pdfinfo says a part's document information holds (Poppler, not our code). */
function infoOf(pdf: Buffer): Record<string, string> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const text = execFileSync('pdfinfo', ['-enc', 'UTF-8', join(dir, 'x.pdf')], { encoding: 'utf8' });
    return Object.fromEntries(
      text.split('\n').flatMap((line) => {
        const match = /^([A-Za-z]+):\s+(.*)$/.exec(line);
        return match ? [[match[1], match[2]]] : [];
      }),
    );
  });
}

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

describe('Split PDF by Chapters (/api/v1/general/split-pdf-by-chapters)', () => {
  const server = useTestServer();

  const split = async (pdf: Buffer, fields: Record<string, string | number | boolean> = {}, name = 'book.pdf') => {
    const res = await postTool(server, splitChaptersTool.endpoint, [{ name, content: pdf }], fields);
    const entries = res.status === 200 ? new AdmZip(res.body).getEntries() : [];
    return { res, names: entries.map((e) => e.entryName), parts: entries.map((e) => e.getData()) };
  };
  /** Page numbers each part holds, read back by Poppler. */
  const pagesOf = (parts: Buffer[]) => parts.map((part) => pageTexts(part).map((text) => Number(/page (\d+)/.exec(text)?.[1])));

  it('cuts one part per top-level bookmark, from its page to the next one’s, named by number and title', async () => {
    const { res, names, parts } = await split(bookmarkedPdf(10, BOOK));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('book.zip');
    expect(names).toEqual(['0 Intro.pdf', '1 Chapter 1.pdf', '2 Chapter 2.pdf']);
    expect(pagesOf(parts)).toEqual([
      [1, 2],
      [3, 4, 5, 6, 7],
      [8, 9, 10],
    ]);
    // Parts carry no bookmarks and, by default, no document information.
    for (const part of parts) expect(outlineTitles(part)).toEqual([]);
    expect(infoOf(parts[0]).Title).toBeUndefined();
  });

  it('goes as deep as the bookmark level', async () => {
    const one = await split(bookmarkedPdf(10, BOOK), { bookmarkLevel: 1 });
    expect(one.names).toEqual(['0 Intro.pdf', '1 Chapter 1.pdf', '2 Section 1.1.pdf', '3 Section 1.2.pdf', '4 Chapter 2.pdf']);
    expect(pagesOf(one.parts)).toEqual([[1, 2], [3], [4, 5], [6, 7], [8, 9, 10]]);
    const two = await split(bookmarkedPdf(10, BOOK), { bookmarkLevel: 2 });
    expect(two.names.slice(3, 5)).toEqual(['3 Section 1.2.pdf', '4 Deep.pdf']);
    expect(pagesOf(two.parts).slice(3, 5)).toEqual([[6], [7]]);
  });

  it('joins the title of a bookmark sharing its page with the next one into that chapter, or keeps it as a one-page part', async () => {
    const shared: BookmarkSpec[] = [
      { title: 'Preface', page: 1 },
      { title: 'Part I', page: 3 },
      { title: 'Chapter 1', page: 3 },
      { title: 'Chapter 2', page: 5 },
    ];
    const joined = await split(bookmarkedPdf(6, shared));
    expect(joined.names).toEqual(['0 Preface.pdf', '1 Part I Chapter 1.pdf', '2 Chapter 2.pdf']);
    expect(pagesOf(joined.parts)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    const kept = await split(bookmarkedPdf(6, shared), { allowDuplicates: true });
    expect(kept.names).toEqual(['0 Preface.pdf', '1 Part I.pdf', '2 Chapter 1.pdf', '3 Chapter 2.pdf']);
    expect(pagesOf(kept.parts)).toEqual([[1, 2], [3], [3, 4], [5, 6]]);
  });

  it('gives every part the document information with includeMetadata', async () => {
    const pdf = bookmarkedPdf(
      4,
      [
        { title: 'A', page: 1 },
        { title: 'B', page: 3 },
      ],
      { info: { Title: 'Annual report', Author: 'Asha Rao', Subject: 'Finance' } },
    );
    const { parts } = await split(pdf, { includeMetadata: true });
    expect(pagesOf(parts)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    for (const part of parts) {
      expect(infoOf(part)).toMatchObject({ Title: 'Annual report', Author: 'Asha Rao', Subject: 'Finance' });
      expect(outlineTitles(part)).toEqual([]);
    }
    const without = await split(pdf, { includeMetadata: false });
    expect(infoOf(without.parts[0]).Author).toBeUndefined();
  });

  it('makes titles safe file names, numbered to the width of the chapter count', async () => {
    const marks: BookmarkSpec[] = Array.from({ length: 11 }, (_, i) => ({ title: `Part ${i}`, page: i + 1 }));
    marks[0] = { title: 'Q1/Q2: "Résumé" <draft>?', page: 1 };
    marks[1] = { title: '  ', page: 2 };
    marks[2] = { title: 'Line\nbreak\\back', page: 3 };
    const { names } = await split(bookmarkedPdf(11, marks));
    expect(names.slice(0, 4)).toEqual(['00 Q1Q2 Résumé draft.pdf', '01.pdf', '02 Line breakback.pdf', '03 Part 3.pdf']);
    expect(names[10]).toBe('10 Part 10.pdf');
  });

  it('skips bookmarks that open no page of the file', async () => {
    const { names, parts } = await split(
      bookmarkedPdf(4, [
        { title: 'Nowhere', page: 0 },
        { title: 'Start', page: 2 },
      ]),
    );
    expect(names).toEqual(['0 Start.pdf']);
    expect(pagesOf(parts)).toEqual([[2, 3, 4]]);
  });

  it('refuses a file without bookmarks with 400 and the reference’s words', async () => {
    for (const pdf of [await makePdf(3), bookmarkedPdf(3, [{ title: 'Nowhere', page: 0 }])]) {
      const { res } = await split(pdf);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('No PDF bookmarks/outline found in document');
    }
  });

  it.each([['-1'], ['1.5'], ['two']])('refuses bookmarkLevel %p with the spec’s message', async (level) => {
    const { res } = await split(bookmarkedPdf(3, BOOK.slice(0, 1)), { bookmarkLevel: level });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Bookmark level must be 0 or greater.');
  });

  it('refuses a bad boolean, a damaged PDF and one that needs a password with 400', async () => {
    const bad = await split(bookmarkedPdf(3, BOOK.slice(0, 1)), { includeMetadata: 'maybe' });
    expect(bad.res.status).toBe(400);
    const damaged = await split(CORRUPT_PDF);
    expect(damaged.res.status).toBe(400);
    expect(damaged.res.json.errorCode).toBe('E001');
    const locked = await split(encryptPdf(bookmarkedPdf(3, BOOK.slice(0, 1)), 'secret'));
    expect(locked.res.status).toBe(400);
    expect(locked.res.json.errorCode).toBe('E004');
  });

  it('splits an owner-password-only PDF, with and without its information', async () => {
    const owned = encryptPdf(
      bookmarkedPdf(
        4,
        [
          { title: 'A', page: 1 },
          { title: 'B', page: 2 },
        ],
        { info: { Title: 'Locked' } },
      ),
      '',
    );
    for (const includeMetadata of [false, true]) {
      const { res, parts } = await split(owned, { includeMetadata });
      expect(res.status).toBe(200);
      expect(pagesOf(parts)).toEqual([[1], [2, 3, 4]]);
      expect(infoOf(parts[1]).Title).toBe(includeMetadata ? 'Locked' : undefined);
      expect(infoOf(parts[1]).Encrypted).toBe('no');
    }
  });
});
