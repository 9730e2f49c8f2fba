import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { tools, type AnyTool } from '@folio/registry';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { flatOdt, officeFixture } from './support/office-fixtures';
import { makePdf } from './support/pdfs';
import { commandOf, descendantsOf, enginesOwnedBy, strayJobEngines } from './support/processes';
import { validFields } from './support/valid-fields';

jest.setTimeout(900_000);

/** A multipart body of `fileInput` files and text fields, as clients send it. */
function multipart(files: { name: string; content: Buffer }[], fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = `folio-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="fileInput"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends a request and closes the connection `afterMs` after the upload was sent; resolves when closed. */
function sendAndLeave(server: BuiltServer, endpoint: string, upload: { body: Buffer; contentType: string }, afterMs: number): Promise<'left' | 'answered'> {
  return new Promise((resolve) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: endpoint,
      headers: { 'Content-Type': upload.contentType, 'Content-Length': upload.body.length },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      res.resume();
    });
    req.on('error', () => undefined);
    req.on('close', () => resolve(answered ? 'answered' : 'left'));
    req.end(upload.body, () => setTimeout(() => req.destroy(), afterMs));
  });
}

const toolById = (id: string): AnyTool => tools.find((tool) => tool.id === id)!;
const until = async (condition: () => boolean, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
  return condition();
};
/** The bar: 200 in a row (fewer for a quick look: DISCONNECTS=20). */
const DISCONNECTS = Number(process.env.DISCONNECTS ?? 200);

describe('clients that leave mid-job (built server)', () => {
  let server: BuiltServer;
  let jobs: { endpoint: string; upload: { body: Buffer; contentType: string } }[];

  beforeAll(async () => {
    // Every request comes from loopback, and a left job counts against it until its engines have exited.
    server = await startBuiltServer({ FOLIO_MAX_JOBS_PER_ADDRESS: '100' });
    const long = await makePdf(3000, { label: 'long' });
    const medium = await makePdf(1500, { label: 'medium' });
    const odt = await officeFixture(flatOdt(Array.from({ length: 40 }, (_, i) => `Office page ${i + 1}`)), '.fodt', 'writer8', '.odt');
    const html = `<html><body>${Array.from({ length: 400 }, (_, i) => `<h2>Section ${i}</h2><p>${'Text of a long page. '.repeat(40)}</p>`).join('')}</body></html>`;
    const job = (id: string, files: { name: string; content: Buffer }[], fields: Record<string, string> = {}) => ({
      endpoint: toolById(id).endpoint,
      upload: multipart(files, { ...validFields(toolById(id)), ...fields }),
    });
    jobs = [
      job('split', [{ name: 'long.pdf', content: long }], { pageNumbers: 'all' }),
      job('pdf-to-image', [{ name: 'medium.pdf', content: medium }], { imageFormat: 'png', singleOrMultiple: 'multiple', dpi: '72' }),
      job('merge', [
        { name: 'a.pdf', content: medium },
        { name: 'b.pdf', content: medium },
      ]),
      job('file-to-pdf', [{ name: 'doc.odt', content: odt }]),
      job('html-to-pdf', [{ name: 'page.html', content: Buffer.from(html) }]),
      job('pdf-to-word', [{ name: 'medium.pdf', content: medium }]),
      job('pdf-to-pdfa', [{ name: 'medium.pdf', content: medium }]),
      job('rotate', [{ name: 'long.pdf', content: long }], { angle: '90' }),
    ];
  });
  afterAll(() => server?.stop());

  it('survives 200 disconnects in a row across tools: no exit, no orphan, an empty work folder', async () => {
    const outcomes: string[] = [];
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < DISCONNECTS; i = next++) {
        const job = jobs[i % jobs.length];
        // Spread over the job: just after the upload, and well into the work.
        const afterMs = 20 + ((i * 137) % 1500);
        outcomes.push(await sendAndLeave(server, job.endpoint, job.upload, afterMs));
        expect(server.process.exitCode).toBeNull();
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(outcomes).toHaveLength(DISCONNECTS);
    expect(outcomes.filter((outcome) => outcome === 'left').length).toBeGreaterThan(DISCONNECTS * 0.75);

    // Still serving.
    expect(server.process.exitCode).toBeNull();
    expect((await fetch(`${server.baseUrl}/api/v1/info/status`)).ok).toBe(true);
    // Every job stopped and cleaned up after itself; only the warm pools remain.
    const emptied = await until(() => server.leftovers().length === 0, 60_000);
    if (!emptied) {
      const tree = descendantsOf(server.process.pid!).map((pid) => `${pid} ${commandOf(pid).slice(0, 160)}`);
      const contents = server.leftovers().map((entry) => `${entry}: ${readdirSync(join(server.workDir, entry)).join(', ')}`);
      console.error(`left behind:\n${contents.join('\n')}\nserver's processes:\n${tree.join('\n')}`);
    }
    expect(emptied).toBe(true);
    expect(await strayJobEngines(server.process.pid!, 30_000)).toEqual([]);
  });

  it('a server killed outright leaves no engine process behind', async () => {
    const pid = server.process.pid!;
    // Keep engines busy: office, browser, renderer, structural work.
    const inFlight = jobs.map((job) => sendAndLeave(server, job.endpoint, job.upload, 60_000));
    expect(await until(() => enginesOwnedBy(pid).length >= 4, 30_000)).toBe(true);
    server.process.kill('SIGKILL');
    await until(() => server.process.exitCode !== null || server.process.signalCode !== null, 10_000);
    await until(() => enginesOwnedBy(pid).length === 0, 15_000);
    expect(enginesOwnedBy(pid)).toEqual([]);
    await Promise.all(inFlight);
  });
});
