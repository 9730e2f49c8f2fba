import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import request from 'supertest';
import { fileToPdfTool, htmlToPdfTool, rotateTool, splitTool } from '@folio/registry';
import { postTool } from './support/http';
import { makePdf } from './support/pdfs';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';

jest.setTimeout(180_000);

async function listening(server: TestServer): Promise<number> {
  if (!server.http.listening) await new Promise<void>((resolve) => server.http.listen(0, '127.0.0.1', resolve));
  return (server.http.address() as AddressInfo).port;
}

/** Resolves with how long the server took to close the connection, or 'open' after `waitMs`. */
function closedWithin(socket: Socket, waitMs: number): Promise<number | 'open'> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('open'), waitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

describe('slow clients are closed', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ headersTimeoutMs: 1_000, bodyStallMs: 1_000 })));
  afterAll(() => server.close());

  it('closes a connection that dribbles its headers', async () => {
    const socket = connect(await listening(server), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('POST /api/v1/general/rotate-pdf HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 300);
    const closed = await closedWithin(socket, 10_000);
    clearInterval(drip);
    expect(closed).not.toBe('open');
    expect(closed).toBeLessThan(5_000);
  });

  it('answers 408 and closes a connection that dribbles its body', async () => {
    const socket = connect(await listening(server), '127.0.0.1');
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(`POST ${rotateTool.endpoint} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n`);
    const drip = setInterval(() => socket.write('x'), 200);
    const closed = await closedWithin(socket, 15_000);
    clearInterval(drip);
    expect(closed).not.toBe('open');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });
});

describe('hardening of answers', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer({ engineTimeoutMs: 60_000, enginePageMs: 200, maxPages: 5_000 });
    dir = mkdtempSync(join(tmpdir(), 'folio-hardening-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });

  it('sends Permissions-Policy, and no HSTS without an HTTPS public address', async () => {
    const res = await request(server.http).get('/api/v1/info/status');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps control characters of upload names out of ZIP entry names', async () => {
    const pdf = await makePdf(1);
    const res = await postTool(server, rotateTool.endpoint, [
      { name: 'evil\r\nname.pdf', content: pdf },
      { name: 'other.pdf', content: pdf },
    ]);
    expect(res.status).toBe(200);
    const names = new AdmZip(res.body).getEntries().map((entry) => entry.entryName);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).not.toMatch(/[\r\n\u0000-\u001f]/);
  });

  it('splits every page of a long document in one pass and refuses one past the page limit', async () => {
    const ten = join(dir, 'ten.pdf');
    writeFileSync(ten, await makePdf(10));
    // qpdf repeats the ten pages into long documents in a moment.
    const long = join(dir, 'long.pdf');
    execFileSync('qpdf', ['--empty', '--pages', ...Array.from({ length: 500 }, () => ten), '--', long]);
    const tooLong = join(dir, 'too-long.pdf');
    execFileSync('qpdf', ['--empty', '--pages', long, ten, '--', tooLong]);

    const res = await postTool(server, splitTool.endpoint, [{ name: 'long.pdf', content: readFileSync(long) }], { pageNumbers: 'all' });
    expect(res.status).toBe(200);
    const entries = new AdmZip(res.body).getEntries();
    expect(entries).toHaveLength(5000);
    expect(entries[4999].entryName).toBe('long_5000.pdf');

    const refused = await postTool(server, splitTool.endpoint, [{ name: 'too-long.pdf', content: readFileSync(tooLong) }], { pageNumbers: 'all' });
    expect(refused.status).toBe(400);
    expect(refused.json.detail).toBe('This tool handles documents of up to 5000 pages; this one has 5010.');
  });

  it('stops an engine that runs far past what its work should take, well before the job limit', async () => {
    const started = Date.now();
    const res = await postTool(server, fileToPdfTool.endpoint, [
      { name: 'forever.ps', content: Buffer.from('%!PS\n{ } loop\n'), contentType: 'application/postscript' },
    ]);
    const took = Date.now() - started;
    expect(res.status).toBe(400);
    expect(res.json.type).toBe('/errors/document-too-complex');
    expect(took).toBeLessThan(40_000); // the job limit is 60 s
  });

  it('kills a page whose scripts never end; other conversions go on meanwhile', async () => {
    const spin = Buffer.from('<html><body><p>spinning</p><script>for (;;) {}</script></body></html>');
    const calm = Buffer.from('<html><body><p>calm document</p></body></html>');
    const started = Date.now();
    const spinning = [1, 2].map(() => postTool(server, htmlToPdfTool.endpoint, [{ name: 'spin.html', content: spin, contentType: 'text/html' }]));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ordinary = await postTool(server, htmlToPdfTool.endpoint, [{ name: 'calm.html', content: calm, contentType: 'text/html' }]);
    expect(ordinary.status).toBe(200);
    for (const res of await Promise.all(spinning)) {
      expect(res.status).toBe(400);
      expect(res.json.type).toBe('/errors/document-too-complex');
    }
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
