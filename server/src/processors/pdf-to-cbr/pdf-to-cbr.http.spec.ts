import { pdfToCbrTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { makePdf, pageCount } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

describe('Pdf To Cbr (/api/v1/convert/pdf/cbr)', () => {
  const server = useTestServer();

  // TODO: assert the real result with a reader other than the processor's own code
  // (pageCount/pageTexts from Poppler, qpdf, rendered pixels, the XML inside an office file),
  // one test per claim the spec and the reference make; then the 4xx answers for bad input.
  it('answers the declared file for a small PDF', async () => {
    const res = await postTool(server, pdfToCbrTool.endpoint, [{ name: 'input.pdf', content: await makePdf(2) }]);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('input');
    expect(await pageCount(res.body)).toBe(2); // TODO: what the tool really changes
  });
});
