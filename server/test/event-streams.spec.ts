import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { held, holdTool } from './fixtures/processors-hold/hold/hold.processor';
import { getFrom, openFrom, postFrom } from './support/addressed-client';
import { makePdf } from './support/pdfs';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { until } from './support/until';

jest.setTimeout(120_000);

const HOLD_PROCESSORS = join(__dirname, 'fixtures', 'processors-hold');
const ALICE = '127.0.0.2';
const BOB = '127.0.0.3';
const CAROL = '127.0.0.4';

/** Resolves once the response has ended (the server closed the stream). */
const ended = (response: IncomingMessage) => new Promise<void>((resolve) => (response.readableEnded ? resolve() : response.once('end', resolve).resume()));

describe('job event streams are capped per job, per address and in all', () => {
  let server: TestServer;
  let baseUrl: string;
  let pdf: Buffer;
  const open: { close(): void }[] = [];
  const sent: string[] = [];

  beforeAll(async () => {
    pdf = await makePdf(1);
    server = await startTestServer(
      { maxEventStreams: 6, maxEventStreamsPerAddress: 3, maxEventStreamsPerJob: 2, maxConcurrentJobs: 8, maxJobsPerAddress: 8 },
      { tools: [holdTool], processorsDir: HOLD_PROCESSORS },
    );
    await server.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    held.releaseAll();
    // Results are kept until downloaded or deleted: deleted here, and then nothing may be left.
    for (const id of sent) {
      await until(async () => (await getFrom(ALICE, `${baseUrl}/api/v1/general/job/${id}`)).json.complete === true, 10_000);
      await fetch(`${baseUrl}/api/v1/general/job/${id}`, { method: 'DELETE' });
    }
    expect(await leftoversAfterCleanup(server, 10_000)).toEqual([]);
    await server.close();
    held.reset();
  });

  const sendJob = async () => {
    const res = await postFrom(ALICE, `${baseUrl}${holdTool.endpoint}?async=true`, [{ name: 'a.pdf', content: pdf }]);
    expect(res.status).toBe(200);
    sent.push(res.json.jobId as string);
    return res.json.jobId as string;
  };
  const stream = async (from: string, jobId: string) => {
    const opened = await openFrom(from, `${baseUrl}/api/v1/general/job/${jobId}/events`);
    open.push(opened);
    return opened;
  };
  const refusal = async (from: string, jobId: string) => {
    const res = await stream(from, jobId);
    const body = await new Promise<string>((resolve) => {
      let text = '';
      res.response.on('data', (chunk: Buffer) => (text += chunk.toString())).once('end', () => resolve(text));
    });
    return { status: res.status, headers: res.headers, json: JSON.parse(body) as { type: string; detail: string } };
  };

  it('answers 429 past each cap while health checks and tool requests are still served, and counts a stream down when its client goes or its job ends', async () => {
    const jobs = [await sendJob(), await sendJob(), await sendJob(), await sendJob()];
    await until(() => held.started === 4, 10_000);

    // Per job: two streams on the first job, a third refused, whoever asks.
    const first = [await stream(ALICE, jobs[0]), await stream(ALICE, jobs[0])];
    expect(first.map((s) => s.status)).toEqual([200, 200]);
    expect(first[0].headers['content-type']).toMatch(/^text\/event-stream/);
    const perJob = await refusal(BOB, jobs[0]);
    expect(perJob.status).toBe(429);
    expect(perJob.headers.connection).toBe('close');
    expect(perJob.headers['retry-after']).toMatch(/^\d+$/);
    expect(perJob.json).toMatchObject({ type: '/errors/too-many-requests', detail: expect.stringMatching(/This job already has as many event streams open/) });

    // Per address: Alice's third stream is her last.
    expect((await stream(ALICE, jobs[1])).status).toBe(200);
    const perAddress = await refusal(ALICE, jobs[2]);
    expect(perAddress.status).toBe(429);
    expect(perAddress.json.detail).toMatch(/You already have as many event streams open as one address may/);

    // In all: Bob's three fill the server's six; Carol, who has none, is refused.
    for (const job of [jobs[1], jobs[2], jobs[3]]) expect((await stream(BOB, job)).status).toBe(200);
    const everyone = await refusal(CAROL, jobs[3]);
    expect(everyone.status).toBe(429);
    expect(everyone.json.detail).toMatch(/The server has as many event streams open as it takes/);

    // The reserve: health checks answer, and ordinary requests are served, while the streams are at their cap.
    const started = Date.now();
    expect((await getFrom(CAROL, `${baseUrl}/health/live`)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await getFrom(CAROL, `${baseUrl}/api/v1/general/job/${jobs[3]}`)).json).toMatchObject({ state: 'running' });
    const ordinary = postFrom(CAROL, `${baseUrl}${holdTool.endpoint}`, [{ name: 'c.pdf', content: pdf }]);
    await until(() => held.started === 5, 10_000);
    held.waiters.pop()!();
    expect((await ordinary).status).toBe(200);

    // A client hanging up gives its place back.
    first[0].close();
    await until(async () => (await stream(CAROL, jobs[0])).status === 200, 5_000);

    // A job's end closes its streams and gives their places back.
    const onFirstJob = ended(first[1].response);
    held.waiters[0]();
    await onFirstJob;
    await until(async () => (await stream(ALICE, jobs[3])).status === 200, 5_000);
  });
});
