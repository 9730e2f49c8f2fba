import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { jobEvents, jobResult, jobStatus, sendJob, sendTool, untilComplete, type SentFile } from './support/job-client';
import { makePdf, pageRotations, pageTexts } from './support/pdfs';
import { startPostgresServer, type PostgresServer } from './support/postgres-server';
import { enginesOwnedBy } from './support/processes';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { scanPdf } from './support/scan-pdfs';
import { until } from './support/until';

jest.setTimeout(600_000);

/** Most jobs waiting at once, on every API node: past it, 429. */
const QUEUE_BOUND = 40;

/**
 * The scaled-out deployment of docs/deploy.md, for real: Redis and PostgreSQL
 * from Debian, two API nodes and two workers of the built server sharing one
 * job folder. Jobs are sent to both API nodes; a worker is killed mid-job and
 * Redis restarted while they run.
 */
describe('a cluster: two API nodes, two workers, Redis, PostgreSQL, one shared folder', () => {
  let redis: RedisServer;
  let postgres: PostgresServer;
  let shared: string;
  let apis: BuiltServer[] = [];
  let workers: BuiltServer[] = [];
  /** Each node's metrics port (FOLIO_METRICS_PORT): metrics are served only there. */
  const metricsPorts = new Map<BuiltServer, number>();
  const startNode = async (role: 'api' | 'worker') => {
    const metricsPort = 20000 + Math.floor(Math.random() * 20000);
    const node = await startBuiltServer({
      FOLIO_ROLE: role,
      FOLIO_METRICS_PORT: String(metricsPort),
      FOLIO_REDIS_URL: redis.url,
      FOLIO_SHARED_DIR: shared,
      FOLIO_DATABASE_URL: postgres.url,
      FOLIO_MAX_QUEUED_JOBS: String(QUEUE_BOUND),
      FOLIO_MAX_CONCURRENT_JOBS: '2',
      // A killed worker's job is given to another after 4 s of silence, not 30.
      FOLIO_JOB_LOCK_MS: '4000',
      FOLIO_CONTACT_MAX_PER_ADDRESS: '100',
      // Every job of this spec comes from one address (loopback): its share is the whole queue.
      FOLIO_MAX_JOBS_PER_ADDRESS: '100',
    });
    metricsPorts.set(node, metricsPort);
    return node;
  };

  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
    shared = mkdtempSync(join(tmpdir(), 'folio-shared-'));
    apis = await Promise.all([startNode('api'), startNode('api')]);
    workers = await Promise.all([startNode('worker'), startNode('worker')]);
  });
  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((node) => node.stop()));
    await Promise.all([redis?.stop(), postgres?.stop()]);
    rmSync(shared, { recursive: true, force: true });
  });

  const sharedLeftovers = async (ms = 15_000) => {
    const end = Date.now() + ms;
    while (readdirSync(shared).length > 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 200));
    return readdirSync(shared);
  };

  it('runs 100 mixed jobs sent to both API nodes through a worker kill and a Redis restart: each ends in a correct result or a clear error', async () => {
    const alpha = await makePdf(3, { label: 'alpha' });
    const beta = await makePdf(2, { label: 'beta' });
    const scan = await scanPdf(2);
    const kinds: { endpoint: string; files: SentFile[]; fields: Record<string, string>; check(result: Buffer): Promise<void> }[] = [
      {
        endpoint: '/api/v1/general/rotate-pdf',
        files: [{ name: 'alpha.pdf', content: alpha }],
        fields: { angle: '90' },
        check: async (pdf) => {
          expect(await pageRotations(pdf)).toEqual([90, 90, 90]);
          expect(pageTexts(pdf)).toEqual(['alpha page 1', 'alpha page 2', 'alpha page 3']);
        },
      },
      {
        endpoint: '/api/v1/general/merge-pdfs',
        files: [
          { name: 'alpha.pdf', content: alpha },
          { name: 'beta.pdf', content: beta },
        ],
        fields: {},
        check: async (pdf) => expect(pageTexts(pdf)).toEqual(['alpha page 1', 'alpha page 2', 'alpha page 3', 'beta page 1', 'beta page 2']),
      },
      {
        endpoint: '/api/v1/general/remove-pages',
        files: [{ name: 'alpha.pdf', content: alpha }],
        fields: { pageNumbers: '2' },
        check: async (pdf) => expect(pageTexts(pdf)).toEqual(['alpha page 1', 'alpha page 3']),
      },
      {
        endpoint: '/api/v1/misc/ocr-pdf',
        files: [{ name: 'scan.pdf', content: scan }],
        fields: { languages: 'eng', ocrType: 'force-ocr' },
        check: async (pdf) =>
          expect(pageTexts(pdf).map((text) => text.replace(/\s+/g, ' '))).toEqual(
            [1, 2].map((n) => expect.stringMatching(new RegExp(`scanned page ${n}`, 'i'))),
          ),
      },
    ];

    type Outcome = { ok: true } | { ok: false; status: number; detail: string };
    const runOne = async (index: number): Promise<Outcome> => {
      const api = apis[index % 2];
      // OCR every tenth job: slow enough to be mid-way when a worker dies.
      const kind = index % 10 === 5 ? kinds[3] : kinds[index % 3];
      const failed = async (response: { status: number; text(): Promise<string> }): Promise<Outcome> => {
        const text = await response.text();
        const body = (text.startsWith('{') ? JSON.parse(text) : {}) as { detail?: string; error?: string };
        return { ok: false, status: response.status, detail: body.detail ?? body.error ?? text };
      };
      if (index % 3 === 0) {
        const response = await sendTool(api.baseUrl, kind.endpoint, kind.files, kind.fields);
        if (response.status !== 200) return failed(response);
        await kind.check(Buffer.from(await response.arrayBuffer()));
        return { ok: true };
      }
      const queued = await sendTool(api.baseUrl, kind.endpoint, kind.files, kind.fields, '?async=true');
      if (queued.status !== 200) return failed(queued);
      const { jobId } = (await queued.json()) as { jobId: string };
      // Status and result from the other API node: nothing about a job lives in one process.
      const other = apis[(index + 1) % 2];
      await untilComplete(other.baseUrl, jobId, 300_000);
      const result = await jobResult(other.baseUrl, jobId);
      if (result.status !== 200) return failed({ status: result.status, text: async () => result.body.toString() });
      await kind.check(result.body);
      return { ok: true };
    };

    const outcomes: Outcome[] = [];
    let next = 0;
    const faults = (async () => {
      // A worker dies (SIGKILL) while running an engine; later Redis restarts.
      while (outcomes.length < 15) await new Promise((resolve) => setTimeout(resolve, 100));
      while (enginesOwnedBy(workers[0].process.pid!).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      workers[0].process.kill('SIGKILL');
      while (outcomes.length < 50) await new Promise((resolve) => setTimeout(resolve, 100));
      await redis.restart(1_000);
    })();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 100) outcomes.push(await runOne(next++));
      }),
    );
    await faults;

    expect(outcomes).toHaveLength(100);
    const failures = outcomes.filter((o): o is Extract<Outcome, { ok: false }> => !o.ok);
    // A clear error: 503 (Redis away for a moment, or a job whose worker died twice), with a sentence saying so. Never 429 below the bound.
    for (const failure of failures) {
      expect(failure.status).toBe(503);
      expect(failure.detail).toMatch(/\w{3,}.*\./);
    }
    expect(failures.length).toBeLessThanOrEqual(20);
    // The killed worker's place is taken by a new one for the next cases.
    await workers[0].stop();
    workers[0] = await startNode('worker');
    expect(await sharedLeftovers()).toEqual([]);
  });

  it('streams progress events in order to any API node, and any API node answers the result', async () => {
    const jobId = await sendJob(
      apis[0].baseUrl,
      '/api/v1/general/rotate-pdf',
      await Promise.all([1, 2, 3].map(async (n) => ({ name: `f${n}.pdf`, content: await makePdf(2, { label: `f${n}` }) }))),
      { angle: '180' },
    );
    const events = await jobEvents(apis[1].baseUrl, jobId);
    expect(events.map((e) => e.id)).toEqual(events.map((_e, index) => index + 1));
    const fractions = events.map((e) => e.data.progress.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(events.at(-1)!.data).toMatchObject({ state: 'done', complete: true, result: { fileName: 'f1_rotated.zip' } });
    expect((await jobResult(apis[0].baseUrl, jobId)).status).toBe(200);
    expect(await sharedLeftovers()).toEqual([]);
  });

  it('cancels a running job from another API node: its engine process on the worker is killed and its files removed', async () => {
    const jobId = await sendJob(apis[0].baseUrl, '/api/v1/misc/ocr-pdf', [{ name: 'scan.pdf', content: await scanPdf(30) }], {
      languages: 'eng',
      ocrType: 'force-ocr',
    });
    const enginesOfJob = () => workers.flatMap((worker) => enginesOwnedBy(worker.process.pid!)).filter((engine) => engine.command.includes(jobId));
    await until(() => enginesOfJob().length > 0, 120_000);
    const cancel = await fetch(`${apis[1].baseUrl}/api/v1/general/job/${jobId}`, { method: 'DELETE' });
    expect(await cancel.json()).toMatchObject({ state: 'cancelled', complete: true });
    await until(() => enginesOfJob().length === 0, 5_000);
    expect((await jobStatus(apis[0].baseUrl, jobId)).body).toMatchObject({ state: 'cancelled' });
    expect(await sharedLeftovers()).toEqual([]);
  });

  it('cancels the job of a synchronous request whose client goes away', async () => {
    const abort = new AbortController();
    const form = new FormData();
    form.append('languages', 'eng');
    form.append('ocrType', 'force-ocr');
    form.append('fileInput', new Blob([new Uint8Array(await scanPdf(30))]), 'scan.pdf');
    const sent = fetch(`${apis[1].baseUrl}/api/v1/misc/ocr-pdf`, { method: 'POST', body: form, signal: abort.signal }).catch(() => undefined);
    const ocrEngines = () => workers.flatMap((worker) => enginesOwnedBy(worker.process.pid!)).filter((engine) => /ocrmypdf|tesseract/.test(engine.command));
    await until(() => ocrEngines().length > 0, 120_000);
    abort.abort();
    await sent;
    await until(() => ocrEngines().length === 0, 10_000);
    expect(await sharedLeftovers()).toEqual([]);
  });

  it(`refuses with 429 and Retry-After from any API node only past ${QUEUE_BOUND} waiting jobs, and runs them all once workers are back`, async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    const pdf = await makePdf(1, { label: 'wait' });
    const ids: string[] = [];
    for (let i = 0; i < QUEUE_BOUND; i++)
      ids.push(await sendJob(apis[i % 2].baseUrl, '/api/v1/general/rotate-pdf', [{ name: 'w.pdf', content: pdf }], { angle: '90' }));
    expect((await jobStatus(apis[1].baseUrl, ids.at(-1)!)).body).toMatchObject({ state: 'queued', queuePosition: QUEUE_BOUND });
    for (const api of apis) {
      const refused = await sendTool(api.baseUrl, '/api/v1/general/rotate-pdf', [{ name: 'w.pdf', content: pdf }], { angle: '90' }, '?async=true');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    workers = [await startNode('worker')];
    for (const id of ids) {
      await untilComplete(apis[0].baseUrl, id);
      const result = await jobResult(apis[1].baseUrl, id);
      expect(result.status).toBe(200);
      expect(await pageRotations(result.body)).toEqual([90]);
    }
    expect(await sharedLeftovers()).toEqual([]);
  });

  it('keeps contact messages from every API node in one PostgreSQL database', async () => {
    for (const [index, api] of apis.entries()) {
      const response = await fetch(`${api.baseUrl}/api/v1/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: api.baseUrl },
        body: JSON.stringify({
          name: 'Ada',
          email: 'ada@example.com',
          subject: `From node ${index + 1}`,
          message: 'Hello from the cluster test.',
          acceptedTerms: true,
        }),
      });
      expect(response.status).toBe(200);
    }
    expect((await postgres.rows<{ subject: string }>('SELECT subject FROM contact_messages ORDER BY id')).map((row) => row.subject)).toEqual([
      'From node 1',
      'From node 2',
    ]);
  });

  it('reports readiness with Redis, and metrics of jobs on the workers', async () => {
    expect(await (await fetch(`${apis[0].baseUrl}/health/ready`)).json()).toEqual({ status: 'UP', checks: { engines: 'UP', redis: 'UP' } });
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPorts.get(workers[0])}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`folio_jobs_total\\{tool="rotate",outcome="ok"\\} ${QUEUE_BOUND}`));
    expect(metrics).toMatch(/folio_queue_depth 0/);
  });
});
