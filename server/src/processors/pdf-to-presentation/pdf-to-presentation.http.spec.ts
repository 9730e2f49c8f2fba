import AdmZip from 'adm-zip';
import { pdfToPresentationTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { officeFixture } from '../../../test/support/office-fixtures';
import { CORRUPT_PDF, makePdf, pageCount, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/** The visible text of an XML part: tags removed, runs joined. */
const textOfXml = (xml: string) => xml.replace(/<[^>]+>/g, '');

describe('PDF to Presentation (/api/v1/convert/pdf/presentation)', () => {
  const server = useTestServer();
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await makePdf(3, { label: 'Quarterly' });
  });

  const convert = (fields: Record<string, string> = {}) => postTool(server, pdfToPresentationTool.endpoint, [{ name: 'deck.pdf', content: pdf }], fields);

  it('makes a PPTX by default, one slide per page, with the pages text', async () => {
    const res = await convert();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('deck.pptx');
    const zip = new AdmZip(res.body);
    const slides = zip
      .getEntries()
      .map((e) => e.entryName)
      .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
      .sort();
    expect(slides).toEqual(['ppt/slides/slide1.xml', 'ppt/slides/slide2.xml', 'ppt/slides/slide3.xml']);
    for (const n of [1, 2, 3]) expect(textOfXml(zip.readAsText(`ppt/slides/slide${n}.xml`))).toContain(`Quarterly page ${n}`);
  });

  it('makes an ODP holding the text (format in any case)', async () => {
    const res = await convert({ outputFormat: 'ODP' });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('deck.odp');
    const zip = new AdmZip(res.body);
    expect(zip.readAsText('mimetype')).toBe('application/vnd.oasis.opendocument.presentation');
    const content = textOfXml(zip.readAsText('content.xml'));
    for (const n of [1, 2, 3]) expect(content).toContain(`Quarterly page ${n}`);
    expect(zip.readAsText('content.xml').match(/<draw:page /g)).toHaveLength(3);
  });

  it('makes a PPT that opens again as three slides with the text', async () => {
    const res = await convert({ outputFormat: 'ppt' });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('deck.ppt');
    // OLE2 compound file signature.
    expect(res.body.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
    const back = await officeFixture(res.body, '.ppt', 'impress_pdf_Export', '.pdf');
    expect(pageCount(back)).toBe(3);
    expect(pageTexts(back)).toEqual(['Quarterly page 1', 'Quarterly page 2', 'Quarterly page 3']);
  });

  it('refuses an unknown output format with 400', async () => {
    const res = await convert({ outputFormat: 'key' });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Output format must be pptx, ppt or odp.');
  });

  it('refuses a damaged PDF with 400', async () => {
    const res = await postTool(server, pdfToPresentationTool.endpoint, [{ name: 'broken.pdf', content: CORRUPT_PDF }]);
    expect(res.status).toBe(400);
  });

  it('takes a PDF sent with another content type (unlike the reference)', async () => {
    const res = await postTool(server, pdfToPresentationTool.endpoint, [{ name: 'deck.pdf', content: pdf, contentType: 'application/octet-stream' }]);
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('deck.pptx');
  });
});
