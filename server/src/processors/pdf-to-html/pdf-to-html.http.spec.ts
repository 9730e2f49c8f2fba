import AdmZip from 'adm-zip';
import { PDFDocument, PDFName, PDFString, StandardFonts, rgb } from 'pdf-lib';
import { pdfToHtmlTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { encryptPdf } from '../../../test/support/pdfs';
import { bookmarkedPdf } from '../../../test/support/bookmarked-pdfs';
import { textCorpusDocument } from '../../../test/corpus/text-corpus';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/**
 * Two pages of text; page 2 also has a red square (drawn into its background
 * image), a javascript: link and a web link whose address breaks out of its
 * attribute (pdftohtml copies both as they are).
 */
async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([300, 400]);
  first.drawText('Opening words', { x: 20, y: 350, size: 16, font });
  first.drawText('<b>not markup</b> & more', { x: 20, y: 320, size: 10, font });
  const second = doc.addPage([300, 400]);
  second.drawText('Second page text', { x: 20, y: 350, size: 16, font });
  second.drawText('Web link', { x: 20, y: 205, size: 16, font });
  second.drawRectangle({ x: 40, y: 60, width: 120, height: 120, color: rgb(1, 0, 0) });
  const { context } = doc;
  const link = (uri: string, y: number) =>
    context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [20, y, 200, y + 20], Border: [0, 0, 0], A: { S: 'URI', URI: PDFString.of(uri) } }));
  second.node.set(PDFName.of('Annots'), context.obj([link('javascript:alert(1)', 345), link('https://example.com/"onmouseover="alert(2)', 200)]));
  return Buffer.from(await doc.save());
}

describe('PDF to HTML (/api/v1/convert/pdf/html)', () => {
  const server = useTestServer();
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await samplePdf();
  });

  const convert = (fields: Record<string, string> = {}, content = pdf, name = 'my doc.pdf') =>
    postTool(server, pdfToHtmlTool.endpoint, [{ name, content }], fields);

  it('answers the reference ZIP: frame set, index, one file per page and the background images', async () => {
    const res = await convert();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('my docToHtml.zip');
    const zip = new AdmZip(res.body);
    const names = zip
      .getEntries()
      .map((e) => e.entryName)
      .sort();
    expect(names).toEqual(['my doc-1.html', 'my doc-2.html', 'my doc.html', 'my doc001.png', 'my doc002.png', 'my doc_ind.html']);
    expect(zip.readAsText('my doc-1.html')).toContain('Opening words');
    expect(zip.readAsText('my doc-2.html')).toContain('Second page text');
    expect(zip.readAsText('my doc.html')).toContain('my doc_ind.html');
    expect(zip.getEntry('my doc002.png')!.getData().subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('answers one self-contained HTML file when singleFile is set (what the page asks for)', async () => {
    const res = await convert({ singleFile: 'true' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.fileName).toBe('my doc.html');
    const html = res.body.toString('utf8');
    expect(html).toContain('Opening words');
    expect(html).toContain('Second page text');
    expect(html).toContain('&lt;b&gt;not markup&lt;/b&gt;');
    // Both page backgrounds inlined; nothing loaded from anywhere else.
    expect(html.match(/<img[^>]+src="data:image\/png;base64,/g)?.length).toBe(2);
    for (const match of html.matchAll(/\b(src|href)\s*=\s*"([^"]*)"/g)) {
      const [, attribute, value] = match;
      if (attribute === 'src') expect(value).toMatch(/^data:image\//);
      else expect(value).toMatch(/^(#|https?:)/);
    }
    expect(html).toContain('<a href="https://example.com/">');
    expect(html).not.toMatch(/javascript:|onmouseover=/i);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("default-src 'none'");
  });

  it('converts an owner-password-only PDF; refuses one that needs a password', async () => {
    const owner = await convert({ singleFile: 'true' }, encryptPdf(pdf, ''));
    expect(owner.status).toBe(200);
    expect(owner.body.toString('utf8')).toContain('Opening words');
    const locked = await convert({}, encryptPdf(pdf, 'secret'));
    expect(locked.status).toBe(400);
  });

  it('one HTML file: every text class used is defined, on later pages too (ReportLab report, 16 pages)', async () => {
    const res = await convert({ singleFile: 'true' }, textCorpusDocument('reportlab-two-frame').pdf);
    expect(res.status).toBe(200);
    const html = res.body.toString('utf8');
    const used = new Set([...html.matchAll(/class="(ft\d+)"/g)].map((m) => m[1]));
    const defined = new Set([...html.matchAll(/\.(ft\d+)\s*\{/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(16);
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
    // Every heading, on whatever page, is set larger than the 10 pt body (15 px at pdftohtml's zoom of 1.5).
    const sizeOf = new Map([...html.matchAll(/\.(ft\d+)\{font-size:(\d+)px/g)].map((m) => [m[1], Number(m[2])]));
    const headings = textCorpusDocument('reportlab-two-frame').headings;
    const headingSizes = headings.map((heading) => sizeOf.get(new RegExp(`class="(ft\\d+)"[^>]*>(?:<b>)?${heading}<`).exec(html)?.[1] ?? ''));
    expect(headingSizes).toEqual(headings.map(() => expect.any(Number)));
    expect(headingSizes.every((size) => size! > 15)).toBe(true);
  });

  it('one HTML file: the bookmark list links to its pages', async () => {
    const pdf = bookmarkedPdf(3, [
      { title: 'Start', page: 1 },
      { title: 'Middle', page: 2 },
      { title: 'End', page: 3 },
    ]);
    const html = (await convert({ singleFile: 'true' }, pdf)).body.toString('utf8');
    for (const [title, page] of [
      ['Start', 1],
      ['Middle', 2],
      ['End', 3],
    ] as const) {
      expect(html).toMatch(new RegExp(`<a href="#${page}">${title}</a>`));
      expect(html).toContain(`<a name="${page}"></a>`);
    }
  });
});
