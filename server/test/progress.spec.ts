import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipelineTool } from '@folio/registry';
import type { ServerConfig } from '../src/config';
import { held, holdTool } from './fixtures/processors-hold/hold/hold.processor';
import { getFrom, postFrom } from './support/addressed-client';
import { encryptPdf, makePdf, pageRotations } from './support/pdfs';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { until } from './support/until';

jest.setTimeout(120_000);

const HOLD_PROCESSORS = join(__dirname, 'fixtures', 'processors-hold');
const CLIENT = '127.0.0.2';
const progressIdOf = (n: number) => `0b7e8a52-4c1e-4c59-9a43-5d2f3a4b6c${String(n).padStart(2, '0')}`;

/**
 * `?progressId` and `GET /api/v1/progress/{id}` are read from the job the
 * request became, so they work wherever the job runs: in this process, or on
 * a worker of a Redis queue (where the progress used to answer "waiting"
 * forever, as only the in-process path recorded it).
 */
describe.each([
  ['embedded', false],
  ['on Redis', true],
])('progress of a synchronous request, read from its job (%s)', (_name, onRedis) => {
  let redis: RedisServer | undefined;
  let shared: string | undefined;
  let server: TestServer | undefined;
  let baseUrl = '';

  beforeAll(async () => {
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

  const start = async (overrides: Partial<ServerConfig> = {}, processorsDir?: string) => {
    const cluster = onRedis ? { redisUrl: redis!.url, sharedDir: shared!, jobLockMs: 30_000 } : {};
    server = await startTestServer({ ...overrides, ...cluster }, processorsDir ? { tools: [holdTool], processorsDir } : {});
    await server.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}`;
  };
  const progress = async (id: string) =>
    (await getFrom(CLIENT, `${baseUrl}/api/v1/progress/${id}`)).json as { state: string; stages: unknown[]; current?: { fraction: number; stage: string } };
  /**
   * The record once the job has ended. On Redis the worker writes the job's last state as the answer
   * goes out, so a read right after the answer may come a moment before it.
   */
  const finalProgress = async (id: string) => {
    await until(async () => ['done', 'failed'].includes((await progress(id)).state), 5_000);
    return progress(id);
  };

  it('answers "running" with the measure while the job runs, "done" once it has answered, and "waiting" for an id no job has', async () => {
    await start({}, HOLD_PROCESSORS);
    const id = progressIdOf(1);
    expect(await progress(id)).toEqual({ state: 'waiting', stages: [] });
    const answer = postFrom(CLIENT, `${baseUrl}${holdTool.endpoint}?progressId=${id}`, [{ name: 'a.pdf', content: await makePdf(1) }]);
    await until(() => held.started === 1, 10_000);
    await until(async () => (await progress(id)).current !== undefined, 10_000);
    expect(await progress(id)).toEqual({ state: 'running', stages: [], current: { fraction: 0, stage: 'processing' } });
    held.releaseAll();
    expect((await answer).status).toBe(200);
    expect(await finalProgress(id)).toEqual({ state: 'done', stages: [], current: { fraction: 0, stage: 'processing' } });
    expect(await progress(progressIdOf(2))).toEqual({ state: 'waiting', stages: [] });
  });

  it("reports a pipeline's steps and files, as done or failed, after its answer", async () => {
    await start({ maxJobsPerAddress: 10 });
    const definition = {
      name: 'Two steps',
      pipeline: [
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
        { operation: '/api/v1/general/merge-pdfs', parameters: {} },
      ],
    };
    const send = (id: string, files: { name: string; content: Buffer }[]) =>
      postFrom(CLIENT, `${baseUrl}${pipelineTool.endpoint}?progressId=${id}`, files, { json: JSON.stringify(definition) });

    const done = await send(progressIdOf(3), [
      { name: 'a.pdf', content: await makePdf(1) },
      { name: 'b.pdf', content: await makePdf(1) },
    ]);
    expect(done.status).toBe(200);
    expect(await pageRotations(done.body)).toEqual([90, 90]);
    expect(await finalProgress(progressIdOf(3))).toEqual({
      state: 'done',
      stages: [
        {
          title: 'Rotate PDF',
          items: [
            { name: 'a.pdf', state: 'done' },
            { name: 'b.pdf', state: 'done' },
          ],
        },
        { title: 'Merge PDFs', items: [{ name: 'a.pdf + b.pdf', state: 'done' }] },
      ],
      current: { fraction: 1, stage: 'step 2 of 2: Merge PDFs' },
    });

    const failed = await send(progressIdOf(4), [
      { name: 'ok.pdf', content: await makePdf(1) },
      { name: 'locked.pdf', content: encryptPdf(await makePdf(1), 'user-secret') },
    ]);
    expect(failed.status).toBe(400);
    const report = await finalProgress(progressIdOf(4));
    expect(report.state).toBe('failed');
    expect(report.stages).toEqual([
      {
        title: 'Rotate PDF',
        items: [
          { name: 'ok.pdf', state: 'done' },
          { name: 'locked.pdf', state: 'failed' },
        ],
      },
      { title: 'Merge PDFs', items: [] },
    ]);
  });
});
