import { htmlToPdfTool } from '@folio/registry';
import { stopChromium } from '../../engines/chromium';
import { countPixels, pageSizes, pixelBombPng, renderFirstPage, solidPng, zipOf } from '../../../test/support/html-documents';
import { postTool } from '../../../test/support/http';
import { pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

const RED: [number, number, number] = [255, 0, 0];
const html = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;
const htmlFile = (name: string, body: string) => ({ name, content: Buffer.from(html(body)), contentType: 'text/html' });
const zipFile = (name: string, entries: Record<string, Buffer | string>) => ({ name, content: zipOf(entries), contentType: 'application/zip' });

/** A page whose picture fills a good part of page 1, so its pixels are easy to find. */
const PAGE_WITH_PICTURE = html('<h1>Quarterly report</h1><img src="img/red.png" style="width:10cm;height:10cm">');

/** One page of the size, to the point (Chromium rounds the paper to whole CSS pixels). */
function expectSize(sizes: { width: number; height: number }[], expected: { width: number; height: number }): void {
  expect(sizes).toHaveLength(1);
  expect(Math.abs(sizes[0].width - expected.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(sizes[0].height - expected.height)).toBeLessThanOrEqual(1);
}

describe('HTML to PDF (/api/v1/convert/html/pdf)', () => {
  const server = useTestServer();
  afterAll(() => stopChromium());

  it('renders an .html file to an A4 PDF named after it', async () => {
    const res = await postTool(server, htmlToPdfTool.endpoint, [htmlFile('Page.HTM', '<h1>Hello from HTML</h1><p>Ünïcode — ok</p>')]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('Page.pdf');
    const [text] = pageTexts(res.body);
    expect(text).toContain('Hello from HTML');
    expect(text).toContain('Ünïcode — ok');
    expectSize(await pageSizes(res.body), { width: 595, height: 842 }); // 210 × 297 mm
  });

  it.each([
    ['LETTER', { width: 612, height: 792 }],
    ['Letter', { width: 612, height: 792 }],
    ['LEGAL', { width: 612, height: 1008 }],
    ['A3', { width: 842, height: 1191 }],
  ])('page size %s', async (pageSize, size) => {
    const res = await postTool(server, htmlToPdfTool.endpoint, [htmlFile('a.html', '<p>sized</p>')], { pageSize });
    expect(res.status).toBe(200);
    expectSize(await pageSizes(res.body), size);
  });

  it('renders the page of a ZIP with its own image and stylesheet', async () => {
    const upload = zipFile('site.zip', {
      'index.html': PAGE_WITH_PICTURE.replace('</head>', '<link rel="stylesheet" href="css/site.css"></head>') + '<p class="note">n</p>',
      'img/red.png': solidPng(40, 40, [255, 0, 0]),
      'css/site.css': '.note::after { content: "styled by the archive"; }',
      'other.html': html('<p>not the main page</p>'),
    });
    const res = await postTool(server, htmlToPdfTool.endpoint, [upload], { zoom: 1.5 });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('site.pdf');
    const [text] = pageTexts(res.body);
    expect(text).toContain('Quarterly report');
    expect(text).toContain('styled by the archive');
    expect(text).not.toContain('not the main page');
    // 10 cm square at 30 dpi ≈ 118 × 118 px.
    expect(countPixels(renderFirstPage(res.body), RED)).toBeGreaterThan(10_000);
  });

  it('finds the page in a subfolder when there is no root index.html, with paths relative to it', async () => {
    const upload = zipFile('nested.zip', { 'site/page.html': PAGE_WITH_PICTURE, 'site/img/red.png': solidPng(8, 8, [255, 0, 0]) });
    const res = await postTool(server, htmlToPdfTool.endpoint, [upload]);
    expect(res.status).toBe(200);
    expect(countPixels(renderFirstPage(res.body), RED)).toBeGreaterThan(10_000);
  });

  it("leaves the archive's assets out with includeResources=false (data: URIs still work)", async () => {
    const dataUri = `data:image/png;base64,${solidPng(4, 4, [0, 0, 255]).toString('base64')}`;
    const upload = zipFile('site.zip', {
      'index.html': PAGE_WITH_PICTURE.replace('</body>', `<img src="${dataUri}" style="width:5cm;height:5cm"></body>`),
      'img/red.png': solidPng(8, 8, [255, 0, 0]),
    });
    const res = await postTool(server, htmlToPdfTool.endpoint, [upload], { includeResources: false });
    expect(res.status).toBe(200);
    const page = renderFirstPage(res.body);
    expect(countPixels(page, RED)).toBe(0);
    expect(countPixels(page, [0, 0, 255])).toBeGreaterThan(2_000);
    expect(pageTexts(res.body)[0]).toContain('Quarterly report');
  });

  it("runs the page's own scripts", async () => {
    const res = await postTool(server, htmlToPdfTool.endpoint, [
      htmlFile('s.html', '<p id="out">static</p><script>document.getElementById("out").textContent = "written by " + "script";</script>'),
    ]);
    expect(pageTexts(res.body)[0]).toContain('written by script');
  });

  it('reads a Windows-1252 page that says so', async () => {
    const bytes = Buffer.concat([
      Buffer.from('<html><head><meta charset="windows-1252"></head><body><p>caf'),
      Buffer.from([0xe9]),
      Buffer.from(' cr'),
      Buffer.from([0xe8]),
      Buffer.from('me</p></body></html>'),
    ]);
    const res = await postTool(server, htmlToPdfTool.endpoint, [{ name: 'old.html', content: bytes, contentType: 'text/html' }]);
    expect(pageTexts(res.body)[0]).toContain('café crème');
  });

  it.each([
    ['a PDF', { name: 'x.pdf', content: Buffer.from('%PDF-1.7\n'), contentType: 'application/pdf' }],
    ['a Markdown file', { name: 'x.md', content: Buffer.from('# hi'), contentType: 'text/markdown' }],
    ['a binary file named .html', { name: 'x.html', content: Buffer.from([0x00, 0x01, 0x02, 0x03]), contentType: 'text/html' }],
  ])("refuses %s with the spec's message", async (_, upload) => {
    const res = await postTool(server, htmlToPdfTool.endpoint, [upload]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Please upload a valid HTML file (.html or .htm).');
  });

  it('refuses a ZIP without an HTML file', async () => {
    const res = await postTool(server, htmlToPdfTool.endpoint, [zipFile('x.zip', { 'readme.txt': 'nothing here' })]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/no HTML file/);
  });

  it('refuses an unknown page size', async () => {
    const res = await postTool(server, htmlToPdfTool.endpoint, [htmlFile('a.html', 'x')], { pageSize: 'B5' });
    expect(res.status).toBe(400);
  });

  it('refuses ZIP entries that climb out of the archive', async () => {
    const zip = zipOf({ 'index.html': html('<p>x</p>'), 'zz/evil.png': solidPng(2, 2, RED) });
    // AdmZip cleans names on add, so the traversal is written into the archive's bytes afterwards (same length).
    const evil = Buffer.from(zip.toString('latin1').split('zz/evil.png').join('../evil.png'), 'latin1');
    const res = await postTool(server, htmlToPdfTool.endpoint, [{ name: 'evil.zip', content: evil, contentType: 'application/zip' }]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/outside the archive/);
  });

  it('refuses a pixel bomb in the archive before rendering it', async () => {
    const upload = zipFile('bomb.zip', { 'index.html': html('<img src="big.png">'), 'big.png': pixelBombPng(30_000, 30_000) });
    const res = await postTool(server, htmlToPdfTool.endpoint, [upload]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/30000 × 30000/);
  });
});
