import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filterFileSizeTool, pipelineTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, makePdf, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/** A 64 × 48 photo-like gradient written by ImageMagick as PNG. */
function imageMagickPng(): Buffer {
  return withTempDir((dir) => {
    execFileSync('convert', ['-size', '64x48', 'gradient:red-blue', join(dir, 'photo.png')]);
    return readFileSync(join(dir, 'photo.png'));
  });
}

/** What qpdf says opening a PDF without a password: its page count, or why it cannot. */
const qpdfOpens = (pdf: Buffer) =>
  withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    try {
      return execFileSync('qpdf', ['--show-npages', join(dir, 'x.pdf')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    } catch (error) {
      return String((error as { stderr?: string }).stderr);
    }
  });

describe('Filter by File Size (/api/v1/filter/filter-file-size)', () => {
  const server = useTestServer();
  const filter = (upload: Upload, fields: Record<string, string | number>) => postTool(server, filterFileSizeTool.endpoint, [upload], fields);

  it('passes a file of any type whose size compares as asked: its bytes, as bytes, under its own name', async () => {
    const png = imageMagickPng();
    const upload = { name: 'holiday photo.png', content: png, contentType: 'image/png' };
    for (const [comparator, fileSize] of [
      ['Greater', png.length - 1],
      ['Equal', png.length],
      ['Less', png.length + 1],
    ] as const) {
      const res = await filter(upload, { comparator, fileSize });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.fileName).toBe('holiday photo.png');
      expect(res.body.equals(png)).toBe(true);
    }
  });

  it('answers 204 with no body when the size does not compare as asked', async () => {
    const png = imageMagickPng();
    for (const [comparator, fileSize] of [
      ['Greater', png.length],
      ['Equal', png.length + 1],
      ['Less', png.length],
    ] as const) {
      const res = await filter({ name: 'photo.png', content: png, contentType: 'image/png' }, { comparator, fileSize });
      expect(res.status).toBe(204);
      expect(res.body.length).toBe(0);
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it('never opens the file: a PDF locked with a user password and a damaged one pass as they are', async () => {
    const locked = encryptPdf(await makePdf(1), 'secret');
    expect(qpdfOpens(locked)).toMatch(/invalid password/);
    const passed = await filter({ name: 'locked.pdf', content: locked }, { comparator: 'Greater', fileSize: 100 });
    expect(passed.status).toBe(200);
    expect(passed.body.equals(locked)).toBe(true);
    const damaged = await filter({ name: 'damaged.pdf', content: CORRUPT_PDF }, { comparator: 'Less', fileSize: 1000 });
    expect(damaged.status).toBe(200);
    expect(damaged.body.equals(CORRUPT_PDF)).toBe(true);
  });

  it('takes 0 bytes when fileSize is left out, as the reference does', async () => {
    expect((await filter({ name: 'a.txt', content: Buffer.from('hello'), contentType: 'text/plain' }, { comparator: 'Greater' })).status).toBe(200);
  });

  it('refuses a size that is not a whole number of bytes, a missing comparator and an empty file', async () => {
    const upload = { name: 'a.txt', content: Buffer.from('hello'), contentType: 'text/plain' };
    const notNumber = await filter(upload, { comparator: 'Less', fileSize: '2MB' });
    expect(notNumber.status).toBe(400);
    expect(notNumber.json.detail).toBe('File size must be a whole number of bytes, 0 or more.');
    const noComparator = await filter(upload, { fileSize: 3 });
    expect(noComparator.status).toBe(400);
    expect(noComparator.json.detail).toBe('Please choose a comparison: Greater, Equal or Less.');
    const empty = await filter({ ...upload, content: Buffer.alloc(0) }, { comparator: 'Less', fileSize: 3 });
    expect(empty.status).toBe(400);
  });

  it('as a pipeline step, keeps only the files large enough', async () => {
    const big = await makePdf(30, { label: 'Big' });
    const small = await makePdf(1, { label: 'Small' });
    const res = await postTool(
      server,
      pipelineTool.endpoint,
      [
        { name: 'big.pdf', content: big },
        { name: 'small.pdf', content: small },
      ],
      {
        json: JSON.stringify({
          name: 'Large only',
          pipeline: [{ operation: filterFileSizeTool.endpoint, parameters: { comparator: 'Greater', fileSize: small.length } }],
        }),
      },
    );
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('big.pdf');
    expect(res.body.equals(big)).toBe(true);
  });
});
