import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePdf } from '../../../test/support/pdfs';
import { PdfCorruptedError } from '../pdf-errors';
import { encrypt, PasswordNotEncodableError, type EncryptionPermissions } from './qpdf-encryption';
import { splitIntoRanges } from './qpdf-pages';
import { parseQpdfJson } from './qpdf-process';
import { listStreams } from './qpdf-streams';

describe('parseQpdfJson', () => {
  it('reads numbers spelled the PDF way, and leaves strings alone', () => {
    expect(parseQpdfJson('{"box": [0, 612., .5, -.002, +3], "s": "4. and .5 \\" 7.", "n": -0.5}')).toEqual({
      box: [0, 612, 0.5, -0.002, 3],
      s: '4. and .5 " 7.',
      n: -0.5,
    });
  });

  it('reports text that is not JSON at all as a damaged PDF', () => {
    expect(() => parseQpdfJson('{"a": [1, }')).toThrow(PdfCorruptedError);
  });
});

describe('qpdf engine', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'folio-qpdf-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const engine = () => ({ deadline: Date.now() + 60_000, timeLimitMs: 60_000, folder: dir });
  const pagesOf = (path: string) => Number(execFileSync('qpdf', ['--show-npages', path]).toString().trim());

  it('lists the streams of a file whose dictionaries hold numbers like "612."', async () => {
    const content = 'q .5 0 0 .5 -.002 4. cm Q';
    const pdf = Buffer.from(
      [
        '%PDF-1.7',
        '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
        '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612. 792] /UserUnit .5 /Contents 4 0 R >> endobj',
        `4 0 obj << /Length ${content.length} /Scale 4. >> stream\n${content}\nendstream endobj`,
        'trailer << /Root 1 0 R >>',
        '%%EOF',
      ].join('\n'),
    );
    const path = join(dir, 'numbers.pdf');
    writeFileSync(path, pdf);
    const streams = await listStreams(path, engine());
    expect(streams.map((stream) => stream.dict['/Scale'])).toEqual([4]);
  });

  it('cuts a document into ranges, ranges of one length in one pass, in order', async () => {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, await makePdf(12));
    const ranges: [number, number][] = [
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 5],
      [6, 8],
      [9, 11],
    ];
    const folder = join(dir, 'parts');
    execFileSync('mkdir', [folder]);
    const parts = await splitIntoRanges(input, ranges, folder, engine());
    expect(parts.map(pagesOf)).toEqual([1, 1, 1, 3, 3, 3]);
    const firstText = (path: string) => execFileSync('pdftotext', ['-l', '1', path, '-']).toString().trim();
    expect(parts.map(firstText)).toEqual(['doc page 1', 'doc page 2', 'doc page 3', 'doc page 4', 'doc page 7', 'doc page 10']);
  });

  const everything: EncryptionPermissions = {
    print: 'full',
    modifyOther: true,
    annotate: true,
    fillForms: true,
    assemble: true,
    extract: true,
    accessibility: true,
  };

  it('encrypts from a job file that is gone afterwards, whether qpdf succeeded or not', async () => {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, await makePdf(1));
    const jobFile = join(dir, 'job.json');
    await encrypt(input, join(dir, 'out.pdf'), { userPassword: '-u', ownerPassword: 'o', cipher: 'aes-256', allow: everything }, jobFile, engine());
    expect(existsSync(jobFile)).toBe(false);
    expect(execFileSync('qpdf', ['--show-encryption', '--password=-u', join(dir, 'out.pdf')]).toString()).toMatch(/Supplied password is user password/);

    await expect(
      encrypt(input, join(dir, 'out2.pdf'), { userPassword: 'пароль', ownerPassword: 'o', cipher: 'aes-128', allow: everything }, jobFile, engine()),
    ).rejects.toThrow(PasswordNotEncodableError);
    expect(existsSync(jobFile)).toBe(false);
  });

  it('refuses to ask 40-bit RC4 for a restriction revision 2 has no bit for', async () => {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, await makePdf(1));
    const settings = { userPassword: 'u', ownerPassword: 'o', cipher: 'rc4-40' as const, allow: { ...everything, assemble: false } };
    await expect(encrypt(input, join(dir, 'out.pdf'), settings, join(dir, 'job.json'), engine())).rejects.toThrow(/rc4-40 carries only/);
  });
});
