import { htmlToPdfTool } from '@folio/registry';
import { stopChromium } from '../src/engines/chromium';
import { postTool } from './support/http';
import { pageTexts } from './support/pdfs';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';

jest.setTimeout(120_000);

/**
 * The browser's processes may write no more memory than any other engine
 * process (FOLIO_ENGINE_MEMORY_MB): a few hundred bytes of script that
 * allocate without end get an allocation failure at the cap, or lose their
 * renderer and the request a 400, never the machine's memory.
 */
describe('memory a web page may take', () => {
  const CAP_MB = 768;
  const CHUNK_MB = 64;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engineMemoryMb: CAP_MB });
    // The browser is shared by the servers of this worker: the next page starts one with this cap.
    await stopChromium();
  });
  afterAll(async () => {
    await stopChromium();
    await server.close();
  });
  afterEach(async () => expect(await leftoversAfterCleanup(server)).toEqual([]));

  const convert = (html: string) => postTool(server, htmlToPdfTool.endpoint, [{ name: 'page.html', content: Buffer.from(html), contentType: 'text/html' }]);

  it('stops typed arrays at the cap: the page gets an allocation failure and the PDF says how far it got', async () => {
    // Up to 3 GB, in 64 MB steps, every page touched so that the memory is really written.
    const res = await convert(`<p>start</p><script>
      const kept = []; let outcome = 'all';
      try { for (let i = 0; i < ${3072 / CHUNK_MB}; i++) kept.push(new Uint8Array(${CHUNK_MB} * 1048576).fill(7)); } catch (e) { outcome = e.name; }
      document.body.append('allocated ' + kept.length + ' chunks, ' + outcome);
    </script>`);
    expect(res.status).toBe(200);
    const text = pageTexts(res.body).join('\n');
    const allocated = Number(/allocated (\d+) chunks/.exec(text)?.[1]);
    expect(text).toContain('RangeError');
    expect(allocated * CHUNK_MB).toBeLessThan(CAP_MB);
  });

  it('answers 400 when the page exhausts its memory and loses its renderer', async () => {
    const res = await convert(`<p>start</p><script>
      const kept = []; for (;;) kept.push(new Array(1 << 20).fill({ a: Math.random() }));
    </script>`);
    expect(res.status).toBe(400);
    expect((res.json as { type?: string }).type).toBe('/errors/document-too-complex');
  });

  it('still renders an ordinary page under the cap', async () => {
    const res = await convert('<h1>Quarterly report</h1><p>All figures in euros.</p>');
    expect(res.status).toBe(200);
    expect(pageTexts(res.body).join('\n')).toContain('Quarterly report');
  });
});
