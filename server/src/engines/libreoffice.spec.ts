import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeadlineExceededError } from './limiter';
import { descendantsOf } from '../../test/support/processes';
import { configureOffice, convertWithOffice, crashOfficeInstances, officeLoad, officeProcesses, OfficeDocumentError, stopOffice } from './libreoffice';

jest.setTimeout(120_000);

const within = (ms: number) => ({ deadline: Date.now() + ms, timeLimitMs: ms, folder: dir });
const textOf = (pdf: string) => execFileSync('pdftotext', [pdf, '-']).toString();
const pagesOf = (pdf: string) => Number(execFileSync('qpdf', ['--show-npages', pdf]).toString().trim());

let dir: string;
let counter = 0;
const pathFor = (ext: string) => join(dir, `file-${++counter}${ext}`);

/** A DOCX made by LibreOffice itself from plain text. */
async function makeDocx(text: string): Promise<string> {
  const txt = pathFor('.txt');
  writeFileSync(txt, text);
  const docx = pathFor('.docx');
  await convertWithOffice({ input: txt, output: docx, exportFilter: 'MS Word 2007 XML' }, within(60_000));
  return docx;
}

async function toPdf(input: string, ms = 60_000): Promise<string> {
  const output = pathFor('.pdf');
  await convertWithOffice({ input, output, exportFilter: 'writer_pdf_Export' }, within(ms));
  return output;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'libreoffice-spec-'));
  configureOffice({ instances: 2, recycleAfter: 200 });
});
afterAll(async () => {
  await stopOffice();
  rmSync(dir, { recursive: true, force: true });
});

describe('convertWithOffice', () => {
  it('converts a DOCX to PDF, much faster once warm (cold vs warm measured)', async () => {
    await stopOffice();
    const txt = pathFor('.txt');
    writeFileSync(txt, 'Cold start document\n');
    const coldStart = Date.now();
    await toPdf(txt);
    const cold = Date.now() - coldStart;

    const docx = await makeDocx('Warm pool document\nSecond paragraph');
    const warmStart = Date.now();
    const pdf = await toPdf(docx);
    const warm = Date.now() - warmStart;
    console.log(`[libreoffice] cold first conversion ${cold} ms, warm DOCX to PDF ${warm} ms`);

    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pagesOf(pdf)).toBe(1);
    expect(textOf(pdf)).toContain('Warm pool document');
    expect(warm).toBeLessThan(cold);
  });

  it('rejects a damaged document with OfficeDocumentError and keeps working', async () => {
    const broken = pathFor('.docx');
    writeFileSync(broken, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 7)]));
    await expect(toPdf(broken)).rejects.toBeInstanceOf(OfficeDocumentError);
    const pdf = await toPdf(await makeDocx('still fine'));
    expect(textOf(pdf)).toContain('still fine');
  });

  it('replaces an instance that crashed between jobs', async () => {
    await toPdf(await makeDocx('before the crash'));
    const before = officeProcesses();
    expect(before.length).toBeGreaterThan(0);
    crashOfficeInstances();
    await new Promise((r) => setTimeout(r, 300));
    const pdf = await toPdf(await makeDocx('after the crash'));
    expect(textOf(pdf)).toContain('after the crash');
    expect(officeProcesses().some((pid) => before.includes(pid))).toBe(false);
  });

  it('ends a hung job at its deadline, kills that instance, and the next job works', async () => {
    await stopOffice();
    configureOffice({ instances: 1 });
    try {
      const docx = await makeDocx('hang test');
      const [hung] = officeProcesses();
      // A stopped soffice never answers: exactly what a hang looks like from outside.
      for (const pid of [hung, ...descendantsOf(hung)]) process.kill(pid, 'SIGSTOP');
      const started = Date.now();
      await expect(toPdf(docx, 2_000)).rejects.toBeInstanceOf(DeadlineExceededError);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(1_900);
      expect(took).toBeLessThan(5_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(() => process.kill(hung, 0)).toThrow();

      const pdf = await toPdf(docx);
      expect(textOf(pdf)).toContain('hang test');
    } finally {
      await stopOffice();
      configureOffice({ instances: 2 });
    }
  });

  it('queues concurrent jobs on the pool: all finish, never more instances than configured', async () => {
    const docs = await Promise.all([1, 2, 3, 4, 5].map((n) => makeDocx(`concurrent document ${n}`)));
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, officeLoad().instances)), 20);
    const pdfs = await Promise.all(docs.map((docx) => toPdf(docx)));
    clearInterval(watch);
    pdfs.forEach((pdf, i) => expect(textOf(pdf)).toContain(`concurrent document ${i + 1}`));
    expect(most).toBeLessThanOrEqual(2);
  });

  it('recycles an instance after its quota of conversions', async () => {
    await stopOffice();
    configureOffice({ instances: 1, recycleAfter: 2 });
    try {
      const txt = pathFor('.txt');
      writeFileSync(txt, 'recycled');
      await toPdf(txt);
      const [first] = officeProcesses();
      await toPdf(txt);
      await new Promise((r) => setTimeout(r, 500));
      const pdf = await toPdf(txt);
      expect(textOf(pdf)).toContain('recycled');
      expect(officeProcesses()).not.toContain(first);
    } finally {
      await stopOffice();
      configureOffice({ instances: 2, recycleAfter: 200 });
    }
  });

  it('stops cleanly: no soffice left, profiles removed', async () => {
    await toPdf(await makeDocx('stop me'));
    const groups = officeProcesses();
    await stopOffice();
    for (const pid of groups) expect(() => process.kill(pid, 0)).toThrow();
    expect(existsSync(join(tmpdir(), `folio-office-${process.pid}`))).toBe(false);
  });
});
