import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { repairTool } from '@folio/registry';
import { DAMAGED_PDFS } from '../../../test/corpus/damaged-pdfs';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, outlineTitles, pageTexts, withTempDir } from '../../../test/support/pdfs';
import {
  brokenLengthsPdf,
  brokenOffsetsPdf,
  brokenStreamPdf,
  cutBeforeCatalog,
  cutShort,
  hopelessPdf,
  junkBeforeHeaderPdf,
  missingXrefPdf,
  REPAIRABLE_TEXTS,
  repairablePdf,
  truncatedPdf,
  zeroedStream,
  zeroedXrefOffsets,
} from '../../../test/support/repairable-pdfs';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { useTestServer } from '../../../test/support/test-server';

// Engines run on a machine shared with other jobs: seconds a request when it is busy.
jest.setTimeout(60_000);

const PASSWORD_TEXT = 'The PDF Document is passworded and either the password was not provided or was incorrect';

/** Runs a reader on the PDF: its exit code and everything it printed. */
function read(pdf: Buffer, command: string, args: (file: string) => string[]): { status: number | null; output: string } {
  return withTempDir((dir) => {
    const file = join(dir, 'x.pdf');
    writeFileSync(file, pdf);
    const run = spawnSync(command, args(file), { encoding: 'latin1' });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  });
}

/** `qpdf --check`: 0 when the structure and every page's content decode cleanly (2 errors, 3 warnings). */
const qpdfCheck = (pdf: Buffer) => read(pdf, 'qpdf', (f) => ['--check', f]);

/** Poppler's page count, or undefined when pdfinfo cannot open the file. */
function popplerPages(pdf: Buffer): number | undefined {
  const { status, output } = read(pdf, 'pdfinfo', (f) => [f]);
  return status === 0 ? Number(/^Pages:\s+(\d+)/m.exec(output)?.[1]) : undefined;
}

/** Characters of text Poppler reads in the whole file, white space left out. */
const textCharacters = (pdf: Buffer) => pageTexts(pdf).join('').replace(/\s+/g, '').length;

/** A manual Debian ships under /usr/share/doc (scripts/install-system-deps.sh installs its package), gunzipped where it is shipped so. */
function debianPdf(path: string): Buffer {
  const shipped = readFileSync(path);
  return path.endsWith('.gz') ? gunzipSync(shipped) : shipped;
}

/** Ghostscript 9.27's 24-page xfig how-to (xfig-doc): catalog and page tree two thirds in, fonts after them. */
const XFIG_HOWTO = '/usr/share/doc/xfig/xfig-howto.pdf';

/** What each page of the LibreOffice report says. */
const REPORT_PAGES = [
  'Harbour ledger: arrivals in spring',
  'Harbour ledger: arrivals in summer',
  'Harbour ledger: arrivals in autumn',
  'Harbour ledger: arrivals in winter',
];

describe('Repair PDF (/api/v1/misc/repair)', () => {
  const server = useTestServer();
  const repair = (content: Buffer, name = 'ledger.pdf') => postTool(server, repairTool.endpoint, [{ name, content }]);

  it('starts from an intact fixture that every reader opens cleanly', () => {
    const pdf = repairablePdf();
    expect(qpdfCheck(pdf).status).toBe(0);
    expect(popplerPages(pdf)).toBe(3);
    expect(pageTexts(pdf)).toEqual(REPAIRABLE_TEXTS.map((text) => expect.stringContaining(text)));
  });

  // Each fixture is damaged as its name says (qpdf complains of it), and the repaired file passes qpdf --check with every page and its text.
  describe.each([
    ['cross-reference offsets that point past their objects', brokenOffsetsPdf, /expected n n obj/],
    ['no cross-reference table or trailer at all', missingXrefPdf, /unable to find trailer/],
    ['stream lengths that overrun their data', brokenLengthsPdf, /expected endstream/],
  ])('a file with %s', (_, build, complaint) => {
    it('is damaged to begin with', () => {
      const check = qpdfCheck(build());
      expect(check.status).not.toBe(0);
      expect(check.output).toMatch(complaint);
    });

    it('comes back whole: a clean file with all three pages, their text, and <name>_repaired.pdf', async () => {
      const res = await repair(build());
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.fileName).toBe('ledger_repaired.pdf');
      expect(qpdfCheck(res.body)).toMatchObject({ status: 0 });
      expect(popplerPages(res.body)).toBe(3);
      expect(pageTexts(res.body)).toEqual(REPAIRABLE_TEXTS.map((text) => expect.stringContaining(text)));
    });
  });

  it('moves the header of a file with 600 bytes of junk before it back to the first byte, offsets and all', async () => {
    const damaged = junkBeforeHeaderPdf();
    expect(damaged.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
    const res = await repair(damaged);
    expect(res.status).toBe(200);
    expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(qpdfCheck(res.body).status).toBe(0);
    expect(pageTexts(res.body)).toEqual(REPAIRABLE_TEXTS.map((text) => expect.stringContaining(text)));
  });

  it('keeps what qpdf rebuilds as it was: bookmarks and their pages stay', async () => {
    const res = await repair(brokenOffsetsPdf());
    expect(outlineTitles(res.body)).toEqual([
      { title: 'North', page: 1 },
      { title: 'South', page: 2 },
      { title: 'West', page: 3 },
    ]);
  });

  it('repairs a truncated file qpdf cannot open (the runner lets it through): the pages before the cut keep their text', async () => {
    const damaged = truncatedPdf();
    expect(read(damaged, 'qpdf', (f) => ['--show-npages', f])).toMatchObject({ status: 2, output: expect.stringMatching(/unable to find trailer/) });

    const res = await repair(damaged);
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('ledger_repaired.pdf');
    expect(qpdfCheck(res.body).status).toBe(0);
    expect(popplerPages(res.body)).toBe(3);
    const texts = pageTexts(res.body);
    expect(texts[0]).toContain(REPAIRABLE_TEXTS[0]);
    expect(texts[1]).toContain(REPAIRABLE_TEXTS[1]);
    expect(texts[2]).not.toContain(REPAIRABLE_TEXTS[2]);
  });

  it('redraws a page whose content no longer decodes, keeping the other pages and their text', async () => {
    const damaged = brokenStreamPdf();
    // qpdf opens it; its check finds the stream that does not decode.
    expect(qpdfCheck(damaged)).toMatchObject({ status: 2, output: expect.stringMatching(/page 2: content stream .* errors while decoding/) });

    const res = await repair(damaged);
    expect(res.status).toBe(200);
    expect(qpdfCheck(res.body)).toMatchObject({ status: 0 });
    expect(popplerPages(res.body)).toBe(3);
    const texts = pageTexts(res.body);
    expect(texts[0]).toContain(REPAIRABLE_TEXTS[0]);
    expect(texts[2]).toContain(REPAIRABLE_TEXTS[2]);
  });

  it('leaves an intact file as it was, pages, text and bookmarks', async () => {
    const res = await repair(repairablePdf(), 'fine.pdf');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('fine_repaired.pdf');
    expect(qpdfCheck(res.body).status).toBe(0);
    expect(pageTexts(res.body)).toEqual(REPAIRABLE_TEXTS.map((text) => expect.stringContaining(text)));
    expect(outlineTitles(res.body).map((o) => o.title)).toEqual(['North', 'South', 'West']);
  });

  it('answers an owner-password file unencrypted', async () => {
    const res = await repair(encryptPdf(await makePdf(2, { label: 'locked' }), ''));
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    expect(pageTexts(res.body)).toEqual(['locked page 1', 'locked page 2']);
  });

  // The robustness corpus's damage (truncations, broken xref and object streams, bad encryption dictionaries, loops):
  // each file comes back as one qpdf checks clean, or is refused with a 4xx, never a 5xx or a blank page.
  it.each(DAMAGED_PDFS.map((d) => [d.name, d] as const))('answers the corpus file "%s" with a clean file or a 4xx', async (_, damaged) => {
    const res = await repair(await damaged.build(), 'corpus.pdf');
    if (res.status === 200) {
      expect(qpdfCheck(res.body).status).not.toBe(2);
      expect(popplerPages(res.body)).toBeGreaterThan(0);
    } else {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.json?.detail).toBe('string');
    }
  });

  it('says an intact file had nothing to repair', async () => {
    const res = await repair(repairablePdf(), 'fine.pdf');
    expect(res.headers).toMatchObject({ 'x-repair-outcome': 'intact', 'x-repair-method': 'qpdf', 'x-repair-pages': '3', 'x-repair-original-pages': '3' });
    expect(Number(res.headers['x-repair-text-characters'])).toBe(textCharacters(res.body));
    expect(res.headers['x-repair-attempts']).toBeUndefined();
  });

  // Damage done to files other programs wrote: every recovery is tried, the one keeping the most pages and text answers, and says so.
  describe('files other programs wrote', () => {
    let report: Buffer;
    beforeAll(async () => {
      report = await officeFixture(flatOdt(REPORT_PAGES), '.fodt', 'writer_pdf_Export', '.pdf');
    });

    it('starts from a LibreOffice report that readers open cleanly', () => {
      expect(popplerPages(report)).toBe(4);
      expect(pageTexts(report)).toEqual(REPORT_PAGES);
    });

    it('rebuilds the page tree of a LibreOffice report cut short before its catalog, which no engine can open: every page and its text', async () => {
      const damaged = cutBeforeCatalog(report);
      expect(popplerPages(damaged)).toBeUndefined();
      const res = await repair(damaged, 'report.pdf');
      expect(res.status).toBe(200);
      expect(res.fileName).toBe('report_repaired.pdf');
      expect(qpdfCheck(res.body).status).toBe(0);
      expect(popplerPages(res.body)).toBe(4);
      expect(pageTexts(res.body)).toEqual(REPORT_PAGES);
      expect(res.headers).toMatchObject({ 'x-repair-outcome': 'repaired', 'x-repair-method': 'page-salvage', 'x-repair-pages': '4' });
      expect(Number(res.headers['x-repair-text-characters'])).toBe(textCharacters(res.body));
      expect(res.headers['x-repair-attempts']).toMatch(
        /^qpdf: nothing; MuPDF: nothing; Ghostscript: nothing; Poppler: nothing; page tree rebuilt: 4 pages, \d+ characters$/,
      );
    });

    it('reads a LibreOffice report whose cross-reference offsets are all zero, saying what each recovery found', async () => {
      const res = await repair(zeroedXrefOffsets(report), 'report.pdf');
      expect(res.status).toBe(200);
      expect(qpdfCheck(res.body).status).toBe(0);
      expect(pageTexts(res.body)).toEqual(REPORT_PAGES);
      expect(res.headers).toMatchObject({ 'x-repair-outcome': 'repaired', 'x-repair-pages': '4' });
      expect(Number(res.headers['x-repair-text-characters'])).toBe(textCharacters(report));
      expect(res.headers['x-repair-attempts']).toMatch(/^qpdf: .+; MuPDF: .+; Ghostscript: .+; Poppler: .+$/);
    });

    it("keeps the other pages of a LibreOffice report whose second page's content is zeroed, and their text", async () => {
      const damaged = zeroedStream(report, 1);
      expect(pageTexts(damaged)[1]).toBe('');
      const res = await repair(damaged, 'report.pdf');
      expect(res.status).toBe(200);
      expect(qpdfCheck(res.body).status).toBe(0);
      expect(popplerPages(res.body)).toBe(4);
      expect(pageTexts(res.body)).toEqual([REPORT_PAGES[0], '', REPORT_PAGES[2], REPORT_PAGES[3]]);
      expect(res.headers).toMatchObject({ 'x-repair-outcome': 'repaired', 'x-repair-pages': '4', 'x-repair-original-pages': '4' });
    });

    it('recovers the text of a Debian manual cut 10% short, which Ghostscript alone redraws without its fonts', async () => {
      const original = debianPdf(XFIG_HOWTO);
      const res = await repair(cutShort(original, 0.9), 'xfig-howto.pdf');
      expect(res.status).toBe(200);
      expect(qpdfCheck(res.body).status).toBe(0);
      expect(popplerPages(res.body)).toBe(popplerPages(original));
      expect(textCharacters(res.body)).toBeGreaterThan(0.95 * textCharacters(original));
      expect(pageTexts(res.body)[0]).toContain('Using XFig');
      expect(res.headers['x-repair-pages']).toBe(String(popplerPages(original)));
      expect(res.headers['x-repair-attempts']).toMatch(/Ghostscript: 24 pages, \d+ characters/);
    });

    it('says a Debian manual cut in half, before its first page object, is beyond repair: no page to recover', async () => {
      const res = await repair(cutShort(debianPdf(XFIG_HOWTO), 0.5), 'xfig-howto.pdf');
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ type: '/errors/pdf-beyond-repair', title: 'PDF Beyond Repair' });
      expect(res.json.detail).toMatch(/^Nothing could be recovered from "xfig-howto.pdf"/);
      expect(res.json.detail).not.toMatch(/Repair PDF/);
    });
  });

  describe('refuses', () => {
    it.each([
      ['bytes that only start like a PDF', CORRUPT_PDF],
      ['a file with no object in it', hopelessPdf()],
    ])('%s as beyond repair, saying so rather than pointing to Repair PDF itself', async (_, content) => {
      const res = await repair(content);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ type: '/errors/pdf-beyond-repair', errorCode: 'E001' });
      expect(res.json.detail).toMatch(/^Nothing could be recovered from "ledger.pdf": qpdf, MuPDF, Ghostscript and Poppler each tried/);
      expect(res.json.detail).not.toMatch(/Repair PDF/);
    });

    it('a file that needs a user password', async () => {
      const res = await repair(encryptPdf(await makePdf(1), 'user-secret'));
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ type: '/errors/pdf-password', errorCode: 'E004', detail: PASSWORD_TEXT });
    });

    it('a file that is not a PDF, and no file', async () => {
      const wrong = await postTool(server, repairTool.endpoint, [{ name: 'notes.pdf', content: Buffer.from('plain text, no header') }]);
      expect(wrong.status).toBe(400);
      expect(wrong.json).toMatchObject({ type: '/errors/invalid-file-type', detail: 'Please upload a PDF file.' });
      const none = await postTool(server, repairTool.endpoint, []);
      expect(none.status).toBe(400);
      expect(none.json.detail).toBe('Please upload a PDF file.');
    });
  });
});
