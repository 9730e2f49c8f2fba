import { existsSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { loadConfig, type ServerConfig } from '../src/config';
import { PostgresContactStore } from '../src/contact/postgres-contact-store';
import { startPostgresServer, type PostgresServer } from './support/postgres-server';
import { startTestServer, type TestServer } from './support/test-server';

jest.setTimeout(60_000);

const valid = { name: 'Asha', email: 'asha@example.com', subject: 'Hello', message: 'Merge works great.', acceptedTerms: true };

/** Limits high enough that no test reaches them. */
const ROOMY: Partial<ServerConfig> = { contactMaxPerAddress: 1000, contactMaxPerHour: 1000 };

interface Row {
  id: number;
  received_at: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

describe('contact messages in PostgreSQL (FOLIO_DATABASE_URL)', () => {
  let pg: PostgresServer;
  const servers: TestServer[] = [];
  const start = async () => {
    const server = await startTestServer({ ...ROOMY, databaseUrl: pg.url });
    servers.push(server);
    return server;
  };
  const post = (server: TestServer, body: object = valid) => request(server.http).post('/api/v1/contact').send(body);
  // Read with psql, not with the store: what is really in the database.
  const stored = () => pg.rows<Row>('SELECT id, received_at, name, email, subject, message FROM contact_messages ORDER BY id');

  beforeAll(async () => (pg = await startPostgresServer()));
  afterAll(() => pg?.stop());
  // Each test starts from a database without the table, so each one also has it created.
  beforeEach(() => pg.psql('DROP TABLE IF EXISTS contact_messages'));
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await pg.resume(); // after a test that failed while it was halted
  });

  it('stores a posted message in PostgreSQL with the SQLite store’s fields, and nothing in the data folder', async () => {
    const server = await start();
    const tricky = { ...valid, name: "O'Brien", subject: "'); DROP TABLE contact_messages; --", message: 'Line 1\nLine 2 "quoted" \\ ünïcödé 📄' };
    const res = await post(server, tricky);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', message: 'Message sent successfully!' });

    const rows = await stored();
    expect(rows).toEqual([
      { id: expect.any(Number), received_at: expect.any(String), name: "O'Brien", email: 'asha@example.com', subject: tricky.subject, message: tricky.message },
    ]);
    expect(Math.abs(Date.parse(rows[0].received_at) - Date.now())).toBeLessThan(60_000);
    const columns = await pg.rows<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'contact_messages' ORDER BY ordinal_position",
    );
    expect(columns.map((column) => column.column_name)).toEqual(['id', 'received_at', 'name', 'email', 'subject', 'message']);
    expect(existsSync(join(server.config.dataDir, 'contact-messages.sqlite'))).toBe(false);
  });

  it('stores a NUL character, which PostgreSQL text cannot hold, as U+FFFD rather than failing', async () => {
    const server = await start();
    expect((await post(server, { ...valid, message: 'before\u0000after' })).status).toBe(200);
    expect((await stored()).map((row) => row.message)).toEqual(['before\uFFFDafter']);
  });

  it('lets two replicas, started together on a database without the table, store each other’s messages side by side', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const posts = Array.from({ length: 20 }, (_, i) => post(i % 2 === 0 ? a : b, { ...valid, subject: `${i % 2 === 0 ? 'A' : 'B'} ${i}` }));
    expect((await Promise.all(posts)).map((res) => res.status)).toEqual(Array(20).fill(200));

    const rows = await stored();
    expect(new Set(rows.map((row) => row.subject))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => `${i % 2 === 0 ? 'A' : 'B'} ${i}`)));
    expect(new Set(rows.map((row) => row.id)).size).toBe(20);
  });

  it('creates the table once when eight replicas’ stores start at once: none fails on the race', async () => {
    // Without a lock, CREATE TABLE IF NOT EXISTS run concurrently fails in all but one session.
    const stores = Array.from({ length: 8 }, () => PostgresContactStore.open(pg.url));
    try {
      const ids = await Promise.all(stores.map((store, i) => store.save({ name: 'Replica', email: 'r@example.com', subject: `Replica ${i}`, message: 'Hi' })));
      expect(new Set(ids).size).toBe(8);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
    expect((await stored()).map((row) => row.subject).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `Replica ${i}`));
  });

  it('answers 503 in the contact form’s JSON while PostgreSQL is down, stays up, and stores again once it is back', async () => {
    const server = await start();
    expect((await post(server, { ...valid, subject: 'Before' })).status).toBe(200);

    await pg.halt();
    for (const attempt of [1, 2]) {
      const res = await post(server, { ...valid, subject: `During ${attempt}` });
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ result: 'error', status: 503, message: expect.stringMatching(/try again/), error: expect.any(String) });
    }
    expect((await request(server.http).get('/api/v1/site-config')).status).toBe(200);

    await pg.resume();
    const after = await post(server, { ...valid, subject: 'After' });
    expect(after.status).toBe(200);
    expect((await stored()).map((row) => row.subject)).toEqual(['Before', 'After']);
  });

  it('starts while PostgreSQL is down, and creates the table and stores once it is up', async () => {
    await pg.halt();
    const server = await start();
    expect((await post(server)).status).toBe(503);

    await pg.resume();
    expect((await post(server)).status).toBe(200);
    expect(await stored()).toHaveLength(1);
  });

  it('answers 503 within seconds, not a hang, when the database’s address takes connections but never answers', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const server = await startTestServer({ ...ROOMY, databaseUrl: `postgres://folio@127.0.0.1:${port}/folio` });
      servers.push(server);
      const started = Date.now();
      const res = await post(server);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ result: 'error', status: 503 });
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });

  it('closes its connections when the server shuts down', async () => {
    const server = await start();
    await Promise.all(Array.from({ length: 5 }, () => post(server)));
    const connections = () => pg.rows<{ count: number }>("SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = 'folio'");
    expect((await connections())[0].count).toBeGreaterThan(0);

    await servers.splice(servers.indexOf(server), 1)[0].close();
    // A backend ends a moment after its client hangs up.
    const end = Date.now() + 5_000;
    while ((await connections())[0].count > 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await connections())[0].count).toBe(0);
  });
});

describe('FOLIO_DATABASE_URL', () => {
  const saved = process.env.FOLIO_DATABASE_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.FOLIO_DATABASE_URL;
    else process.env.FOLIO_DATABASE_URL = saved;
  });
  const load = (value: string) => {
    process.env.FOLIO_DATABASE_URL = value;
    return loadConfig();
  };

  it('takes postgres:// and postgresql:// URLs, and means SQLite when unset or empty', () => {
    expect(load('postgres://folio:secret@db.example:5432/folio').databaseUrl).toBe('postgres://folio:secret@db.example:5432/folio');
    expect(load('postgresql://db.example/folio').databaseUrl).toBe('postgresql://db.example/folio');
    expect(load('').databaseUrl).toBeUndefined();
  });

  it.each(['mysql://folio:pw-4711@db.example/folio', 'folio:pw-4711@db.example:5432', 'https://folio:pw-4711@db.example/'])(
    'refuses %s, without repeating it (it may hold a password)',
    (value) => {
      expect(() => load(value)).toThrow(/FOLIO_DATABASE_URL must be a PostgreSQL URL/);
      expect(() => load(value)).not.toThrow(/pw-4711/);
    },
  );
});
