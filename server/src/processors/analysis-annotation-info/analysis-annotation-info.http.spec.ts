import { analysisAnnotationInfoTool } from '@folio/registry';
import { stopChromium } from '../../engines/chromium';
import { formReport } from '../../../test/support/form-pdfs';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { chromiumPdf, officeFormPdf, reportlabNotes, structuresPdf } from '../analysis-page-count/analysis-pdfs.fixtures';

/** The answer qpdf's listing of each page's annotations predicts: every subtype it finds, counted. */
function qpdfBreakdown(pdf: Buffer): { totalCount: number; typeBreakdown: Record<string, number> } {
  const subtypes = formReport(pdf)
    .annotations.flat()
    .filter((subtype) => subtype.startsWith('/'));
  const typeBreakdown: Record<string, number> = {};
  for (const subtype of subtypes) typeBreakdown[subtype.slice(1)] = (typeBreakdown[subtype.slice(1)] ?? 0) + 1;
  return { totalCount: subtypes.length, typeBreakdown };
}

describe('Annotation Summary (/api/v1/analysis/annotation-info)', () => {
  const server = useTestServer();
  const annotations = (content: Buffer, name = 'notes.pdf') => postTool(server, analysisAnnotationInfoTool.endpoint, [{ name, content }]);
  afterAll(() => stopChromium());

  it('counts a reportlab document’s link and note by subtype, as qpdf lists them', async () => {
    const pdf = reportlabNotes();
    const res = await annotations(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.fileName).toBe('notes_annotations.json');
    expect(res.json).toEqual(qpdfBreakdown(pdf));
    expect(res.json).toEqual({ totalCount: 2, typeBreakdown: { Link: 1, Text: 1 } });
  });

  it('counts the widgets of a LibreOffice form and the links Chromium prints', async () => {
    const office = await officeFormPdf();
    expect((await annotations(office)).json).toEqual(qpdfBreakdown(office));
    expect((await annotations(office)).json.typeBreakdown).toMatchObject({ Widget: 4 });
    const chromium = await chromiumPdf(server);
    expect((await annotations(chromium)).json).toEqual(qpdfBreakdown(chromium));
    expect((await annotations(chromium)).json).toEqual({ totalCount: 2, typeBreakdown: { Link: 2 } });
  }, 120_000);

  it('skips an annotation without /Subtype and an entry that is none, where the reference fails with a 500', async () => {
    const pdf = structuresPdf();
    expect(formReport(pdf).annotations.slice(0, 2)).toEqual([
      ['/Link', 'undefined', '/Widget', 'undefined'],
      ['/Widget', '/Widget'],
    ]);
    const res = await annotations(pdf);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ totalCount: 4, typeBreakdown: { Link: 1, Widget: 3 } });
  });

  it('answers zero for a document without annotations; refuses one that needs a password with 400 E004', async () => {
    const plain = await makePdf(2);
    expect((await annotations(plain)).json).toEqual({ totalCount: 0, typeBreakdown: {} });
    const locked = await annotations(encryptPdf(plain, 'user-secret'));
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
  });
});
