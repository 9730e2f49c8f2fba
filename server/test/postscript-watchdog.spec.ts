import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { fileToPdfTool } from '@folio/registry';
import { postTool } from './support/http';
import { pageTexts, withTempDir } from './support/pdfs';
import { strayJobEngines } from './support/processes';
import { useTestServer, type TestServer } from './support/test-server';

jest.setTimeout(120_000);

/** A manual from Debian's shared-mime-info package (17 pages), turned into PostScript by Poppler's pdftops. */
const DEBIAN_MANUAL = '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf';

function postScriptOf(pdf: string): Buffer {
  return withTempDir((dir) => {
    execFileSync('pdftops', [pdf, join(dir, 'manual.ps')]);
    return readFileSync(join(dir, 'manual.ps'));
  });
}

/** PostScript that puts out `pages` pages, waiting `msPerPage` of wall time before each: slow work, but steady. */
function steadyPostScript(pages: number, msPerPage: number): Buffer {
  return Buffer.from(
    [
      '%!PS',
      '/Helvetica findfont 20 scalefont setfont',
      `1 1 ${pages} {`,
      `  /until realtime ${msPerPage} add def { realtime until ge { exit } if } loop`,
      '  72 700 moveto (Steady page ) show 3 string cvs show showpage',
      '} for',
      '',
    ].join('\n'),
  );
}

const convert = (server: TestServer, name: string, content: Buffer) =>
  postTool(server, fileToPdfTool.endpoint, [{ name, content, contentType: 'application/postscript' }]);

/** Times each of `calls` of /health/live while `work` runs; answers the work's outcome and the slowest answer. */
async function whileAlive<T>(server: TestServer, work: Promise<T>): Promise<{ outcome: T; slowestMs: number; statuses: number[] }> {
  const timings: { ms: number; status: number }[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = Date.now();
      const res = await request(server.http).get('/health/live');
      timings.push({ ms: Date.now() - started, status: res.status });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const outcome = await work.finally(() => (done = true));
  await probing;
  return { outcome, slowestMs: Math.max(...timings.map((t) => t.ms)), statuses: timings.map((t) => t.status) };
}

describe('the PostScript watchdog follows the work done', () => {
  // Each page after the first may take 10 s + 0.5 s; a fixed budget of ten pages would have been 15 s in all.
  const server = useTestServer({ enginePageMs: 500, maxPages: 200 });

  it('stops a 13-byte endless loop within seconds with the document-too-complex 400, and keeps serving meanwhile', async () => {
    const started = Date.now();
    const { outcome: res, slowestMs, statuses } = await whileAlive(server, convert(server, 'loop.ps', Buffer.from('%!PS\n{} loop\n')));
    // 10 s for a first page, and Ghostscript's start; ten pages' time would have been 15 s.
    expect(Date.now() - started).toBeLessThan(13_000);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ type: '/errors/document-too-complex', detail: expect.stringMatching(/Processing stopped after \d+ s/) });
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(slowestMs).toBeLessThan(1_000);
    expect(await strayJobEngines(process.pid, 5_000)).toEqual([]);
  });

  it('stops a program that puts out blank pages without end at the page limit (400), not at the job time limit', async () => {
    const started = Date.now();
    const res = await convert(server, 'pages.ps', Buffer.from('%!PS\n{showpage} loop\n'));
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ type: '/errors/too-many-pages', detail: expect.stringMatching(/up to 200 pages/) });
    expect(await strayJobEngines(process.pid, 5_000)).toEqual([]);
  });

  it("converts a real manual (pdftops's output of a Debian document), every page with its text", async () => {
    const res = await convert(server, 'manual.ps', postScriptOf(DEBIAN_MANUAL));
    expect(res.status).toBe(200);
    const texts = pageTexts(res.body);
    expect(texts).toHaveLength(17);
    expect(texts[0]).toMatch(/Shared MIME-info Database/);
  });

  it('gives a slow program that keeps putting out pages the time its pages take, past what a fixed budget allowed', async () => {
    const started = Date.now();
    const res = await convert(server, 'steady.ps', steadyPostScript(20, 800));
    expect(Date.now() - started).toBeGreaterThan(15_000);
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(Array.from({ length: 20 }, (_, i) => `Steady page ${i + 1}`));
  });
});
