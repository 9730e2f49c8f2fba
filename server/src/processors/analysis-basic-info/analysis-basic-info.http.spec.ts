import { analysisBasicInfoTool } from '@folio/registry';
import { objectsOf } from '../../../test/support/active-content-pdfs';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { officeFormPdf, pdfinfo, reportlabNotes, structuresPdf } from '../analysis-page-count/analysis-pdfs.fixtures';

describe('Basic PDF Info (/api/v1/analysis/basic-info)', () => {
  const server = useTestServer();
  const basicInfo = (content: Buffer, name = 'notes.pdf') => postTool(server, analysisBasicInfoTool.endpoint, [{ name, content }]);

  it('answers pages, version (a number) and size in bytes as pdfinfo reads them, for a reportlab document', async () => {
    const pdf = reportlabNotes();
    const res = await basicInfo(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.fileName).toBe('notes_basic_info.json');
    const poppler = pdfinfo(pdf);
    expect(res.json).toEqual({ pageCount: Number(poppler.Pages), pdfVersion: Number(poppler['PDF version']), fileSize: pdf.length });
    expect(res.json).toEqual({ pageCount: 3, pdfVersion: 1.3, fileSize: Number(poppler['File size'].split(' ')[0]) });
  });

  it('reads a LibreOffice document the same way', async () => {
    const pdf = await officeFormPdf();
    const poppler = pdfinfo(pdf);
    expect((await basicInfo(pdf)).json).toEqual({ pageCount: Number(poppler.Pages), pdfVersion: Number(poppler['PDF version']), fileSize: pdf.length });
  }, 120_000);

  it('gives the catalog’s /Version where it is later than the header’s, as PDFBox and pdfinfo do', async () => {
    const pdf = structuresPdf();
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(objectsOf(pdf).catalog['/Version']).toBe('/2.0');
    expect(pdfinfo(pdf)['PDF version']).toBe('2.0');
    expect((await basicInfo(pdf)).json).toEqual({ pageCount: 3, pdfVersion: 2, fileSize: pdf.length });
  });

  it('describes an owner-password-only file; refuses a corrupt one, and one that needs a password, with 400', async () => {
    const owned = reportlabNotes({ ownerOnly: true });
    expect((await basicInfo(owned)).json).toEqual({ pageCount: 3, pdfVersion: Number(pdfinfo(owned)['PDF version']), fileSize: owned.length });
    const locked = await basicInfo(encryptPdf(await makePdf(1), 'user-secret'));
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
    const damaged = await basicInfo(CORRUPT_PDF);
    expect([damaged.status, damaged.json.errorCode]).toEqual([400, 'E001']);
  });
});
