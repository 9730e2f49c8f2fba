import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerConfig } from '../src/config';
import { held, holdTool } from './fixtures/processors-hold/hold/hold.processor';
import { getFrom, postFrom, type AddressedResponse } from './support/addressed-client';
import { makePdf, pageTexts } from './support/pdfs';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { until } from './support/until';

jest.setTimeout(120_000);

const HOLD_PROCESSORS = join(__dirname, 'fixtures', 'processors-hold');
/** Two clients, told apart by the loopback address they connect from (no proxy is trusted). */
const ALICE = '127.0.0.2';
const BOB = '127.0.0.3';

describe.each([
  ['embedded', false],
  ['on Redis', true],
])('fair shares of the job slots (%s)', (_name, onRedis) => {
  let redis: RedisServer | undefined;
  let shared: string | undefined;
  let server: TestServer | undefined;
  let baseUrl = '';
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await makePdf(1, { label: 'fair' });
    if (onRedis) {
      redis = await startRedisServer();
      shared = mkdtempSync(join(tmpdir(), 'folio-shared-'));
    }
  });
  afterAll(async () => {
    await redis?.stop();
    if (shared) rmSync(shared, { recursive: true, force: true });
  });
  afterEach(async () => {
    held.releaseAll();
    if (server) {
      expect(await leftoversAfterCleanup(server, 10_000)).toEqual([]);
      await server.close();
      server = undefined;
    }
    held.reset();
  });

  const start = async (overrides: Partial<ServerConfig>) => {
    const cluster = onRedis ? { redisUrl: redis!.url, sharedDir: shared!, jobLockMs: 30_000 } : {};
    server = await startTestServer({ ...overrides, ...cluster }, { tools: [holdTool], processorsDir: HOLD_PROCESSORS });
    await server.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}`;
  };
  const send = (from: string, label: string, query = '') => postFrom(from, `${baseUrl}${holdTool.endpoint}${query}`, [{ name: `${label}.pdf`, content: pdf }]);
  const sendJob = async (from: string, label: string) => {
    const res = await send(from, label, '?async=true');
    expect(res.status).toBe(200);
    return res.json.jobId as string;
  };
  const status = async (id: string) => (await getFrom(ALICE, `${baseUrl}/api/v1/general/job/${id}`)).json as { state: string; queuePosition: number | null };

  it("refuses an address's job past its share with a 429 that says so, and another address's job starts at once and completes", async () => {
    await start({ maxConcurrentJobs: 3, maxQueuedJobs: 10, maxJobsPerAddress: 2 });
    const alice = [send(ALICE, 'alice-1'), send(ALICE, 'alice-2')];
    await until(() => held.started === 2, 10_000);

    const refused = await send(ALICE, 'alice-3');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json).toMatchObject({
      status: 429,
      type: '/errors/too-many-requests',
      detail: expect.stringMatching(/You already have 2 jobs running or waiting/),
    });
    const refusedAsync = await send(ALICE, 'alice-4', '?async=true');
    expect(refusedAsync.status).toBe(429);

    const started = Date.now();
    const bob = send(BOB, 'bob-1');
    await until(() => held.started === 3, 10_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    held.releaseAll();
    const answers: AddressedResponse[] = await Promise.all([...alice, bob]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(pageTexts(answers[2].body)).toEqual(['fair page 1']);
  });

  it("serves waiting addresses in turn: one address's queued jobs do not hold back another's", async () => {
    await start({ maxConcurrentJobs: 1, maxQueuedJobs: 10, maxJobsPerAddress: 5 });
    const alice = [await sendJob(ALICE, 'alice-1')];
    await until(() => held.started === 1, 10_000);
    for (const n of [2, 3, 4]) alice.push(await sendJob(ALICE, `alice-${n}`));
    const bob = await sendJob(BOB, 'bob-1');
    await until(async () => (await status(bob)).state === 'queued');
    expect((await status(bob)).queuePosition).toBe(1);

    // One slot: each time a job holds it, the one running is the one served; then it is let go.
    const jobs = new Map([...alice.map((id, i) => [`alice-${i + 1}`, id] as const), ['bob-1', bob] as const]);
    const order: string[] = [];
    while (order.length < jobs.size) {
      await until(() => held.waiters.length > 0, 10_000);
      const states = await Promise.all([...jobs].map(async ([name, id]) => ({ name, state: (await status(id)).state })));
      const running = states.filter((s) => s.state === 'running').map((s) => s.name);
      expect(running).toHaveLength(1);
      order.push(running[0]);
      held.waiters.shift()!();
      await until(async () => (await status(jobs.get(running[0])!)).state === 'done', 10_000);
    }
    expect(order).toEqual(['alice-1', 'bob-1', 'alice-2', 'alice-3', 'alice-4']);
    for (const id of [...alice, bob]) {
      await until(async () => (await status(id)).state === 'done', 10_000);
      expect((await getFrom(ALICE, `${baseUrl}/api/v1/general/job/${id}/result`)).status).toBe(200);
    }
  });
});
