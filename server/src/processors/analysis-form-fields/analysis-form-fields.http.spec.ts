import { analysisFormFieldsTool } from '@folio/registry';
import { objectsOf } from '../../../test/support/active-content-pdfs';
import { lockedFormPdf, pdfLibFormPdf, qpdfForm } from '../../../test/support/form-pdfs';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { pdfsig, signedContract } from '../../../test/support/signed-pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { officeFormPdf, pdfinfo, STRUCTURES, structuresPdf } from '../analysis-page-count/analysis-pdfs.fixtures';

/** The form's top-level fields as qpdf's form reading implies them: the first part of each terminal field's full name. */
const qpdfTopLevelFields = (pdf: Buffer) => new Set(qpdfForm(pdf).fields.map((field) => field.fullname.split('.')[0])).size;

/** The catalog's /AcroForm as qpdf lists it. */
const acroForm = (pdf: Buffer) => {
  const { resolve, catalog } = objectsOf(pdf);
  return resolve(catalog['/AcroForm']) as Record<string, unknown> | undefined;
};

describe('Form Field Summary (/api/v1/analysis/form-fields)', () => {
  const server = useTestServer();
  const summary = (content: Buffer, name = 'form.pdf') => postTool(server, analysisFormFieldsTool.endpoint, [{ name, content }]);

  it('counts the fields of a form LibreOffice wrote, as qpdf and pdfinfo read it: no XFA, no signatures', async () => {
    const pdf = await officeFormPdf();
    expect(pdfinfo(pdf).Form).toBe('AcroForm');
    const res = await summary(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.fileName).toBe('form_form_fields.json');
    expect(res.body.toString('utf8')).toBe(`{"fieldCount":${qpdfTopLevelFields(pdf)},"hasXFA":false,"isSignaturesExist":false}`);
    expect(res.json.fieldCount).toBe(4);
  }, 120_000);

  it('counts a group of fields once (the form’s top level), and reads /XFA and SigFlags bit 1', async () => {
    const pdf = structuresPdf();
    expect(qpdfForm(pdf).fields.map((field) => field.fullname)).toEqual(STRUCTURES.terminalFields);
    expect(acroForm(pdf)).toMatchObject({ '/SigFlags': 3, '/XFA': expect.any(String) });
    expect((await summary(pdf)).json).toEqual({ fieldCount: STRUCTURES.topLevelFields, hasXFA: true, isSignaturesExist: true });
  });

  it('says a signed form has signatures and the same form unsigned has none, as pdfsig finds them', async () => {
    const signed = signedContract();
    expect(pdfsig(signed)).not.toMatch(/is not signed/);
    expect((await summary(signed)).json).toEqual({ fieldCount: qpdfTopLevelFields(signed), hasXFA: false, isSignaturesExist: true });
    const unsigned = signedContract({ signed: false });
    expect(pdfsig(unsigned).match(/The signature form field is not signed/g)).toHaveLength(2);
    expect((await summary(unsigned)).json).toEqual({ fieldCount: 3, hasXFA: false, isSignaturesExist: false });
  });

  it('sees the XFA beside a hybrid form’s fields, and counts the fields pdf-lib writes', async () => {
    const hybrid = lockedFormPdf({ xfa: 'hybrid' });
    expect(acroForm(hybrid)?.['/XFA']).toBeDefined();
    expect((await summary(hybrid)).json).toEqual({ fieldCount: qpdfTopLevelFields(hybrid), hasXFA: true, isSignaturesExist: false });
    const pdfLib = await pdfLibFormPdf();
    expect((await summary(pdfLib)).json).toEqual({ fieldCount: qpdfTopLevelFields(pdfLib), hasXFA: false, isSignaturesExist: false });
  });

  it('answers 0, false, false for a document without a form; refuses one that needs a password with 400 E004', async () => {
    const plain = await makePdf(2);
    expect(qpdfForm(plain).hasacroform).toBe(false);
    expect((await summary(plain)).json).toEqual({ fieldCount: 0, hasXFA: false, isSignaturesExist: false });
    const locked = await summary(encryptPdf(plain, 'user-secret'));
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
  });
});
