import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { rotateTool } from '@folio/registry';
import { makePdf } from './support/pdfs';
import { startTestServer, type TestServer } from './support/test-server';

/** A script as the web build leaves it: the file, and its Brotli and gzip copies beside it. */
const SCRIPT = Buffer.from(
  `export const cards = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ title: `Tool ${i}`, path: `/tools/edit/tool-${i}` })))};\n`,
);
const SCRIPT_PATH = 'assets/index-3f2a9c.js';
const MANIFEST = Buffer.from(
  JSON.stringify({ name: 'Folio: free PDF tools', short_name: 'Folio', icons: Array.from({ length: 40 }, (_, i) => ({ src: `/icon-${i}.png` })) }),
);
const UNCOMPRESSED_PATH = 'assets/small-9b1e.js';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent: still compressed when Content-Encoding says so. */
  body: Buffer;
}

describe('static files: the build’s Brotli and gzip copies, chosen by Accept-Encoding', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer();
    const web = server.config.webDir;
    const write = (path: string, content: Buffer) => {
      mkdirSync(dirname(join(web, path)), { recursive: true });
      writeFileSync(join(web, path), content);
    };
    write('index.html', Buffer.from('<!doctype html><div id="root"></div>'));
    write(SCRIPT_PATH, SCRIPT);
    write(`${SCRIPT_PATH}.br`, brotliCompressSync(SCRIPT));
    write(`${SCRIPT_PATH}.gz`, gzipSync(SCRIPT));
    write('manifest.webmanifest', MANIFEST);
    write('manifest.webmanifest.br', brotliCompressSync(MANIFEST));
    write(UNCOMPRESSED_PATH, Buffer.from('export {};\n'));
    // Beside the web folder, not in it: a copy there must never be reachable.
    writeFileSync(join(web, '..', 'secret.js'), 'secret');
    writeFileSync(join(web, '..', 'secret.js.br'), brotliCompressSync(Buffer.from('secret')));
    // Node's own client: supertest and fetch would undo the compression before the test sees it.
    await server.app.listen(0, '127.0.0.1');
    port = (server.http.address() as AddressInfo).port;
  });
  afterAll(() => server?.close());

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<RawResponse>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('sends Brotli to a browser that takes it, whatever order the header lists codings in', async () => {
    const plain = await get(`/${SCRIPT_PATH}`);
    const res = await get(`/${SCRIPT_PATH}`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/\bAccept-Encoding\b/i);
    expect(res.headers['content-type']).toBe(plain.headers['content-type']);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.body).equals(SCRIPT)).toBe(true);
  });

  it('sends gzip to a client that takes gzip only, or ranks it above Brotli', async () => {
    for (const accept of ['gzip', 'gzip;q=1, br;q=0.5', 'br;q=0, *']) {
      const res = await get(`/${SCRIPT_PATH}`, { 'Accept-Encoding': accept });
      expect([accept, res.headers['content-encoding']]).toEqual([accept, 'gzip']);
      expect(res.headers['vary']).toMatch(/\bAccept-Encoding\b/i);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(gunzipSync(res.body).equals(SCRIPT)).toBe(true);
    }
  });

  it('sends the file itself to a client that takes no compression, still saying the answer varies', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
      { 'Accept-Encoding': 'deflate' },
    ]) {
      const res = await get(`/${SCRIPT_PATH}`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/\bAccept-Encoding\b/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.equals(SCRIPT)).toBe(true);
    }
  });

  it('answers a HEAD request with the headers of the compressed copy and no body', async () => {
    const res = await get(`/${SCRIPT_PATH}`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);
    expect(res.body.length).toBe(0);
  });

  it('answers a range request from the file itself, not a compressed copy', async () => {
    const res = await get(`/${SCRIPT_PATH}`, { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(res.status).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(SCRIPT.subarray(0, 10))).toBe(true);
  });

  it('keeps the content type and revalidation of files outside the hashed folders', async () => {
    const res = await get('/manifest.webmanifest', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).equals(MANIFEST)).toBe(true);
    // Only a gzip copy missing: the client taking gzip only gets the file itself.
    const gzipOnly = await get('/manifest.webmanifest', { 'Accept-Encoding': 'gzip' });
    expect(gzipOnly.headers['content-encoding']).toBeUndefined();
    expect(gzipOnly.body.equals(MANIFEST)).toBe(true);
  });

  it('leaves files the build did not compress as they are, with no Vary', async () => {
    const res = await get(`/${UNCOMPRESSED_PATH}`, { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toBeUndefined();
    expect(res.body.toString()).toBe('export {};\n');
  });

  it('never reaches a compressed copy outside the web folder', async () => {
    for (const path of ['/..%2fsecret.js', '/assets/..%2f..%2fsecret.js', '/%2e%2e/secret.js']) {
      const res = await get(path, { 'Accept-Encoding': 'br' });
      expect([path, res.headers['content-encoding']]).toEqual([path, undefined]);
      expect(res.body.toString()).not.toContain('secret');
    }
  });

  it('never compresses an API answer: a tool’s PDF comes as it is, to a client taking Brotli and gzip', async () => {
    const res = await request(server.http)
      .post(rotateTool.endpoint)
      .set('Accept-Encoding', 'br, gzip')
      .field('angle', '90')
      .attach('fileInput', await makePdf(2), { filename: 'in.pdf', contentType: 'application/pdf' })
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
