import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ebookToPdfTool } from '@folio/registry';
import { handMadeEpub, handMadeFb2, kindleBook, zipWithPython, type Chapter } from './support/ebooks';
import { postTool, type ToolResponse } from './support/http';
import { pageTexts, withTempDir } from './support/pdfs';
import { strayJobEngines } from './support/processes';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';

jest.setTimeout(240_000);

/**
 * Hostile e-books for Calibre (E-book to PDF): archives that would fill the
 * disk or write outside the job, books that point at local files or the
 * network, XML entities that read files or multiply, damaged Kindle books and
 * a text too long to lay out in time. Each answer is a 4xx or a correct PDF
 * without anything from outside the book, within its time; no engine outlives
 * its request and no request leaves a file behind.
 */

const CHAPTERS: Chapter[] = [{ title: 'Harmless Title', paragraphs: ['An ordinary paragraph of the book.'] }];
const PASSWD_LINE = /root:.*:0:0:/;
/** A picture every sandbox can see under /usr: if a book's link to it were followed, it would show up in the PDF. */
const SYSTEM_PICTURE = '/usr/share/pixmaps/debian-logo.png';

/** The pictures drawn in the PDF, as 'width×height' (Poppler's pdfimages), masks left out. */
function pictureSizes(pdf: Buffer): string[] {
  const listing = execFileSync('pdfimages', ['-list', '-'], { input: pdf, encoding: 'utf8' });
  return listing
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[2] === 'image')
    .map((columns) => `${columns[3]}×${columns[4]}`);
}

/** The system picture is 48×48; the renderer draws its own small icons (14×16, 72×72) where a picture or frame failed to load. */
const SYSTEM_PICTURE_SIZE = '48×48';

/** The whole PDF uncompressed (qpdf --qdf), so a search covers every stream, not only the page text. */
function uncompressed(pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    return readFileSync(join(dir, 'out.pdf'), 'latin1');
  });
}

/** A ZIP entry of `megabytes` of zeros, deflated to a few hundred bytes each MB, written by Python's zipfile as it streams. */
function zipBombEpub(megabytes: number): Buffer {
  return withTempDir((dir) => {
    const script = `
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], 'w') as z:
    z.writestr(zipfile.ZipInfo('mimetype'), 'application/epub+zip')
    z.writestr('META-INF/container.xml', '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>')
    info = zipfile.ZipInfo('zeros.xhtml'); info.compress_type = zipfile.ZIP_DEFLATED
    with z.open(info, 'w', force_zip64=True) as entry:
        block = b'\\0' * (1024 * 1024)
        for _ in range(int(sys.argv[2])): entry.write(block)
`;
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'bomb.epub'), String(megabytes)]);
    return readFileSync(join(dir, 'bomb.epub'));
  });
}

describe('Hostile e-books (E-book to PDF)', () => {
  let server: TestServer;
  let web: Server;
  let webUrl: string;
  const webRequests: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    web = createServer((req, res) => {
      webRequests.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('LEAKED-FROM-LOOPBACK');
    });
    await new Promise<void>((done) => web.listen(0, '127.0.0.1', done));
    webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => web.close(done));
    await server.close();
  });
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server)).toEqual([]);
    expect(await strayJobEngines(process.pid, 5_000)).toEqual([]);
  });

  const convert = (name: string, content: Buffer): Promise<ToolResponse> =>
    postTool(server, ebookToPdfTool.endpoint, [{ name, content, contentType: 'application/octet-stream' }]);

  /** A PDF of the harmless book, with nothing of the system, the loopback server or a picture from outside in it. */
  function expectOnlyTheBook(res: ToolResponse): void {
    expect(res.status).toBe(200);
    const text = pageTexts(res.body).join('\n');
    expect(text).toContain('Harmless Title');
    expect(text).not.toMatch(PASSWD_LINE);
    expect(text).not.toContain('LEAKED-FROM-LOOPBACK');
    expect(uncompressed(res.body)).not.toMatch(PASSWD_LINE);
    expect(pictureSizes(res.body)).not.toContain(SYSTEM_PICTURE_SIZE);
    expect(webRequests).toEqual([]);
  }

  it('control: a picture inside the book does show up (so the picture checks below can fail)', async () => {
    const epub = handMadeEpub('Pictured', CHAPTERS, {
      extraBody: '<p><img src="logo.png" alt="logo"/></p>',
      extraFiles: [['OEBPS/logo.png', readFileSync(SYSTEM_PICTURE)]],
      manifestExtra: '<item id="logo" href="logo.png" media-type="image/png"/>',
    });
    const res = await convert('pictured.epub', epub);
    expect(res.status).toBe(200);
    expect(pictureSizes(res.body)).toContain(SYSTEM_PICTURE_SIZE);
  });

  it('a zip bomb EPUB (300 MB of zeros in a few hundred KB) is refused before Calibre unpacks it', async () => {
    const bomb = zipBombEpub(300);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await convert('bomb.epub', bomb);
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/expands too far|exceed/);
  });

  it('an EPUB with entries named ../ climbing out of the book is refused', async () => {
    const epub = zipWithPython([
      ['mimetype', 'application/epub+zip'],
      ['META-INF/container.xml', '<container/>'],
      ['../../escaped.txt', 'written outside the job'],
    ]);
    const res = await convert('climb.epub', epub);
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/outside the archive/);
  });

  it('pictures, frames, objects and styles linked to local files and the network are not loaded', async () => {
    const links = [
      `<p><img src="file:///etc/passwd" alt="a"/></p>`,
      `<p><img src="file://${SYSTEM_PICTURE}" alt="b"/></p>`,
      `<p><img src="${SYSTEM_PICTURE}" alt="c"/></p>`,
      `<p><img src="../../../../../../..${SYSTEM_PICTURE}" alt="d"/></p>`,
      `<p><img src="${webUrl}/picture.png" alt="e"/></p>`,
      `<object data="file:///etc/passwd" type="text/plain">x</object>`,
      `<iframe src="file:///etc/passwd"></iframe>`,
      `<iframe src="${webUrl}/frame"></iframe>`,
      `<link rel="stylesheet" href="${webUrl}/style.css"/>`,
      `<style>@import url("${webUrl}/import.css"); body { background: url("file://${SYSTEM_PICTURE}"); }</style>`,
    ].join('');
    const epub = handMadeEpub('Linked', CHAPTERS, { extraBody: links });
    expectOnlyTheBook(await convert('linked.epub', epub));
  });

  it('an FB2 whose entities read /etc/passwd (XXE) answers without the file', async () => {
    const fb2 = handMadeFb2('Entities', CHAPTERS, {
      prologue: '<!DOCTYPE FictionBook [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY web SYSTEM "' + webUrl + '/entity">]>\n',
      extraBody: '<p>&xxe;</p><p>&web;</p>',
    });
    const res = await convert('entities.fb2', fb2);
    expect(res.status).toBeLessThan(500);
    if (res.status === 200) expectOnlyTheBook(res);
    expect(webRequests).toEqual([]);
  });

  it('an FB2 whose entities multiply a billion times answers promptly, 4xx or without the expansion', async () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const fb2 = handMadeFb2('Laughs', CHAPTERS, { prologue: `<!DOCTYPE FictionBook [<!ENTITY l0 "lol">${levels}]>\n`, extraBody: '<p>&l9;</p>' });
    const started = Date.now();
    const res = await convert('laughs.fb2', fb2);
    expect(res.status).toBeLessThan(500);
    expect(Date.now() - started).toBeLessThan(90_000);
    if (res.status === 200) expect(pageTexts(res.body).join('').split('lol').length).toBeLessThan(100_000);
  });

  it('a truncated MOBI is a 4xx or what Calibre can recover of it, never a crash', async () => {
    const mobi = kindleBook(handMadeEpub('Cut', CHAPTERS), '.mobi');
    const answers: number[] = [];
    for (const cut of [0.5, 0.1, 0.02]) {
      const res = await convert('cut.mobi', mobi.subarray(0, Math.floor(mobi.length * cut)));
      answers.push(res.status);
      if (res.status === 200) expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
      else expect(res.json.type).toBe('/errors/invalid-argument');
    }
    // Cut to its first records, nothing of the book is left to recover.
    expect(answers[2]).toBe(400);
  });
});

describe('A text too long to lay out in the time a conversion may take', () => {
  /** A short job limit, so that the conversion is stopped in seconds rather than minutes. */
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engineTimeoutMs: 25_000 });
  });
  afterAll(() => server.close());

  it('is stopped with a 400 before the job times out, leaving nothing behind', async () => {
    const line = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu\n\n';
    const text = Buffer.from(line.repeat(Math.ceil((12 * 1024 * 1024) / line.length)));
    const started = Date.now();
    const res = await postTool(server, ebookToPdfTool.endpoint, [{ name: 'huge.txt', content: text, contentType: 'text/plain' }]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/stopped after \d+ s, the longest one may take/);
    expect(Date.now() - started).toBeLessThan(40_000);
    expect(await leftoversAfterCleanup(server, 10_000)).toEqual([]);
    expect(await strayJobEngines(process.pid, 5_000)).toEqual([]);
  });
});
