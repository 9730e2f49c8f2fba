import { execFileSync } from 'node:child_process';
import { analysisFontInfoTool } from '@folio/registry';
import { stopChromium } from '../../engines/chromium';
import { objectsOf } from '../../../test/support/active-content-pdfs';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { chromiumPdf, officeFormPdf, popplerFontObjects, reportlabNotes, structuresPdf, withPdfFile } from '../analysis-page-count/analysis-pdfs.fixtures';

/**
 * The font resources of each page, as qpdf lists the pages (`--json-key=pages`)
 * and their objects: name → the font object's number, the /Font dictionary
 * taken from the page or, where it has no /Resources, the nearest parent's.
 */
function qpdfPageFonts(pdf: Buffer): Map<string, number>[] {
  const pages = withPdfFile(
    pdf,
    (path) => (JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=pages', path], { encoding: 'utf8' })) as { pages: { object: string }[] }).pages,
  );
  const { resolve } = objectsOf(pdf);
  return pages.map(({ object }) => {
    let node = resolve(object);
    while (node && node['/Resources'] === undefined) node = resolve(node['/Parent']);
    const fonts = resolve(resolve(node?.['/Resources'])?.['/Font']) ?? {};
    return new Map(Object.entries(fonts).map(([name, ref]) => [name.slice(1), Number(String(ref).split(' ')[0])]));
  });
}

/** The answer qpdf's listing predicts: every page's font resource names, each once, in page order. */
function qpdfFontNames(pdf: Buffer): string[] {
  return [...new Set(qpdfPageFonts(pdf).flatMap((fonts) => [...fonts.keys()]))];
}

/** The font objects the pages' resources name. */
const namedFontObjects = (pdf: Buffer) => new Set(qpdfPageFonts(pdf).flatMap((fonts) => [...fonts.values()]));

describe('Font Resources (/api/v1/analysis/font-info)', () => {
  const server = useTestServer();
  const fontInfo = (content: Buffer, name = 'notes.pdf') => postTool(server, analysisFontInfoTool.endpoint, [{ name, content }]);
  afterAll(() => stopChromium());

  it('lists the resource names reportlab gives its fonts, each once, naming the fonts pdffonts finds', async () => {
    const pdf = reportlabNotes();
    const res = await fontInfo(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.fileName).toBe('notes_fonts.json');
    expect(res.json).toEqual({ fontCount: 3, fonts: qpdfFontNames(pdf) });
    expect(res.json.fonts).toEqual(['F1', 'F2', 'F3']);
    // Helvetica, Times-Bold and Courier, each used on some page.
    expect(popplerFontObjects(pdf).sort()).toEqual([...namedFontObjects(pdf)].sort());
  });

  it('lists the font resources of the pages Chromium and LibreOffice print', async () => {
    for (const pdf of [await chromiumPdf(server), await officeFormPdf()]) {
      const res = await fontInfo(pdf);
      const names = qpdfFontNames(pdf);
      expect(res.json).toEqual({ fontCount: names.length, fonts: names });
      expect(names.length).toBeGreaterThan(0);
      for (const object of popplerFontObjects(pdf)) expect(namedFontObjects(pdf)).toContain(object);
    }
  }, 120_000);

  it('takes the fonts a page inherits from the page tree, and not those only a Form XObject names', async () => {
    const pdf = structuresPdf();
    const res = await fontInfo(pdf);
    expect(res.json).toEqual({ fontCount: 3, fonts: ['Body', 'Title', 'F1'] });
    expect(res.json).toEqual({ fontCount: 3, fonts: qpdfFontNames(pdf) });
    expect(res.json.fonts).not.toContain('Hidden');
  });

  it('answers no fonts for pages without any; refuses a file that needs a password with 400 E004', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    expect((await fontInfo(Buffer.from(await doc.save()))).json).toEqual({ fontCount: 0, fonts: [] });
    const locked = await fontInfo(encryptPdf(await makePdf(1), 'user-secret'));
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
  });
});
