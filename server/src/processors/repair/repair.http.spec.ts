import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repairTool } from '@folio/registry';
import { DAMAGED_PDFS } from '../../../test/corpus/damaged-pdfs';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, outlineTitles, pageTexts, withTempDir } from '../../../test/support/pdfs';
import {
  brokenLengthsPdf,
  brokenOffsetsPdf,
  brokenStreamPdf,
  hopelessPdf,
  junkBeforeHeaderPdf,
  missingXrefPdf,
  REPAIRABLE_TEXTS,
  repairablePdf,
  truncatedPdf,
} from '../../../test/support/repairable-pdfs';
import { useTestServer } from '../../../test/support/test-server';

// Engines run on a machine shared with other jobs: seconds a request when it is busy.
jest.setTimeout(60_000);

const CORRUPT_TEXT =
  "PDF file appears to be corrupted or damaged. Please try using the 'Repair PDF' feature first to fix the file before proceeding with this operation.";
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

  describe('refuses', () => {
    it.each([
      ['bytes that only start like a PDF', CORRUPT_PDF],
      ['a file with no object in it', hopelessPdf()],
    ])('%s as beyond repair: 400 E001, not a blank page', async (_, content) => {
      const res = await repair(content);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ type: '/errors/pdf-corrupted', errorCode: 'E001', detail: CORRUPT_TEXT });
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
