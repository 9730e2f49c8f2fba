import { spawn } from 'node:child_process';
import { closeSync, existsSync, fstatSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Database } from 'node-sqlite3-wasm';
import request from 'supertest';
import type { ServerConfig } from '../src/config';
import { ContactStore } from '../src/contact/contact-store';
import { ContactRateLimit, addressKey } from '../src/contact/contact-rate-limit';
import { startTestServer, type TestServer } from './support/test-server';

const valid = { name: 'Asha', email: 'asha@example.com', subject: 'Hello', message: 'Merge works great.', acceptedTerms: true };
const dbFile = (server: TestServer) => join(server.config.dataDir, 'contact-messages.sqlite');

/** Limits high enough that a describe block never reaches them by accident. */
const ROOMY: Partial<ServerConfig> = { contactMaxPerAddress: 1000, contactMaxPerHour: 1000 };

describe('contact form and site configuration', () => {
  let server: TestServer;
  beforeAll(
    async () =>
      (server = await startTestServer({
        contactEmail: 'help@example.org',
        governingLaw: 'the laws of Testland',
        maxUploadBytes: 3 * 1024 * 1024,
        maxRequestBytes: 7 * 1024 * 1024,
        maxFiles: 4,
      })),
  );
  afterAll(() => server.close());

  it('stores a valid message durably and answers success', async () => {
    const res = await request(server.http).post('/api/v1/contact').send(valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', message: 'Message sent successfully!' });

    const reopened = await ContactStore.open(dbFile(server));
    expect(reopened.list()).toEqual([expect.objectContaining({ name: 'Asha', email: 'asha@example.com', subject: 'Hello', message: 'Merge works great.' })]);
    reopened.close();
  });

  it.each([
    ['a blank name', { ...valid, name: ' ' }, 'Please fill all fields and accept the terms.'],
    ['unaccepted terms', { ...valid, acceptedTerms: false }, 'Please fill all fields and accept the terms.'],
    ['a malformed email', { ...valid, email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['a 201-character name', { ...valid, name: 'n'.repeat(201) }, 'Your name is too long.'],
    ['a 10,001-character message', { ...valid, message: 'm'.repeat(10_001) }, 'The message is too long (10,000 characters at most).'],
    ['an empty object', {}, 'Please fill all fields and accept the terms.'],
  ])('refuses %s', async (_label, body, message) => {
    const res = await request(server.http).post('/api/v1/contact').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', message });
  });

  it('serves the configured contact address, governing law and upload limits', async () => {
    const res = await request(server.http).get('/api/v1/site-config');
    expect(res.body).toEqual({
      contactEmail: 'help@example.org',
      governingLaw: 'the laws of Testland',
      maxUploadBytes: 3 * 1024 * 1024,
      maxRequestBytes: 7 * 1024 * 1024,
      maxFiles: 4,
    });
  });
});

describe('contact form: only our own page may post, and only JSON', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer(ROOMY)));
  afterAll(() => server.close());

  const post = () => request(server.http).post('/api/v1/contact');
  const formEncoded = 'name=Mallory&email=m%40evil.example&subject=Hi&message=Spam&acceptedTerms=true';
  const expectRefused = (res: request.Response, status: number) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toMatchObject({ result: 'error', status, message: expect.any(String) });
  };

  it('refuses a form posted from another site (403) and a form-encoded body from anywhere (415)', async () => {
    const before = await storedCount(server);
    expectRefused(await post().set('Origin', 'https://evil.example').type('form').send(formEncoded), 403);
    expectRefused(await post().set('Sec-Fetch-Site', 'cross-site').type('form').send(formEncoded), 403);
    expectRefused(await post().type('form').send(formEncoded), 415);
    // A text/plain form can carry a JSON-looking body without a preflight.
    expectRefused(await post().set('Content-Type', 'text/plain').send(JSON.stringify(valid)), 415);
    expect(await storedCount(server)).toBe(before);
  });

  it.each([
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['an opaque Origin (sandboxed frame)', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses JSON sent with %s (403)', async (_label, headers) => {
    const before = await storedCount(server);
    expectRefused(await post().set(headers).send(valid), 403);
    expect(await storedCount(server)).toBe(before);
  });

  it.each(['/api/v1/contact/', '/API/V1/Contact'])('guards %s too, which the router also sends to the form', async (path) => {
    const before = await storedCount(server);
    expectRefused(await request(server.http).post(path).set('Origin', 'https://evil.example').send(valid), 403);
    expectRefused(await request(server.http).post(path).type('form').send(formEncoded), 415);
    expect(await storedCount(server)).toBe(before);
  });

  it('accepts JSON from our own page, and from clients that send no Origin (curl, scripts)', async () => {
    const before = await storedCount(server);
    const ownPage = await post().set({ Host: 'folio.test:8080', Origin: 'http://folio.test:8080', 'Sec-Fetch-Site': 'same-origin' }).send(valid);
    expect(ownPage.status).toBe(200);
    expect(ownPage.body).toEqual({ result: 'success', message: 'Message sent successfully!' });
    expect((await post().send(valid)).status).toBe(200);
    expect(await storedCount(server)).toBe(before + 2);
  });

  it('answers 413 for a 200 KB body and for one just over 32 KB, 400 for malformed JSON, never 500', async () => {
    const before = await storedCount(server);
    const huge = JSON.stringify({ ...valid, message: 'x'.repeat(200 * 1024) });
    expectRefused(await post().set('Content-Type', 'application/json').send(huge), 413);
    const justOver = JSON.stringify({ ...valid, message: 'x'.repeat(32 * 1024) });
    expectRefused(await post().set('Content-Type', 'application/json').send(justOver), 413);
    expectRefused(await post().set('Content-Type', 'application/json').send('{"name": "Asha",'), 400);
    expectRefused(await post().set('Content-Type', 'application/json').send('"just a string"'), 400);
    expectRefused(await post().set({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).send('{}'), 415);
    expect(await storedCount(server)).toBe(before);
  });
});

describe('contact form behind a proxy with a public URL', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ ...ROOMY, publicUrl: 'https://folio.example/' })));
  afterAll(() => server.close());

  it('accepts posts from the public origin only', async () => {
    const post = () => request(server.http).post('/api/v1/contact');
    expect((await post().set('Origin', 'https://folio.example').send(valid)).status).toBe(200);
    expect((await post().set({ Host: 'localhost:8080', Origin: 'http://localhost:8080' }).send(valid)).status).toBe(403);
    expect((await post().set('Origin', 'http://folio.example').send(valid)).status).toBe(403);
  });
});

describe('contact form rate limits', () => {
  const servers: TestServer[] = [];
  const start = async (overrides: Partial<ServerConfig>) => {
    const server = await startTestServer(overrides);
    servers.push(server);
    return server;
  };
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  const expectTooMany = (res: request.Response, maxSeconds: number) => {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ result: 'error', status: 429, message: expect.any(String) });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  };

  it('refuses the N+1th message from one address with 429 and Retry-After', async () => {
    const server = await start({ contactMaxPerAddress: 3, contactAddressWindowMs: 10 * 60_000, contactMaxPerHour: 100 });
    for (let i = 0; i < 3; i++) expect((await request(server.http).post('/api/v1/contact').send(valid)).status).toBe(200);
    expectTooMany(await request(server.http).post('/api/v1/contact').send(valid), 600);
    expect(await storedCount(server)).toBe(3);
  });

  it('does not believe X-Forwarded-For unless FOLIO_TRUST_PROXY says so', async () => {
    const server = await start({ contactMaxPerAddress: 2, contactMaxPerHour: 100 });
    const from = (address: string) => request(server.http).post('/api/v1/contact').set('X-Forwarded-For', address).send(valid);
    expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.2')).status).toBe(200);
    expect((await from('203.0.113.3')).status).toBe(429);
  });

  it('counts each client address behind a trusted proxy, and refuses past the hourly total', async () => {
    const server = await start({ contactMaxPerAddress: 2, contactMaxPerHour: 4, trustProxy: 'loopback' });
    const from = (address: string) => request(server.http).post('/api/v1/contact').set('X-Forwarded-For', address).send(valid);
    expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.1')).status).toBe(200);
    expectTooMany(await from('203.0.113.1'), 600);
    expect((await from('203.0.113.2')).status).toBe(200);
    expect((await from('198.51.100.7')).status).toBe(200);
    expectTooMany(await from('198.51.100.8'), 3600);
    expect(await storedCount(server)).toBe(4);
  });

  it('frees slots as the window slides, and keeps memory bounded', () => {
    let now = 0;
    const limit = new ContactRateLimit({ maxPerAddress: 2, addressWindowMs: 60_000, maxPerHour: 1000, maxTrackedAddresses: 3 }, () => now);
    expect(limit.take('a')).toEqual({ allowed: true });
    now = 10_000;
    expect(limit.take('a')).toEqual({ allowed: true });
    expect(limit.take('a')).toMatchObject({ allowed: false, retryAfterSeconds: 50 });
    now = 60_000;
    expect(limit.take('a')).toEqual({ allowed: true });
    for (const address of ['b', 'c', 'd', 'e']) limit.take(address);
    expect(limit.trackedAddresses).toBeLessThanOrEqual(3);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('contact message store', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'folio-contact-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every one of 50 concurrent posts, writing the database in place', async () => {
    const server = await startTestServer(ROOMY);
    try {
      await request(server.http).post('/api/v1/contact').send(valid);
      // Held open across the posts: a database rewritten whole and renamed over
      // this one would leave this descriptor on an unlinked, outdated file.
      const original = openSync(dbFile(server), 'r');
      const posts = Array.from({ length: 50 }, (_, i) =>
        request(server.http)
          .post('/api/v1/contact')
          .send({ ...valid, subject: `Post ${i}` }),
      );
      try {
        expect((await Promise.all(posts)).map((res) => res.status)).toEqual(Array(50).fill(200));
        expect(fstatSync(original).nlink).toBe(1);
        expect(fstatSync(original).size).toBe(statSync(dbFile(server)).size);
      } finally {
        closeSync(original);
      }

      const reopened = await ContactStore.open(dbFile(server));
      const subjects = reopened.list().map((message) => message.subject);
      reopened.close();
      expect(subjects).toHaveLength(51);
      expect(new Set(subjects)).toEqual(new Set(['Hello', ...Array.from({ length: 50 }, (_, i) => `Post ${i}`)]));
    } finally {
      await server.close();
    }
  });

  it('opens after being killed while saving in a loop, with every message whose save had resolved', async () => {
    const file = join(dir, 'contact-messages.sqlite');
    for (let round = 0; round < 3; round++) {
      const acknowledged = (await runUntilKilled(SAVE_LOOP, file, (lines) => lines.length >= 40 + round * 17)).map(Number);
      const store = await ContactStore.open(file);
      const stored = new Set(store.list().map((message) => message.id));
      store.close();
      for (const id of acknowledged) expect(stored.has(id)).toBe(true);
    }
    expect(existsSync(`${file}.lock`)).toBe(false);
  }, 60_000);

  it('rolls back a write killed half-way, keeping every earlier message', async () => {
    const file = join(dir, 'contact-messages.sqlite');
    const printed = await runUntilKilled(HALF_WRITE, file, (lines) => lines.includes('mid-write'));
    const acknowledged = printed.filter((line) => line !== 'mid-write').map(Number);
    // Truly mid-write: the lock is held and the journal holds pages to put back.
    expect(existsSync(`${file}.lock`)).toBe(true);
    expect(statSync(`${file}-journal`).size).toBeGreaterThan(0);

    const store = await ContactStore.open(file);
    const stored = store.list();
    expect(stored.map((message) => message.id)).toEqual(acknowledged);
    expect(stored.every((message) => message.name === 'Kept')).toBe(true);
    expect(await store.save({ name: 'After', email: 'after@example.com', subject: 'After', message: 'Still writable.' })).toBeGreaterThan(5);
    store.close();
    const db = new Database(file);
    expect(db.get('PRAGMA integrity_check')).toEqual({ integrity_check: 'ok' });
    db.close();
  }, 30_000);
});

async function storedCount(server: TestServer): Promise<number> {
  if (!existsSync(dbFile(server))) return 0;
  const store = await ContactStore.open(dbFile(server));
  const count = store.list().length;
  store.close();
  return count;
}

const REPO_ROOT = resolve(__dirname, '../..');

// Child processes load the real ContactStore, compiled on the fly as jest does.
const LOAD_STORE = `
const fs = require('node:fs');
const ts = require('typescript');
require.extensions['.ts'] = (module, file) => module._compile(ts.transpileModule(fs.readFileSync(file, 'utf8'), {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
}).outputText, file);
const { ContactStore } = require(${JSON.stringify(join(REPO_ROOT, 'server/src/contact/contact-store.ts'))});
const file = process.argv[1];
`;

/** Saves messages in a loop, printing each id once its save has resolved. */
const SAVE_LOOP = `${LOAD_STORE}
(async () => {
  const store = await ContactStore.open(file);
  for (let i = 0; ; i++) {
    const id = await store.save({ name: 'Crash ' + i, email: 'crash@example.com', subject: 'Loop', message: 'x'.repeat(8000 + i) });
    process.stdout.write(id + '\\n');
  }
})();
`;

/**
 * Saves 5 messages (printing their ids), then opens a transaction that writes
 * far more than SQLite's page cache holds, so changed pages reach the database
 * file before any commit, prints "mid-write" and waits to be killed.
 */
const HALF_WRITE = `${LOAD_STORE}
const { Database } = require('node-sqlite3-wasm');
(async () => {
  const store = await ContactStore.open(file);
  for (let i = 0; i < 5; i++) process.stdout.write((await store.save({ name: 'Kept', email: 'kept@example.com', subject: 'Kept', message: 'Kept ' + i })) + '\\n');
  const db = new Database(file);
  db.exec('PRAGMA cache_size = 10; BEGIN');
  for (let i = 0; i < 200; i++) db.run("INSERT INTO contact_messages (received_at, name, email, subject, message) VALUES ('', 'Half', '', '', ?)", 'y'.repeat(20000));
  db.run("UPDATE contact_messages SET name = 'Overwritten'");
  process.stdout.write('mid-write\\n');
  setInterval(() => {}, 1000);
})();
`;

/** Runs `script` until `killWhen` says so, SIGKILLs it, and returns the lines it printed. */
function runUntilKilled(script: string, file: string, killWhen: (lines: string[]) => boolean): Promise<string[]> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['-e', script, file], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let pending = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      lines.push(...complete);
      if (killWhen(lines)) child.kill('SIGKILL');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolvePromise(lines);
      else reject(new Error(`the child stopped by itself: ${errors}`));
    });
  });
}
