import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { adjustPageSizeTool, cropPdfTool, multiPageLayoutTool, singleLargePageTool, type AnyTool } from '@folio/registry';
import { postTool, type ToolResponse } from './support/http';
import { manyObjectsPdf, objectStreamBomb } from './support/hostile-pdfs';
import { strayJobEngines } from './support/processes';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { validFields } from './support/valid-fields';

jest.setTimeout(240_000);

/**
 * Issue 27, item 1: pdf-lib holds a whole document in memory, and it used to
 * parse visitors' files inside the server's process. A file of hundreds of
 * thousands of tiny objects, or a megabyte whose object stream inflates to a
 * gigabyte, sent a few times at once, stalled every request (the event loop
 * blocked for seconds) or took the server down (out of heap). Now each pdf-lib
 * task runs in a confined process of its own with a budget: whatever the file,
 * the server keeps answering, and every copy gets a 4xx of its own.
 */

/** Every tool that opens a visitor's PDF with pdf-lib. */
const PDF_LIB_TOOLS: AnyTool[] = [cropPdfTool, adjustPageSizeTool, multiPageLayoutTool, singleLargePageTool];
/** Copies of the file each tool is sent at once. */
const COPIES = 4;
/** What a health check may take while the attack runs. */
const HEALTH_LIMIT_MS = 1_000;
/** Heap the server may grow by meanwhile: uploads pass through it, documents must not. */
const HEAP_GROWTH_LIMIT = 300 * 1024 * 1024;

/** Objects in the attack file: more than one document may hold (pdf-lib-budget.ts), about 29 MB. */
const OBJECTS = 600_000;

const ATTACKS: Record<string, () => Buffer> = {
  [`${OBJECTS.toLocaleString('en')} tiny objects, valid cross-reference table`]: () => manyObjectsPdf(OBJECTS),
  'an object stream inflating to 1 GiB': () => objectStreamBomb(1),
};

interface Watch {
  /** How long each health check took, in order. */
  latencies: number[];
  failures: string[];
  /** Most heap the server's process used meanwhile, above what it used before. */
  heapGrowth: number;
  /** Longest the event loop was blocked, in ms. */
  loopDelayMs: number;
}

/** Polls /health/live one check after another, and watches the heap and the event loop, until `work` settles. */
async function watchWhile<T>(baseUrl: string, work: Promise<T>): Promise<{ result: T; watch: Watch }> {
  const watch: Watch = { latencies: [], failures: [], heapGrowth: 0, loopDelayMs: 0 };
  const baseline = process.memoryUsage().heapUsed;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let done = false;
  const settled = work.finally(() => (done = true));
  const polling = (async () => {
    while (!done) {
      const started = Date.now();
      try {
        const res = await fetch(`${baseUrl}/health/live`);
        await res.text();
        if (!res.ok) watch.failures.push(`status ${res.status}`);
      } catch (error) {
        watch.failures.push((error as Error).message);
      }
      watch.latencies.push(Date.now() - started);
      watch.heapGrowth = Math.max(watch.heapGrowth, process.memoryUsage().heapUsed - baseline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result = await settled;
  await polling;
  loop.disable();
  watch.loopDelayMs = Math.round(loop.max / 1e6);
  return { result, watch };
}

describe('pdf-lib runs visitors’ files in its own process, within a budget', () => {
  let server: TestServer;
  let baseUrl: string;
  beforeAll(async () => {
    // One client sends every copy: the per-address limit would answer most of them 429 before pdf-lib ever saw them.
    server = await startTestServer({ engineTimeoutMs: 120_000, maxJobsPerAddress: 64, maxQueuedJobs: 64 });
    await new Promise<void>((resolve) => server.http.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server, 10_000)).toEqual([]);
    expect(await strayJobEngines(process.pid, 5_000)).toEqual([]);
  });

  const send = async (tool: AnyTool, content: Buffer): Promise<ToolResponse & { ms: number }> => {
    const started = Date.now();
    const res = await postTool(server, tool.endpoint, [{ name: 'attack.pdf', content }], validFields(tool));
    return { ...res, ms: Date.now() - started };
  };

  it.each(Object.keys(ATTACKS))(`survives %s, sent ${COPIES} times at once to each pdf-lib tool, answering health checks throughout`, async (attack) => {
    const content = ATTACKS[attack]();
    const { result: answers, watch } = await watchWhile(
      baseUrl,
      Promise.all(PDF_LIB_TOOLS.flatMap((tool) => Array.from({ length: COPIES }, () => send(tool, content)))),
    );

    const slowest = Math.max(...answers.map((a) => a.ms));
    console.info(
      `${attack}: ${answers.length} requests answered in ${slowest} ms at most; /health/live ${watch.latencies.length} checks, ` +
        `${Math.max(...watch.latencies)} ms at most; event loop blocked ${watch.loopDelayMs} ms at most; heap +${Math.round(watch.heapGrowth / 1024 / 1024)} MB`,
    );
    for (const answer of answers) {
      expect({ status: answer.status, type: answer.json?.type }).toEqual({ status: 400, type: '/errors/document-too-complex' });
      expect(answer.json.detail).toMatch(/too complex/);
    }
    expect(watch.failures).toEqual([]);
    expect(Math.max(...watch.latencies)).toBeLessThan(HEALTH_LIMIT_MS);
    expect(watch.loopDelayMs).toBeLessThan(HEALTH_LIMIT_MS);
    expect(watch.heapGrowth).toBeLessThan(HEAP_GROWTH_LIMIT);
  });

  it('counts the objects it parses, so a file that hides them from a quick count is refused too', async () => {
    // Without `endobj`, which pdf-lib does not need, each object shows the keyword count only one `obj`.
    const content = manyObjectsPdf(OBJECTS, { endobj: false });
    const { result: answer, watch } = await watchWhile(baseUrl, send(cropPdfTool, content));
    console.info(`${OBJECTS} objects without endobj: refused in ${answer.ms} ms; /health/live ${Math.max(...watch.latencies)} ms at most`);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ type: '/errors/document-too-complex', detail: `The PDF is too complex to open: it holds more than 500,000 objects.` });
    expect(Math.max(...watch.latencies)).toBeLessThan(HEALTH_LIMIT_MS);
  });

  it('still opens a document that is merely large: 100,000 objects, one page', async () => {
    const res = await send(cropPdfTool, manyObjectsPdf(100_000));
    console.info(`100,000 objects: cropped in ${res.ms} ms`);
    expect(res.status).toBe(200);
  });
});
