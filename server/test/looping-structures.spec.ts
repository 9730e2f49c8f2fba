import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tools } from '@folio/registry';
import { postTool } from './support/http';
import { sharedFieldKidsPdf } from './support/looping-pdfs';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { validFieldUploads, validFields } from './support/valid-fields';

jest.setTimeout(120_000);

/**
 * A 4 KB form whose fields share their kids 40 levels deep keeps Poppler
 * (pdfinfo, pdftotext, pdftoppm) busy for ever. Every engine run has a
 * watchdog scaled to its work, so each tool that reads the file answers
 * within seconds, as the document's fault (400 document-too-complex) or with
 * a result, never with the job limit's 500, and the server stays responsive.
 * The other looping trees (outlines, page tree, name trees) are in the
 * hostile-input suite, which every PDF tool meets.
 */
/**
 * One health check. A keep-alive socket the server closes as the next check is
 * sent on it is reset (ECONNRESET) without the server being unwell: that one
 * is sent again on a new connection.
 */
async function healthCheck(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return fetch(url);
  }
}

describe('documents that keep a reader busy for ever', () => {
  let server: TestServer;
  // One page's watchdog: 10 s to start and open, 1 s a page; the job limit is far beyond it.
  beforeAll(async () => (server = await startTestServer({ enginePageMs: 1_000, engineTimeoutMs: 90_000 })));
  afterAll(() => server.close());

  /** One tool for each way the file is read: rendering, text, metadata, images, structure, office, OCR. */
  const readers = [
    'pdf-to-image',
    'get-info',
    'pdf-to-markdown',
    'pdf-to-csv',
    'extract-images',
    'crop-pdf',
    'compress',
    'flatten',
    'remove-blank-pages',
    'auto-rename',
    'pdf-to-word',
    'ocr-cleanup',
  ];

  it('is stopped in each tool well before the job limit, with a 4xx, while health checks answer at once', async () => {
    const file = sharedFieldKidsPdf();
    let slowestHealth = 0;
    let checking = true;
    const health = (async () => {
      while (checking) {
        const started = Date.now();
        const res = await healthCheck(`${await baseUrl(server)}/health/live`);
        expect(res.status).toBe(200);
        slowestHealth = Math.max(slowestHealth, Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const answers = await Promise.all(
      readers.map(async (id) => {
        const tool = tools.find((t) => t.id === id)!;
        const fields = { ...validFields(tool), ...(id === 'crop-pdf' ? { autoCrop: 'true' } : {}) };
        const started = Date.now();
        const res = await postTool(server, tool.endpoint, [{ name: 'form.pdf', content: file }, ...(await validFieldUploads(tool))], fields);
        return {
          id,
          status: res.status,
          type: res.status >= 400 ? String((res.json as { type?: string } | undefined)?.type) : '',
          seconds: (Date.now() - started) / 1000,
        };
      }),
    );
    checking = false;
    await health;
    loop.disable();
    const slowestLoopMs = loop.max / 1e6;
    for (const answer of answers) {
      expect({ ...answer, seconds: undefined, ok: answer.status < 500 }).toEqual({ ...answer, seconds: undefined, ok: true });
      // Well before the job's 90 s: a stuck run is stopped at its watchdog, queueing behind the others included.
      expect(answer.seconds).toBeLessThan(60);
    }
    // Rendering and reading the document's sizes are where Poppler is stuck: the document's fault, said as such.
    for (const id of ['pdf-to-image', 'get-info'])
      expect(answers.find((a) => a.id === id)).toMatchObject({ status: 400, type: '/errors/document-too-complex' });
    // The server's event loop is never blocked for a second; a health check's round trip also waits for
    // processor time on a test machine another test worker shares (alone: well under a second).
    expect(slowestLoopMs).toBeLessThan(1_000);
    expect(slowestHealth).toBeLessThan(3_000);
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });
});

/** The in-process server's address for plain fetches (supertest is not used for the health probe, which must run beside the requests). */
async function baseUrl(server: TestServer): Promise<string> {
  const http = server.http as import('node:http').Server;
  if (!http.listening) await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address() as import('node:net').AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}
