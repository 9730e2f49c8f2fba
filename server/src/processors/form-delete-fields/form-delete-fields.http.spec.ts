import { formDeleteFieldsTool } from '@folio/registry';
import { officeFormPdf } from '../analysis-page-count/analysis-pdfs.fixtures';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { inheritedFormPdf, qpdfFields, reportlabFormPdf, withPikepdf } from '../form-fields/reference-forms.fixtures';

/** The widgets on each page, by pikepdf: their /T or their parent's. */
const widgetsOnPages = (pdf: Buffer): string[][] =>
  withPikepdf(
    pdf,
    `def name(a):
    t = a.get('/T')
    if t is None and a.get('/Parent') is not None: t = a.Parent.get('/T')
    return str(t) if t is not None else '?'
print(json.dumps([[name(a) for a in p.obj.get('/Annots', []) if a.get('/Subtype') == '/Widget'] for p in pdf.pages]))`,
  );

const fieldNames = (pdf: Buffer) => [...new Set(qpdfFields(pdf).map((field) => field.fullname))];

describe('Delete Form Fields (/api/v1/form/delete-fields)', () => {
  const server = useTestServer();
  const remove = (content: Buffer, names?: string, name = 'form.pdf') =>
    postTool(server, formDeleteFieldsTool.endpoint, [{ name, content, field: 'file' }], names === undefined ? {} : { names });

  it('removes the named fields of a reportlab form and their widgets, by name or by object, and keeps the rest', async () => {
    const pdf = reportlabFormPdf();
    expect(widgetsOnPages(pdf)[0]).toEqual(['firstName', 'agree', 'size', 'size', 'colour', 'Text7']);
    const res = await remove(pdf, JSON.stringify(['size', { name: 'colour' }, ' size ', 'nobody']), 'form.PDF');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('form_updated.pdf');
    expect(fieldNames(res.body)).toEqual(['firstName', 'agree', 'Text7', 'notes']);
    expect(widgetsOnPages(res.body)).toEqual([['firstName', 'agree', 'Text7'], ['notes']]);
  });

  it('removes a group with everything under it by its name, and a field by its partial name', async () => {
    const group = await remove(inheritedFormPdf(), '"person"');
    expect(fieldNames(group.body)).toEqual(['choice', 'offPage']);
    const partial = await remove(inheritedFormPdf(), '{"fields": [{"fieldName": "last"}]}');
    expect(fieldNames(partial.body)).toEqual(['person.first', 'choice', 'offPage']);
  });

  it('removes a field of a form LibreOffice wrote', async () => {
    const pdf = await officeFormPdf();
    const before = fieldNames(pdf);
    expect(before).toContain('city');
    const res = await remove(pdf, '["city"]');
    expect(fieldNames(res.body)).toEqual(before.filter((name) => name !== 'city'));
  }, 120_000);

  it('refuses a payload with no names, or not JSON, with 400 and the reference’s messages; a document without a form comes back', async () => {
    const pdf = reportlabFormPdf();
    for (const names of [undefined, '', '[]', '[" "]']) {
      const res = await remove(pdf, names);
      expect([res.status, res.json.detail]).toEqual([400, 'names payload must contain at least one value']);
    }
    const nameless = await remove(pdf, '{}');
    expect([nameless.status, nameless.json.detail]).toEqual([
      400,
      "Invalid names payload format: expected array of strings or objects with 'name'-like properties",
    ]);
    const malformed = await remove(pdf, '["size"');
    expect(malformed.status).toBe(400);
    expect(malformed.json.detail).toMatch(/names payload must be JSON/);
    const plain = await remove(await makePdf(2), '["x"]');
    expect(plain.status).toBe(200);
    const locked = await remove(encryptPdf(pdf, 'user-secret'), '["size"]');
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
  });
});
