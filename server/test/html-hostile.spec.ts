import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync } from 'node:zlib';
import { htmlToPdfTool, markdownToPdfTool } from '@folio/registry';
import { pixelBombPng, zipOf } from './support/html-documents';
import { postTool, type Upload } from './support/http';
import { pageTexts } from './support/pdfs';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';

jest.setTimeout(120_000);

/**
 * Documents that try to reach the network or the disk. Loopback servers
 * started here record every connection and request; none may arrive, the
 * answer must still be a PDF, and no file content may leak into it.
 */

interface Recorder {
  server: Server;
  port: number;
  /** Requests ('GET /x'), WebSocket upgrades and bare connections (a preconnect opens one with no request). */
  seen: string[];
}

async function startRecorder(host: string, answer?: (url: string) => { status: number; location?: string }): Promise<Recorder> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const reply = answer?.(req.url ?? '/') ?? { status: 200 };
    res.writeHead(reply.status, reply.location ? { Location: reply.location } : { 'Content-Type': 'text/plain' });
    res.end('LEAKED-FROM-LOOPBACK');
  });
  server.on('connection', () => seen.push('connection'));
  server.on('upgrade', (req, socket) => {
    seen.push(`upgrade ${req.url}`);
    socket.destroy();
  });
  server.listen(0, host);
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, seen };
}

const TIME_LIMIT_MS = 15_000;
const PASSWD_LINE = /root:.*:0:0:/;

describe('Hostile HTML and Markdown', () => {
  let server: TestServer;
  let loopback: Recorder;
  let loopback6: Recorder | undefined;
  let redirector: Recorder;
  let targets: string[];

  beforeAll(async () => {
    server = await startTestServer({ engineTimeoutMs: TIME_LIMIT_MS });
    loopback = await startRecorder('127.0.0.1');
    loopback6 = await startRecorder('::1').catch(() => undefined);
    redirector = await startRecorder('127.0.0.1', () => ({ status: 302, location: `http://127.0.0.1:${loopback.port}/after-redirect` }));
    targets = [
      'file:///etc/passwd',
      `http://127.0.0.1:${loopback.port}/x`,
      `http://localhost:${loopback.port}/by-name`,
      `http://[::1]:${loopback6?.port ?? loopback.port}/v6`,
      `http://127.0.0.1:${redirector.port}/redirect`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
    ];
  });
  afterAll(async () => {
    for (const recorder of [loopback, loopback6, redirector]) {
      recorder?.server.closeAllConnections();
      recorder?.server.close();
    }
    await server.close();
  });
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });

  /** Everything the recorders saw, for one message if anything arrived. */
  const recorded = () => [...loopback.seen, ...(loopback6?.seen ?? []), ...redirector.seen];

  /** Every way a page can name a URL without a script. */
  const staticReferences = (url: string) => `
    <img src="${url}" alt="">
    <iframe src="${url}"></iframe>
    <link rel="stylesheet" href="${url}">
    <link rel="preconnect" href="${url}"><link rel="prefetch" href="${url}"><link rel="icon" href="${url}">
    <div style="width:10px;height:10px;background:url('${url}')"></div>
    <style>@import url("${url}"); @font-face { font-family: Leak; src: url("${url}"); } p { font-family: Leak, sans-serif; }</style>
    <object data="${url}"></object><embed src="${url}">
    <video poster="${url}" src="${url}"></video><audio src="${url}"></audio>
    <svg width="10" height="10"><image href="${url}" width="10" height="10"/></svg>
    <script src="${url}"></script>`;

  /** Every way a script can try, reporting what it got into the page (which must stay empty). */
  const scriptedReferences = (url: string) => `
    <script>
      const show = (t) => { const p = document.createElement('pre'); p.textContent = String(t); document.body.append(p); };
      fetch(${JSON.stringify(url)}).then((r) => r.text()).then(show, () => {});
      try { const x = new XMLHttpRequest(); x.open('GET', ${JSON.stringify(url)}, false); x.send(); show(x.responseText); } catch (e) {}
      const y = new XMLHttpRequest(); y.open('GET', ${JSON.stringify(url)}); y.onload = () => show(y.responseText); y.send();
      try { navigator.sendBeacon(${JSON.stringify(url)}, 'x'); } catch (e) {}
      try { new EventSource(${JSON.stringify(url)}); } catch (e) {}
      try { new WebSocket(${JSON.stringify(url.replace(/^http/, 'ws'))}); } catch (e) {}
      try { new Worker(${JSON.stringify(url)}); } catch (e) {}
      try { window.open(${JSON.stringify(url)}); } catch (e) {}
      const f = document.createElement('iframe'); f.src = ${JSON.stringify(url)}; document.body.append(f);
    </script>`;

  async function expectNothingFetched(res: Awaited<ReturnType<typeof postTool>>, mustContain: string): Promise<void> {
    expect(res.json ?? res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pageTexts(res.body).join('\n');
    expect(text).toContain(mustContain);
    expect(text).not.toMatch(PASSWD_LINE);
    expect(text).not.toContain('LEAKED-FROM-LOOPBACK');
    // Give a late request a moment to arrive before looking.
    await new Promise((r) => setTimeout(r, 200));
    expect(recorded()).toEqual([]);
  }

  it('an HTML page referencing the disk, loopback, metadata and private addresses fetches nothing', async () => {
    const html = `<!doctype html><html><head><meta http-equiv="refresh" content="0;url=${targets[1]}"><base href="${targets[1]}/base/"></head><body>
      <p>visible body text</p>
      ${targets.map(staticReferences).join('\n')}
      <script>document.body.append('script ran')</script>
      ${targets.map(scriptedReferences).join('\n')}
      <form id="f" action="${targets[1]}" method="post"><input name="a" value="b"></form>
      <script>setTimeout(() => { try { document.getElementById('f').submit(); } catch (e) {} }, 0)</script>
      </body></html>`;
    const res = await postTool(server, htmlToPdfTool.endpoint, [{ name: 'hostile.html', content: Buffer.from(html), contentType: 'text/html' }]);
    await expectNothingFetched(res, 'visible body text');
    // Scripts did run (so the fetches above were really attempted), inside the fence.
    expect(pageTexts(res.body).join('\n')).toContain('script ran');
  });

  it('a ZIP whose stylesheet and inner page point outside fetches nothing', async () => {
    const css = targets.map((url) => `@import url("${url}");\n.bg { background: url("${url}"); }`).join('\n');
    const upload: Upload = {
      name: 'site.zip',
      content: zipOf({
        'index.html': `<link rel="stylesheet" href="style.css"><p class="bg">zipped page</p><iframe src="inner.html"></iframe>`,
        'style.css': css,
        'inner.html': targets.map(staticReferences).join('\n'),
      }),
      contentType: 'application/zip',
    };
    const res = await postTool(server, htmlToPdfTool.endpoint, [upload]);
    await expectNothingFetched(res, 'zipped page');
  });

  it('Markdown with hostile images, links and raw HTML fetches nothing', async () => {
    const markdown = [
      '# Markdown body',
      ...targets.map((url) => `![pic](${url})\n\n[link](${url})\n\n<img src="${url}">\n\n<iframe src="${url}"></iframe>\n`),
      `<link rel="stylesheet" href="${targets[1]}">`,
      `<script>document.body.append('markdown script ran'); fetch(${JSON.stringify(targets[1])});</script>`,
    ].join('\n\n');
    const res = await postTool(server, markdownToPdfTool.endpoint, [{ name: 'hostile.md', content: Buffer.from(markdown), contentType: 'text/markdown' }]);
    await expectNothingFetched(res, 'Markdown body');
    // Scripts stay off for Markdown.
    expect(pageTexts(res.body).join('\n')).not.toContain('markdown script ran');
  });

  it.each([
    ['a script that never ends', '<p>spin</p><script>while (true) {}</script>'],
    ['a page that hangs after loading', '<p>spin later</p><script>onload = () => { while (true) {} }</script>'],
  ])('%s is stopped by the script limit, before the job time limit, with a clear 400', async (_, html) => {
    const started = Date.now();
    const res = await postTool(server, htmlToPdfTool.endpoint, [{ name: 'spin.html', content: Buffer.from(html), contentType: 'text/html' }]);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(400);
    expect(res.json.type).toBe('/errors/document-too-complex');
    expect(res.json.detail).toMatch(/scripts ran for more than 5 s/);
    expect(elapsed).toBeLessThan(TIME_LIMIT_MS);
    // The browser still serves the next job.
    const next = await postTool(server, htmlToPdfTool.endpoint, [{ name: 'ok.html', content: Buffer.from('<p>after the spin</p>'), contentType: 'text/html' }]);
    expect(next.status).toBe(200);
    expect(pageTexts(next.body)[0]).toContain('after the spin');
  });

  it('refuses a PNG pixel bomb inside a ZIP', async () => {
    const bomb = pixelBombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200_000);
    const upload: Upload = { name: 'bomb.zip', content: zipOf({ 'index.html': '<img src="bomb.png">', 'bomb.png': bomb }), contentType: 'application/zip' };
    const res = await postTool(server, htmlToPdfTool.endpoint, [upload]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/megapixels/);
  });

  it('refuses a pixel bomb embedded as a data: URI in Markdown', async () => {
    const uri = `data:image/png;base64,${pixelBombPng(20_000, 20_000).toString('base64')}`;
    const res = await postTool(server, markdownToPdfTool.endpoint, [
      { name: 'bomb.md', content: Buffer.from(`# Bomb\n\n![b](${uri})`), contentType: 'text/markdown' },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/megapixels/);
  });

  it('refuses a ZIP bomb (huge expansion ratio) without expanding it', async () => {
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const upload: Upload = { name: 'bomb.zip', content: zipOf({ 'index.html': '<p>x</p>', 'zeros.bin': zeros }), contentType: 'application/zip' };
    expect(upload.content.length).toBeLessThan(200_000);
    const res = await postTool(server, htmlToPdfTool.endpoint, [upload]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/compression bomb/);
  });

  it('refuses a ZIP bomb whose headers understate its size', async () => {
    const upload: Upload = {
      name: 'liar.zip',
      content: lyingZip('index.md', deflateRawSync(Buffer.alloc(32 * 1024 * 1024, 0x41)), 100),
      contentType: 'application/zip',
    };
    const res = await postTool(server, markdownToPdfTool.endpoint, [upload]);
    expect(res.status).toBe(400);
  });
});

/** A one-entry ZIP whose headers claim `claimedSize` uncompressed bytes for deflated `data`. */
function lyingZip(name: string, data: Buffer, claimedSize: number): Buffer {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(0, 14); // CRC (wrong on purpose; size checks come first)
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(claimedSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(claimedSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const centralStart = local.length + nameBytes.length + data.length;
  const centralSize = central.length + nameBytes.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}
