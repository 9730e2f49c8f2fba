import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { autoSplitSizeTool } from '@folio/registry';
import { heavyPdf, type HeavyPage } from '../../../test/support/heavy-pdfs';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

/** Bytes of the part qpdf cuts for pages first..last (1-based) of `pdf`, cut here, not by the server. */
function cutSize(pdf: Buffer, first: number, last: number): number {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('qpdf', ['--stream-data=preserve', '--empty', '--pages', join(dir, 'in.pdf'), `${first}-${last}`, '--', join(dir, 'out.pdf')]);
    return statSync(join(dir, 'out.pdf')).size;
  });
}

/** Pages 1, 2, ... with pictures of 2–40 KB; every fourth page also draws one shared 30 KB picture. */
function varied(count: number): HeavyPage[] {
  return Array.from({ length: count }, (_, i) => ({ imageBytes: 2000 + ((i * 7919) % 19) * 2000, sharedImage: i % 4 === 0 ? 0 : undefined }));
}

describe('Split PDF by Size or Count (/api/v1/general/split-by-size-or-count)', () => {
  const server = useTestServer();

  const split = async (pdf: Buffer, fields: Record<string, string | number>, name = 'book.pdf') => {
    const res = await postTool(server, autoSplitSizeTool.endpoint, [{ name, content: pdf }], fields);
    const entries = res.status === 200 ? new AdmZip(res.body).getEntries() : [];
    return { res, entries, names: entries.map((e) => e.entryName), parts: entries.map((e) => e.getData()) };
  };

  /** The page labels each part holds, read by Poppler. */
  const labelsOf = (parts: Buffer[]) => parts.map((part) => pageTexts(part).map((text) => Number(/page (\d+)/.exec(text)?.[1])));

  describe('by size', () => {
    const pdf = heavyPdf(varied(60), { shared: [30_000], label: 'book' });
    const limits = [
      ['100KB', 100 * 1024],
      ['0.25MB', 256 * 1024],
      ['61,5KB', Math.floor(61.5 * 1024)],
    ] as const;

    it.each(limits)('%s: every part within the size, each as full as it can be, pages in order', async (value, maxBytes) => {
      const { res, names, parts } = await split(pdf, { splitType: 0, splitValue: value });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.fileName).toBe('book.zip');
      expect(names).toEqual(parts.map((_, i) => `book_${i + 1}.pdf`));
      const labels = labelsOf(parts);
      // Together the parts are the document, page by page.
      expect(labels.flat()).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      for (const [i, part] of parts.entries()) {
        const first = labels[i][0];
        const last = labels[i][labels[i].length - 1];
        if (last > first) expect(part.length).toBeLessThanOrEqual(maxBytes);
        // Full: one page more would not have fitted (cut here by qpdf, as the server cuts).
        if (last < 60) expect(cutSize(pdf, first, last + 1)).toBeGreaterThan(maxBytes);
      }
      expect(parts.length).toBeGreaterThan(2);
    });

    it('gives a page larger than the size a part of its own', async () => {
      const pages: HeavyPage[] = [{ imageBytes: 3000 }, { imageBytes: 3000 }, { imageBytes: 90_000 }, { imageBytes: 3000 }, { imageBytes: 3000 }];
      const big = heavyPdf(pages, { label: 'big' });
      const { res, parts } = await split(big, { splitType: 0, splitValue: '20KB' });
      expect(res.status).toBe(200);
      expect(labelsOf(parts)).toEqual([[1, 2], [3], [4, 5]]);
      expect(parts[1].length).toBeGreaterThan(90_000);
      expect(parts[0].length).toBeLessThanOrEqual(20 * 1024);
    });

    it('reads a bare number as MB, and a size above the file as one part', async () => {
      const { res, parts } = await split(pdf, { splitType: 0, splitValue: '5' });
      expect(res.status).toBe(200);
      expect(parts).toHaveLength(1);
      expect(pageCount(parts[0])).toBe(60);
    });

    it('cuts a long document (cut in windows of the pages each batch spans) just as exactly', async () => {
      const long = await makePdf(1500, { label: 'long' });
      const { res, parts } = await split(long, { splitType: 0, splitValue: '3KB' });
      expect(res.status).toBe(200);
      const labels = labelsOf(parts);
      expect(labels.flat()).toEqual(Array.from({ length: 1500 }, (_, i) => i + 1));
      expect(parts.length).toBeGreaterThan(100);
      // Every part within the size; a sample checked for fullness against qpdf's own cut of one page more.
      for (const part of parts) expect(part.length).toBeLessThanOrEqual(3 * 1024);
      for (let i = 0; i < parts.length - 1; i += Math.floor(parts.length / 12)) {
        const last = labels[i][labels[i].length - 1];
        expect(cutSize(long, labels[i][0], last + 1)).toBeGreaterThan(3 * 1024);
      }
    }, 180_000);

    it('keeps pages that share a picture light: the picture is in each part once', async () => {
      // 40 pages all drawing one 200 KB picture, each with 1 KB of its own: a 300 KB limit holds them all.
      const sharing = heavyPdf(
        Array.from({ length: 40 }, () => ({ imageBytes: 1000, sharedImage: 0 })),
        { shared: [200_000] },
      );
      const { res, parts } = await split(sharing, { splitType: 0, splitValue: '300KB' });
      expect(res.status).toBe(200);
      expect(parts).toHaveLength(1);
    });
  });

  describe('by page count and document count', () => {
    let twenty: Buffer;
    beforeAll(async () => {
      twenty = await makePdf(20, { label: 'twenty' });
    });

    it('cuts parts of so many pages, the last one shorter', async () => {
      const { res, names, parts } = await split(twenty, { splitType: 1, splitValue: '6' });
      expect(res.status).toBe(200);
      expect(res.fileName).toBe('book.zip');
      expect(names).toEqual(['book_1.pdf', 'book_2.pdf', 'book_3.pdf', 'book_4.pdf']);
      expect(parts.map(pageCount)).toEqual([6, 6, 6, 2]);
      expect(pageTexts(parts[3])).toEqual(['twenty page 19', 'twenty page 20']);
    });

    it('cuts so many parts, the first ones a page longer', async () => {
      const { parts } = await split(twenty, { splitType: 2, splitValue: '6' });
      expect(parts.map(pageCount)).toEqual([4, 4, 3, 3, 3, 3]);
      expect(pageTexts(parts[2])[0]).toBe('twenty page 9');
    });

    it('makes one part per page when asked for more parts than pages', async () => {
      const { parts } = await split(twenty, { splitType: 2, splitValue: '50' });
      expect(parts.map(pageCount)).toEqual(Array(20).fill(1));
    });

    it('refuses parts that would repeat a shared picture past the output budget', async () => {
      // 1,200 pages that all draw one 2 MB picture: as single pages, 2.4 GB of parts.
      const sharing = heavyPdf(
        Array.from({ length: 1200 }, () => ({ imageBytes: 0, sharedImage: 0 })),
        { shared: [2 * 1024 * 1024] },
      );
      const { res } = await split(sharing, { splitType: 1, splitValue: '1' });
      expect(res.status).toBe(400);
      expect(res.json.detail).toMatch(/^The 1200 parts would take about \d+ MB together/);
      const { res: inTwo, parts } = await split(sharing, { splitType: 2, splitValue: '2' });
      expect(inTwo.status).toBe(200);
      expect(parts.map(pageCount)).toEqual([600, 600]);
    });
  });

  describe('bad input', () => {
    let five: Buffer;
    beforeAll(async () => {
      five = await makePdf(5);
    });

    it.each([
      [{ splitType: 0 }, 'Please enter a split value.'],
      [{ splitType: 0, splitValue: '  ' }, 'Please enter a split value.'],
      [{ splitType: 0, splitValue: 'big' }, 'Split value must be a size such as 2MB, 500KB or 1.5GB, above 0.'],
      [{ splitType: 0, splitValue: '0KB' }, 'Split value must be a size such as 2MB, 500KB or 1.5GB, above 0.'],
      [{ splitType: 0, splitValue: '-2MB' }, 'Split value must be a size such as 2MB, 500KB or 1.5GB, above 0.'],
      [{ splitType: 1, splitValue: '0' }, 'Split value must be a whole number of pages per part, 1 or more.'],
      [{ splitType: 1, splitValue: '2MB' }, 'Split value must be a whole number of pages per part, 1 or more.'],
      [{ splitType: 2, splitValue: '2.5' }, 'Split value must be a whole number of documents, 1 or more.'],
      [{ splitType: 3, splitValue: '2' }, 'Split type must be 0 (size), 1 (page count) or 2 (document count).'],
      [{ splitType: 'size', splitValue: '2' }, 'Split type must be 0 (size), 1 (page count) or 2 (document count).'],
    ])('%p → 400 %p', async (fields, detail) => {
      const { res } = await split(five, fields as Record<string, string | number>);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(detail);
    });

    it('takes splitType 0 when it is left out, as the reference does', async () => {
      const { res, parts } = await split(five, { splitValue: '1MB' });
      expect(res.status).toBe(200);
      expect(parts.map(pageCount)).toEqual([5]);
    });

    it('refuses a damaged PDF and one that needs a password with 400', async () => {
      const damaged = await split(CORRUPT_PDF, { splitType: 1, splitValue: '1' });
      expect(damaged.res.status).toBe(400);
      expect(damaged.res.json.errorCode).toBe('E001');
      const locked = await split(encryptPdf(five, 'secret'), { splitType: 1, splitValue: '1' });
      expect(locked.res.status).toBe(400);
      expect(locked.res.json.errorCode).toBe('E004');
    });

    it('splits an owner-password-only PDF by size, its parts unencrypted', async () => {
      const owned = encryptPdf(heavyPdf(varied(12), { shared: [30_000] }), '');
      const { res, parts } = await split(owned, { splitType: 0, splitValue: '50KB' });
      expect(res.status).toBe(200);
      expect(labelsOf(parts).flat()).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      const labels = labelsOf(parts);
      for (const [i, part] of parts.entries()) {
        expect(isEncrypted(part)).toBe(false);
        if (labels[i].length > 1) expect(part.length).toBeLessThanOrEqual(50 * 1024);
        const last = labels[i][labels[i].length - 1];
        if (last < 12) expect(cutSize(owned, labels[i][0], last + 1)).toBeGreaterThan(50 * 1024);
      }
    });
  });
});
