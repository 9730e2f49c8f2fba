import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { held, holdTool } from './fixtures/processors-hold/hold/hold.processor';
import { postTool } from './support/http';
import { makePdf } from './support/pdfs';
import { leftoversAfterCleanup, settle, startTestServer, type TestServer } from './support/test-server';

const HOLD_PROCESSORS = join(__dirname, 'fixtures', 'processors-hold');

const until = async (condition: () => boolean, timeoutMs = 5000) => {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('back-pressure, time limits and disconnects', () => {
  let server: TestServer;
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await makePdf(1);
  });
  afterEach(async () => {
    held.releaseAll();
    await settle();
    if (server) {
      await until(() => server.leftovers().length === 0);
      await server.close();
    }
    held.reset();
  });

  const start = (overrides: Parameters<typeof startTestServer>[0]) =>
    startTestServer(overrides, { tools: [holdTool], processorsDir: HOLD_PROCESSORS }).then((s) => (server = s));
  const send = () => postTool(server, holdTool.endpoint, [{ name: 'a.pdf', content: pdf }]);

  it('answers 429 with Retry-After when every slot and queue place is taken', async () => {
    await start({ maxConcurrentJobs: 1, maxQueuedJobs: 0 });
    const first = send();
    await until(() => held.started === 1);
    const second = await send();
    expect(second.status).toBe(429);
    expect(second.headers['retry-after']).toMatch(/^\d+$/);
    expect(second.json).toMatchObject({ status: 429, error: 'The server is busy right now; please try again in a few seconds.' });
    held.releaseAll();
    expect((await first).status).toBe(200);
  });

  it('queues within the limit and runs the job when a slot frees up', async () => {
    await start({ maxConcurrentJobs: 1, maxQueuedJobs: 1 });
    const first = send();
    await until(() => held.started === 1);
    const second = send();
    await new Promise((r) => setTimeout(r, 100));
    expect(held.started).toBe(1);
    held.releaseAll();
    await until(() => held.started === 2);
    held.releaseAll();
    expect([(await first).status, (await second).status]).toEqual([200, 200]);
  });

  it('counts time spent queued against the job time limit', async () => {
    await start({ maxConcurrentJobs: 1, maxQueuedJobs: 1, engineTimeoutMs: 300 });
    const first = send();
    await until(() => held.started === 1);
    const second = await send();
    expect(second.status).toBe(500);
    expect(second.json.error).toBe('Job timed out after 300 ms');
    held.releaseAll();
    await first;
  });

  it('stops the job and removes the workspace when the client goes away mid-processing', async () => {
    await start({});
    const { port } = (server.http.listening ? server.http : server.http.listen(0)).address() as AddressInfo;
    const boundary = 'folio-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileInput"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const req = httpRequest({
      port,
      method: 'POST',
      path: holdTool.endpoint,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length },
    });
    req.on('error', () => undefined);
    req.end(body);
    await until(() => held.started === 1);
    expect(server.leftovers()).toHaveLength(1);
    req.destroy();
    await until(() => held.aborted === 1);
    await until(() => server.leftovers().length === 0);
  });

  it('discards a half-sent upload', async () => {
    await start({});
    const { port } = (server.http.listening ? server.http : server.http.listen(0)).address() as AddressInfo;
    const boundary = 'folio-boundary';
    const req = httpRequest({
      port,
      method: 'POST',
      path: holdTool.endpoint,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': 10_000_000 },
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="fileInput"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    req.write(Buffer.alloc(200_000, 65));
    await until(() => server.leftovers().length === 1);
    req.destroy();
    await until(() => server.leftovers().length === 0);
    expect(held.started).toBe(0);
  });
});

describe('limits', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ maxUploadBytes: 50_000, maxRequestBytes: 120_000, maxFiles: 3 })));
  afterAll(() => server.close());
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });

  it('refuses a request over the request limit from its Content-Length, naming the limit', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(45_000, 32)]);
    const res = await postTool(
      server,
      '/api/v1/general/merge-pdfs',
      [1, 2, 3].map((i) => ({ name: `${i}.pdf`, content: big })),
    );
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(res.json).toMatchObject({ status: 413, error: 'One request may carry at most 0.1 MB of files.' });
  });

  it('refuses a file over the file limit, naming the limit', async () => {
    const res = await postTool(server, '/api/v1/general/rotate-pdf', [
      { name: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(60_000, 32)]) },
    ]);
    expect(res.status).toBe(413);
    expect(res.json.error).toBe('Each file may be at most 0 MB.'); // 50,000 bytes, rounded to a tenth of a MB
  });

  it('refuses more files than allowed', async () => {
    const pdf = await makePdf(1);
    const res = await postTool(
      server,
      '/api/v1/general/merge-pdfs',
      [1, 2, 3, 4].map((i) => ({ name: `${i}.pdf`, content: pdf })),
    );
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('At most 3 files can be sent at once.');
  });

  it('never uses the upload name as a path, and encodes it safely in the download name', async () => {
    const res = await postTool(server, '/api/v1/general/rotate-pdf', [{ name: '../../etc/pass"wd\r\nX-Evil: 1.pdf', content: await makePdf(1) }]);
    expect(res.status).toBe(200);
    expect(res.headers['x-evil']).toBeUndefined();
    // The multipart parser keeps only the last path segment; quotes and CR/LF are percent-encoded.
    expect(res.headers['content-disposition']).toBe('form-data; name="attachment"; filename="pass%22wd%0D%0AX-Evil%3A%201_rotated.pdf"');
  });

  it('refuses a PDF without pages', async () => {
    const empty = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const res = await postTool(server, '/api/v1/general/rotate-pdf', [{ name: 'none.pdf', content: empty }]);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ errorCode: 'E005', error: 'The PDF "none.pdf" has no pages.' });
  });

  it('sends the security headers on every response', async () => {
    for (const path of ['/', '/api/v1/info/status', '/api/v1/missing']) {
      const res = await request(server.http).get(path);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain("'unsafe-eval'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('caches hashed and versioned files for a year, and has the browser revalidate the rest of the web folder', async () => {
    const files = { 'assets/index-3f2a9c.js': 'x', 'pdfjs/5.6.205/cmaps/Adobe-Japan1-0.bcmap': 'x', 'auto-split-divider.pdf': '%PDF-' };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(server.config.webDir, path)), { recursive: true });
      writeFileSync(join(server.config.webDir, path), content);
    }
    const cacheControl = async (path: string) => (await request(server.http).get(`/${path}`).expect(200)).headers['cache-control'];
    expect(await cacheControl('assets/index-3f2a9c.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheControl('pdfjs/5.6.205/cmaps/Adobe-Japan1-0.bcmap')).toBe('public, max-age=31536000, immutable');
    expect(await cacheControl('auto-split-divider.pdf')).toBe('no-cache');
  });
});
