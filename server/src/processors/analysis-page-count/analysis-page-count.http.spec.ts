import { analysisPageCountTool, pipelineTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, makePdf } from '../../../test/support/pdfs';
import { writePdf } from '../../../test/support/pdf-writer';
import { useTestServer } from '../../../test/support/test-server';
import { officeFormPdf, pdfinfo, reportlabNotes } from './analysis-pdfs.fixtures';

describe('Page Count (/api/v1/analysis/page-count)', () => {
  const server = useTestServer();
  const count = (content: Buffer, name = 'notes.pdf') => postTool(server, analysisPageCountTool.endpoint, [{ name, content }]);

  it('answers {"pageCount": n} as JSON for a reportlab document, the count pdfinfo reads', async () => {
    const pdf = reportlabNotes();
    const res = await count(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.toString('utf8')).toBe('{"pageCount":3}');
    expect(res.json.pageCount).toBe(Number(pdfinfo(pdf).Pages));
    // The reference names no file; the kit always sends a name, the upload's with what it holds.
    expect(res.fileName).toBe('notes_page_count.json');
  });

  it('counts the pages of a LibreOffice document and of a 1000-page one as pdfinfo does', async () => {
    const office = await officeFormPdf();
    expect((await count(office)).json).toEqual({ pageCount: Number(pdfinfo(office).Pages) });
    const big = await makePdf(1000);
    expect((await count(big)).json).toEqual({ pageCount: 1000 });
  }, 120_000);

  it('answers the /Count the page tree’s root states, as qpdf, pdfinfo and the reference’s PDFBox all read it', async () => {
    const lying = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 5 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ]);
    // The same count every other tool of the server checks page numbers against.
    expect((await count(lying)).json).toEqual({ pageCount: Number(pdfinfo(lying).Pages) });
  });

  it('counts an owner-password-only file, and refuses one that needs a password with the reference’s 400 E004', async () => {
    expect((await count(reportlabNotes({ ownerOnly: true }))).json).toEqual({ pageCount: 3 });
    const locked = await count(encryptPdf(await makePdf(2), 'user-secret'));
    expect(locked.status).toBe(400);
    expect(locked.json.errorCode).toBe('E004');
  });

  it('refuses what is no readable PDF with 400', async () => {
    const damaged = await count(CORRUPT_PDF);
    expect(damaged.status).toBe(400);
    expect(damaged.json.errorCode).toBe('E001');
    const text = await postTool(server, analysisPageCountTool.endpoint, [{ name: 'notes.txt', content: Buffer.from('just text'), contentType: 'text/plain' }]);
    expect(text.status).toBe(400);
    expect((await count(Buffer.alloc(0))).status).toBe(400);
  });

  it('ends a pipeline: the pages left after Remove Pages, counted', async () => {
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'notes.pdf', content: reportlabNotes() }], {
      json: JSON.stringify({
        name: 'Count what is left',
        pipeline: [
          { operation: '/api/v1/general/remove-pages', parameters: { pageNumbers: '2' } },
          { operation: analysisPageCountTool.endpoint, parameters: {} },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ pageCount: 2 });
    // A pipeline's result carries the upload's name, with the last step's extension.
    expect(res.fileName).toBe('notes.json');
  });
});
