import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUNNER_TEXTS } from '../../generators/src/qa-cases';
import { CORRUPT_PDF, makePdf, pageCount, pageRotations, pageTexts } from '../../server/test/support/pdfs';
import { scanPdf } from '../../server/test/support/scan-pdfs';
import { runCli } from './cli';
import { runBuiltCli, startBuiltCli } from './test-support/built-cli';
import { useListeningServer } from './test-support/cli-server';
import { memoryIo } from './test-support/memory-io';

jest.setTimeout(180_000);

/** Pages of a PDF file by pdfinfo (Poppler), a reader independent of the CLI and the server's engines. */
function pdfinfoPages(path: string): number {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
}

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('folio against a real server', () => {
  const running = useListeningServer();
  let dir: string;
  const env = () => ({ FOLIO_SERVER: running.baseUrl });
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'folio-cli-http-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const write = async (name: string, pages: number, label = name) => writeFileSync(join(dir, name), await makePdf(pages, { label }));

  /** The CLI in-process, in the test's folder, talking to the test server. */
  async function cli(args: string[], stdin?: Buffer) {
    const run = memoryIo(dir, { env: env(), stdin });
    const code = await runCli(args, run.io);
    return { code, stdout: run.stdout(), stderr: run.stderr() };
  }

  it('rotate (the built bin): writes <name>_rotated.pdf in the current folder, every page turned', async () => {
    await write('report.pdf', 3);
    const result = await runBuiltCli(['rotate', 'report.pdf', '--angle', '270'], { cwd: dir, env: env() });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.toString()).toBe('report_rotated.pdf\n');
    expect(await pageRotations(readFileSync(join(dir, 'report_rotated.pdf')))).toEqual([270, 270, 270]);
  });

  it('rotate several files (a quoted glob): one request and one result per file; --together: the API’s ZIP, unpacked', async () => {
    await write('a.pdf', 1);
    await write('b.pdf', 2);
    const each = await cli(['rotate', '*.pdf', '--angle=180', '-o', 'each/']);
    expect(each.code).toBe(0);
    expect(each.stdout.toString()).toBe('each/a_rotated.pdf\neach/b_rotated.pdf\n');
    expect(await pageRotations(readFileSync(join(dir, 'each/b_rotated.pdf')))).toEqual([180, 180]);

    const together = await cli(['rotate', 'a.pdf', 'b.pdf', '--together', '--unzip']);
    expect(together).toMatchObject({ code: 0, stderr: '' });
    expect(together.stdout.toString()).toBe('a_rotated\n');
    expect(readdirSync(join(dir, 'a_rotated')).sort()).toEqual(['a_rotated.pdf', 'b_rotated.pdf']);
  });

  it('merge: all files in one request, in the order given; -o names the file', async () => {
    await write('one.pdf', 2, 'one');
    await write('two.pdf', 3, 'two');
    const result = await cli(['merge', 'two.pdf', 'one.pdf', '-o', 'merged.pdf']);
    expect(result.code).toBe(0);
    const merged = readFileSync(join(dir, 'merged.pdf'));
    expect(pageCount(merged)).toBe(5);
    expect(pageTexts(merged).map((text) => text.split(' ')[0])).toEqual(['two', 'two', 'two', 'one', 'one']);
  });

  it('split --unzip: the ZIP unpacked into a folder, one PDF per part', async () => {
    await write('book.pdf', 6);
    const result = await cli(['split', 'book.pdf', '--page-numbers', '1,3', '--unzip']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.toString()).toBe('book_split\n');
    const parts = readdirSync(join(dir, 'book_split')).sort();
    expect(parts).toHaveLength(3);
    expect(parts.map((part) => pageCount(readFileSync(join(dir, 'book_split', part))))).toEqual([1, 2, 3]);
  });

  it('compress (long-running: an async job): a file no larger than the upload', async () => {
    await write('big.pdf', 8);
    const result = await cli(['compress', 'big.pdf', '--optimize-level', '3']);
    expect(result.code).toBe(0);
    expect(result.stdout.toString()).toBe('big_Optimized.pdf\n');
    expect(statSync(join(dir, 'big_Optimized.pdf')).size).toBeLessThanOrEqual(statSync(join(dir, 'big.pdf')).size);
    expect(pdfinfoPages(join(dir, 'big_Optimized.pdf'))).toBe(8);
  });

  it('a refused input: exit 1, the server’s problem detail on stderr, nothing written', async () => {
    writeFileSync(join(dir, 'broken.pdf'), CORRUPT_PDF);
    const result = await cli(['rotate', 'broken.pdf']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`folio rotate: ${RUNNER_TEXTS.pdfCorrupted}\n`);
    expect(readdirSync(dir)).toEqual(['broken.pdf']);
  });

  it('a failed job: exit 1 with its problem (a damaged PDF sent to Compress, checked once queued)', async () => {
    writeFileSync(join(dir, 'broken.pdf'), CORRUPT_PDF);
    const result = await cli(['compress', 'broken.pdf', '--progress']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/compress broken\.pdf: queued\n/);
    expect(result.stderr).toContain(`folio compress: ${RUNNER_TEXTS.pdfCorrupted}\n`);
    expect(readdirSync(dir)).toEqual(['broken.pdf']);
  });

  it('one refused file of several: the others are still written, and the run exits 1', async () => {
    await write('good.pdf', 1);
    writeFileSync(join(dir, 'bad.pdf'), CORRUPT_PDF);
    const result = await cli(['rotate', 'bad.pdf', 'good.pdf']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`folio rotate: bad.pdf: ${RUNNER_TEXTS.pdfCorrupted}\n`);
    expect(result.stdout.toString()).toBe('good_rotated.pdf\n');
  });

  it('nothing to return (204): said on stderr, exit 0, no file', async () => {
    await write('plain.pdf', 1);
    const result = await cli(['pdf-to-csv', 'plain.pdf', '--quiet']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('pdf-to-csv plain.pdf: nothing to return (no table on the chosen pages); no file written.\n');
    expect(readdirSync(dir)).toEqual(['plain.pdf']);
  });

  it('an answer the declaration says holds nothing worth keeping (no images to extract): said on stderr, exit 0, no file', async () => {
    await write('text-only.pdf', 1);
    const result = await cli(['extract-images', 'text-only.pdf', '--quiet']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('extract-images text-only.pdf: No images found in this PDF.; no file written.\n');
    expect(readdirSync(dir)).toEqual(['text-only.pdf']);
  });

  it('an unreachable server (the built bin): exit 3, saying where it looked', async () => {
    await write('a.pdf', 1);
    const address = `http://127.0.0.1:${await closedPort()}`;
    const result = await runBuiltCli(['rotate', 'a.pdf', '--server', address], { cwd: dir });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`Cannot reach the Folio server at ${address} (connection refused)`);
  });

  it('a usage error (the built bin): exit 2, with close matches, before anything is sent', async () => {
    await write('a.pdf', 1);
    const result = await runBuiltCli(['rotate', 'a.pdf', '--angel', '90'], { cwd: dir, env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("folio rotate: Unknown option --angel for rotate. Did you mean --angle? Run 'folio rotate --help' for its options.\n");
    const tool = await runBuiltCli(['rotat', 'a.pdf'], { cwd: dir, env: env() });
    expect(tool.code).toBe(2);
  });

  it('pipes (the built bin): - reads stdin, -o - writes stdout, so one command feeds the next', async () => {
    const first = await runBuiltCli(['rotate', '-', '-o', '-', '--angle', '90'], { cwd: dir, env: env(), stdin: await makePdf(2, { label: 'piped' }) });
    expect(first).toMatchObject({ code: 0, stderr: '' });
    const second = await runBuiltCli(['add-page-numbers', '-', '-o', '-', '--stdin-name', 'rotated.pdf', '--custom-text', 'No {n}'], {
      cwd: dir,
      env: env(),
      stdin: first.stdout,
    });
    expect(second).toMatchObject({ code: 0, stderr: '' });
    expect(await pageRotations(second.stdout)).toEqual([90, 90]);
    expect(pageTexts(second.stdout).map((text) => /No \d/.exec(text)?.[0])).toEqual(['No 1', 'No 2']);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('Ctrl-C during an async job (the built bin, with progress): the job is cancelled on the server, exit 130', async () => {
    writeFileSync(join(dir, 'scan.pdf'), await scanPdf(40));
    const cli = startBuiltCli(['ocr-cleanup', 'scan.pdf', '--languages', 'eng', '--ocr-type', 'force-ocr', '--progress'], { cwd: dir, env: env() });
    // The job runs: its stage and fraction are on stderr.
    await cli.stderrMatching(/ocr-cleanup scan\.pdf: \d+% /);
    expect(cli.stderr()).toMatch(/ocr-cleanup scan\.pdf: uploading 100%\nocr-cleanup scan\.pdf: queued/);
    cli.child.kill('SIGINT');
    const result = await cli.exited;
    expect(result.code).toBe(130);
    const jobId = /Cancelled job ([\w-]+)\./.exec(result.stderr)?.[1];
    expect(jobId).toBeDefined();
    const status = await fetch(`${running.baseUrl}/api/v1/general/job/${jobId}`);
    if (status.status === 200) expect(await status.json()).toMatchObject({ state: 'cancelled' });
    else expect(status.status).toBe(404);
    expect(existsSync(join(dir, 'scan.pdf'))).toBe(true);
    expect(readdirSync(dir)).toEqual(['scan.pdf']);
    // Collect the cancelled job's answer, so that its record goes now rather than at expiry.
    await (await fetch(`${running.baseUrl}/api/v1/general/job/${jobId}/result`)).arrayBuffer();
  });

  it('pipeline (the built bin): rotate → add page numbers → compress from a definition file, checked with pdfinfo and pdftotext', async () => {
    await write('report.pdf', 3, 'report');
    const definition = {
      name: 'Rotate, number, compress',
      pipeline: [
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
        { operation: '/api/v1/misc/add-page-numbers', parameters: { customText: 'Page {n} of {total}' } },
        { operation: '/api/v1/misc/compress-pdf', parameters: { optimizeLevel: 2 } },
      ],
    };
    writeFileSync(join(dir, 'steps.json'), JSON.stringify(definition));
    const result = await runBuiltCli(['pipeline', 'steps.json', 'report.pdf', '-o', 'out/'], { cwd: dir, env: env() });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const written = result.stdout.toString().trim();
    expect(written).toMatch(/^out\/.+\.pdf$/);
    const path = join(dir, written);
    expect(pdfinfoPages(path)).toBe(3);
    const texts = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
    expect(texts.map((text) => /Page \d of \d/.exec(text)?.[0])).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
    expect(await pageRotations(readFileSync(path))).toEqual([90, 90, 90]);
  });

  it('pipeline: a step its tool refuses is exit 1 with the step named, before anything is sent', async () => {
    await write('report.pdf', 1);
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ name: 'Bad', pipeline: [{ operation: '/api/v1/general/rotate-pdf', parameters: { angle: 45 } }] }));
    const result = await cli(['pipeline', 'bad.json', 'report.pdf']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Step 1 (/api/v1/general/rotate-pdf), angle: Angle must be a multiple of 90');
  });
});
