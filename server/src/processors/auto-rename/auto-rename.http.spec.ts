import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { autoRenameTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { bodyLines, linesPdf, type PlacedLine } from '../../../test/support/titled-pdfs';

// Engines run on a machine shared with other jobs: seconds a request when it is busy.
jest.setTimeout(60_000);

/** A report: a small running header above the title, a subtitle, body text, and a bigger heading on page 2. */
const REPORT: PlacedLine[][] = [
  [
    { text: 'ACME Corporation internal', size: 9, y: 760 },
    { text: 'Annual Report 2024', size: 28, y: 700 },
    { text: 'Prepared for the board', size: 14, y: 670 },
    ...bodyLines(20),
  ],
  [{ text: 'Appendix', size: 36, y: 700 }, ...bodyLines(5)],
];

/** A scanned page: `text` drawn into a picture by ImageMagick, wrapped as a PDF by img2pdf (no text layer at all). */
function img2pdfScan(text: string): Buffer {
  return withTempDir((dir) => {
    execFileSync('convert', ['-size', '850x1100', 'xc:white', '-fill', 'black', '-pointsize', '48', '-annotate', '+100+150', text, join(dir, 'page.png')]);
    execFileSync('img2pdf', [join(dir, 'page.png'), '-o', join(dir, 'scan.pdf')]);
    return readFileSync(join(dir, 'scan.pdf'));
  });
}

describe('Auto Rename PDF (/api/v1/misc/auto-rename)', () => {
  const server = useTestServer();
  const rename = async (pages: PlacedLine[][] | Buffer, fields: Record<string, string | boolean> = {}, name = 'scan0042.pdf') =>
    postTool(server, autoRenameTool.endpoint, [{ name, content: Buffer.isBuffer(pages) ? pages : await linesPdf(pages) }], fields);

  it('names the file after the largest text at the top of its first page, in the reference’s Content-Disposition', async () => {
    const res = await rename(REPORT);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('form-data; name="attachment"; filename="Annual%20Report%202024.pdf"');
    // A title was found: no outcome for the page to warn of.
    expect(res.headers['x-folio-outcome']).toBeUndefined();
  });

  it('changes nothing else: same pages, same text', async () => {
    const pdf = await linesPdf(REPORT);
    const res = await rename(pdf);
    expect(pageCount(res.body)).toBe(2);
    expect(pageTexts(res.body)).toEqual(pageTexts(pdf));
  });

  it('joins a title set on two lines of one size', async () => {
    const res = await rename([[{ text: 'Quarterly Review', size: 24, y: 700 }, { text: 'of Northern Sales', size: 24, y: 672 }, ...bodyLines(10)]]);
    expect(res.fileName).toBe('Quarterly Review of Northern Sales.pdf');
  });

  it('keeps only characters safe in a file name', async () => {
    const res = await rename([[{ text: 'Plans/Goals: Q3 "Final" <draft>?', size: 22, y: 700 }, ...bodyLines(3)]]);
    expect(res.fileName).toBe('PlansGoals Q3 Final draft.pdf');
    expect(res.headers['content-disposition']).toBe('form-data; name="attachment"; filename="PlansGoals%20Q3%20Final%20draft.pdf"');
  });

  it('keeps non-ASCII letters, URL-encoded as UTF-8 in the header', async () => {
    const res = await rename([[{ text: 'Résumé Müller', size: 22, y: 700 }, ...bodyLines(2)]]);
    expect(res.fileName).toBe('Résumé Müller.pdf');
    expect(res.headers['content-disposition']).toContain('filename="R%C3%A9sum%C3%A9%20M%C3%BCller.pdf"');
  });

  it('reads the first page that has text when the first pages are blank', async () => {
    const res = await rename([[], [], [{ text: 'Minutes of the Meeting', size: 20, y: 700 }, ...bodyLines(4)]]);
    expect(res.fileName).toBe('Minutes of the Meeting.pdf');
  });

  it('keeps the upload’s name for a document without text', async () => {
    const res = await rename([[], []]);
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('scan0042.pdf');
    expect(pageCount(res.body)).toBe(2);
  });

  it('keeps the name of a scan without a text layer (img2pdf), naming the outcome for the page to say no title was found', async () => {
    const scan = img2pdfScan('Annual Report 2024');
    expect(pageTexts(scan)).toEqual(['']);
    const res = await rename(scan);
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('scan0042.pdf');
    expect(res.headers['x-folio-outcome']).toBe('no-title');
    expect(pageCount(res.body)).toBe(1);
  });

  describe('text all of one size (no title stands out)', () => {
    const uniform = [bodyLines(30, 740)];

    it('keeps the upload’s name, as the merged text is too long for one', async () => {
      const res = await rename(uniform);
      expect(res.fileName).toBe('scan0042.pdf');
    });

    it('takes the first line instead with useFirstTextAsFallback', async () => {
      const res = await rename(uniform, { useFirstTextAsFallback: true });
      expect(res.fileName).toBe('Body line 1 of the report, set in the running text size.pdf');
    });
  });

  it('answers an owner-password document unencrypted, named after its title', async () => {
    const res = await rename(encryptPdf(await linesPdf(REPORT), ''));
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('Annual Report 2024.pdf');
    expect(isEncrypted(res.body)).toBe(false);
  });

  describe('refuses', () => {
    it('a damaged file, a file that needs a password, and a file that is not a PDF', async () => {
      const damaged = await rename(CORRUPT_PDF);
      expect(damaged.status).toBe(400);
      expect(damaged.json).toMatchObject({ type: '/errors/pdf-corrupted', errorCode: 'E001' });
      const locked = await rename(encryptPdf(await makePdf(1), 'user-secret'));
      expect(locked.status).toBe(400);
      expect(locked.json).toMatchObject({ type: '/errors/pdf-password', errorCode: 'E004' });
      const text = await rename(Buffer.from('Annual Report'), {}, 'notes.pdf');
      expect(text.status).toBe(400);
      expect(text.json).toMatchObject({ type: '/errors/invalid-file-type', detail: 'Please upload a PDF file.' });
    });

    it('a useFirstTextAsFallback that is no boolean', async () => {
      const res = await rename(REPORT, { useFirstTextAsFallback: 'sometimes' });
      expect(res.status).toBe(400);
    });
  });
});
