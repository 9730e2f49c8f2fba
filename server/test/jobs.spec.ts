import type { AddressInfo } from 'node:net';
import { makePdf, pageRotations, pageTexts } from './support/pdfs';
import { scanPdf } from './support/scan-pdfs';
import { enginesOwnedBy } from './support/processes';
import { jobEvents, jobResult, jobStatus, sendJob, sendTool, untilComplete } from './support/job-client';
import { MetricsListener } from '../src/operations/metrics-listener';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { until } from './support/until';

jest.setTimeout(120_000);

/** Async jobs on the embedded queue (one process, no Redis), through real HTTP. */
describe('async jobs, embedded', () => {
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    // One job at a time and one waiting: the bound is reached with three.
    server = await startTestServer({ maxConcurrentJobs: 1, maxQueuedJobs: 1, jobResultTtlMs: 60_000, metricsPort: 0 });
    await server.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());
  afterEach(async () => expect(await leftoversAfterCleanup(server, 10_000)).toEqual([]));

  it('answers at once with a job id, then gives the result the synchronous request gives, once', async () => {
    const pdf = await makePdf(3, { label: 'async' });
    const response = await sendTool(baseUrl, '/api/v1/general/rotate-pdf', [{ name: 'report.pdf', content: pdf }], { angle: '90' }, '?async=true');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { async: boolean; jobId: string; result: null };
    expect(body).toEqual({ async: true, jobId: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), result: null });

    const status = await untilComplete(baseUrl, body.jobId);
    expect(status).toMatchObject({
      state: 'done',
      complete: true,
      error: null,
      progress: { fraction: 1 },
      result: { fileName: 'report_rotated.pdf', contentType: 'application/pdf' },
    });
    const result = await jobResult(baseUrl, body.jobId);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-disposition')).toBe('form-data; name="attachment"; filename="report_rotated.pdf"');
    expect(result.body.length).toBe(status.result!.size);
    expect(await pageRotations(result.body)).toEqual([90, 90, 90]);
    expect(pageTexts(result.body)).toEqual(['async page 1', 'async page 2', 'async page 3']);
    // Kept until downloaded: then it is gone, files and all.
    expect((await jobResult(baseUrl, body.jobId)).status).toBe(404);
    expect((await jobStatus(baseUrl, body.jobId)).status).toBe(404);
  });

  it('takes async=true as a form field too, and checks options before queueing (400 at once, no job)', async () => {
    const pdf = await makePdf(1);
    const queued = await sendTool(baseUrl, '/api/v1/general/rotate-pdf', [{ name: 'a.pdf', content: pdf }], { angle: '180', async: 'true' });
    const { jobId } = (await queued.json()) as { jobId: string };
    await untilComplete(baseUrl, jobId);
    expect(await pageRotations((await jobResult(baseUrl, jobId)).body)).toEqual([180]);

    const refused = await sendTool(baseUrl, '/api/v1/general/rotate-pdf', [{ name: 'a.pdf', content: pdf }], { angle: '45' }, '?async=true');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/90/);
  });

  it('streams progress events in order, file by file, ending with the result', async () => {
    const files = await Promise.all([1, 2, 3].map(async (n) => ({ name: `f${n}.pdf`, content: await makePdf(2, { label: `f${n}` }) })));
    const jobId = await sendJob(baseUrl, '/api/v1/general/rotate-pdf', files, { angle: '270' });
    const events = await jobEvents(baseUrl, jobId);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.map((e) => e.id)).toEqual(events.map((_e, index) => index + 1));
    const fractions = events.map((e) => e.data.progress.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(events.at(-1)!.data).toMatchObject({ state: 'done', complete: true, result: { fileName: 'f1_rotated.zip' } });
    expect((await jobResult(baseUrl, jobId)).status).toBe(200);
  });

  it('reports rendering page by page (PDF to Image), as the renderer writes each page', async () => {
    const jobId = await sendJob(baseUrl, '/api/v1/convert/pdf/img', [{ name: 'pages.pdf', content: await makePdf(12) }], { imageFormat: 'png', dpi: '150' });
    const stages = (await jobEvents(baseUrl, jobId)).map((e) => e.data.progress.stage).filter((stage) => stage.startsWith('page '));
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const pages = stages.map((stage) => Number(/^page (\d+) of 12$/.exec(stage)![1]));
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect((await jobResult(baseUrl, jobId)).status).toBe(200);
  });

  it('reports a failure as the synchronous answer would be, and keeps no files', async () => {
    const jobId = await sendJob(baseUrl, '/api/v1/general/rotate-pdf', [{ name: 'bad.pdf', content: Buffer.from('%PDF-1.7\nnot really\n%%EOF\n') }], {
      angle: '90',
    });
    const status = await untilComplete(baseUrl, jobId);
    expect(status).toMatchObject({ state: 'failed', complete: true, error: expect.stringMatching(/corrupted/) });
    const result = await jobResult(baseUrl, jobId);
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body.toString())).toMatchObject({ errorCode: 'E001', type: '/errors/pdf-corrupted' });
  });

  it('queues past the running job with a position, refuses past the bound with 429, and cancels (engines killed, files removed)', async () => {
    const scan = await scanPdf(40);
    const ocr = { languages: 'eng', ocrType: 'force-ocr' };
    const running = await sendJob(baseUrl, '/api/v1/misc/ocr-pdf', [{ name: 'scan.pdf', content: scan }], ocr);
    const waiting = await sendJob(baseUrl, '/api/v1/misc/ocr-pdf', [{ name: 'scan.pdf', content: scan }], ocr);
    await until(async () => (await jobStatus(baseUrl, running)).body.state === 'running');
    expect((await jobStatus(baseUrl, waiting)).body).toMatchObject({ state: 'queued', queuePosition: 1, complete: false });

    const refused = await sendTool(baseUrl, '/api/v1/misc/ocr-pdf', [{ name: 'scan.pdf', content: scan }], ocr, '?async=true');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

    await until(() => enginesOwnedBy(process.pid).some((engine) => engine.command.includes(running)));
    const cancel = await fetch(`${baseUrl}/api/v1/general/job/${running}`, { method: 'DELETE' });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ state: 'cancelled', complete: true, message: 'Job cancelled successfully' });
    expect(enginesOwnedBy(process.pid).filter((engine) => engine.command.includes(running))).toEqual([]);
    expect((await jobResult(baseUrl, running)).status).toBe(410);

    // The waiting job moves up and runs; cancelled while running too.
    await until(async () => (await jobStatus(baseUrl, waiting)).body.state === 'running');
    expect((await (await fetch(`${baseUrl}/api/v1/general/job/${waiting}`, { method: 'DELETE' })).json()) as object).toMatchObject({ state: 'cancelled' });
    for (const id of [running, waiting]) await fetch(`${baseUrl}/api/v1/general/job/${id}/result`);
  });

  it('answers 404 for ids that name no job, and 409 for a result not ready yet', async () => {
    expect((await jobStatus(baseUrl, 'A'.repeat(24))).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/v1/general/job/../../etc/passwd`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/v1/general/job/${'B'.repeat(24)}/events`)).status).toBe(404);
    const jobId = await sendJob(baseUrl, '/api/v1/misc/ocr-pdf', [{ name: 'scan.pdf', content: await scanPdf(20) }], {
      languages: 'eng',
      ocrType: 'force-ocr',
    });
    expect((await jobResult(baseUrl, jobId)).status).toBe(409);
    await fetch(`${baseUrl}/api/v1/general/job/${jobId}`, { method: 'DELETE' });
    await fetch(`${baseUrl}/api/v1/general/job/${jobId}/result`);
  });

  it('counts jobs by tool and outcome in /metrics (on the metrics port), and is ready', async () => {
    const metrics = await (await fetch(`http://127.0.0.1:${server.app.get(MetricsListener).port}/metrics`)).text();
    expect(metrics).toMatch(/folio_jobs_total\{tool="rotate",outcome="ok"\} [3-9]/);
    expect(metrics).toMatch(/folio_jobs_total\{tool="rotate",outcome="client_error"\} 1/);
    expect(metrics).toMatch(/folio_jobs_total\{tool="ocr-cleanup",outcome="cancelled"\} [2-9]/);
    expect(metrics).toMatch(/folio_queue_depth 0/);
    expect(await (await fetch(`${baseUrl}/health/live`)).json()).toEqual({ status: 'UP' });
    expect(await (await fetch(`${baseUrl}/health/ready`)).json()).toEqual({ status: 'UP', checks: { engines: 'UP' } });
  });
});

describe('async job results expire', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ jobResultTtlMs: 1_000 });
    await server.app.listen(0, '127.0.0.1');
  });
  afterAll(() => server?.close());

  it('deletes a result nobody downloads after the configured time', async () => {
    const baseUrl = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}`;
    const jobId = await sendJob(baseUrl, '/api/v1/general/rotate-pdf', [{ name: 'a.pdf', content: await makePdf(1) }], { angle: '90' });
    await untilComplete(baseUrl, jobId);
    // The job's folder, named for this process (a server started after a crash removes it at once).
    expect(server.leftovers()).toContainEqual(`job-${process.pid}-${jobId}`);
    await until(async () => (await jobStatus(baseUrl, jobId)).status === 404, 10_000);
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });
});
