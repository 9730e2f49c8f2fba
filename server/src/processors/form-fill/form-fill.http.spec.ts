import { formDeleteFieldsTool, formFieldsTool, formFieldsWithCoordinatesTool, formFillTool, formModifyFieldsTool, pipelineTool } from '@folio/registry';
import { officeFormPdf } from '../analysis-page-count/analysis-pdfs.fixtures';
import { formPdf, formReport } from '../../../test/support/form-pdfs';
import { postTool } from '../../../test/support/http';
import { sharedFieldKidsPdf } from '../../../test/support/looping-pdfs';
import { encryptPdf, makePdf, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { inheritedFormPdf, qpdfFields, reportlabFormPdf, withPikepdf } from '../form-fields/reference-forms.fixtures';

/** Each field's value as qpdf reads it, by full name (a radio group once). */
const qpdfValues = (pdf: Buffer) => Object.fromEntries(qpdfFields(pdf).map((field) => [field.fullname, field.value]));

/** The text of a field's normal appearance, and whether the form still asks viewers to draw appearances, by pikepdf. */
const appearanceOf = (pdf: Buffer, name: string) =>
  withPikepdf(
    pdf,
    `f = [f for f in pdf.Root.AcroForm.Fields if str(f.get('/T')) == ${JSON.stringify(name)}][0]
print(json.dumps({'text': f.AP.N.read_bytes().decode('latin1'), 'needAppearances': bool(pdf.Root.AcroForm.get('/NeedAppearances', False))}))`,
  );

describe('Fill PDF Form (/api/v1/form/fill)', () => {
  const server = useTestServer();
  const fill = (content: Buffer, fields: Record<string, string | boolean> = {}, name = 'form.pdf') =>
    postTool(server, formFillTool.endpoint, [{ name, content, field: 'file' }], fields);

  it('fills every kind of field of a reportlab form, as qpdf reads the values, with the text drawn afresh', async () => {
    const data = { firstName: 'Zoe', agree: false, size: 'small', colour: 'blue', Text7: ['alpha', 'Beta'], notes: 'Call me', nobody: 'x' };
    const res = await fill(reportlabFormPdf(), { data: JSON.stringify(data) }, 'form.PDF');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('form_filled.pdf');
    expect(qpdfValues(res.body)).toEqual({
      firstName: 'u:Zoe',
      agree: '/Off',
      size: '/small',
      colour: 'u:Blue',
      Text7: ['u:Alpha', 'u:Beta'],
      notes: 'u:Call me',
    });
    expect(appearanceOf(res.body, 'firstName')).toEqual({ text: expect.stringContaining('(Zoe)'), needAppearances: false });
  });

  it('takes the template /form/fields answers, and field definitions', async () => {
    const pdf = reportlabFormPdf();
    const { template } = (await postTool(server, formFieldsTool.endpoint, [{ name: 'form.pdf', content: pdf, field: 'file' }])).json;
    const round = await fill(pdf, { data: JSON.stringify({ template: { ...template, firstName: 'Templated' } }) });
    expect(qpdfValues(round.body)).toMatchObject({ firstName: 'u:Templated', agree: '/Yes', size: '/large' });
    const definitions = await fill(pdf, {
      data: JSON.stringify([
        { name: 'firstName', value: 'Defined' },
        { fieldName: 'agree', defaultValue: 'off' },
      ]),
    });
    expect(qpdfValues(definitions.body)).toMatchObject({ firstName: 'u:Defined', agree: '/Off' });
  });

  it('flattens the filled form into the pages: no form left, the values in the page text', async () => {
    const res = await fill(reportlabFormPdf(), { data: JSON.stringify({ firstName: 'Flattened Zoe' }), flatten: true });
    expect(res.status).toBe(200);
    expect(qpdfFields(res.body)).toEqual([]);
    expect(pageTexts(res.body)[0]).toContain('Flattened Zoe');
  });

  it('flattens only the form: a comment and a link on the page stay annotations', async () => {
    const res = await fill(await formPdf(), { data: JSON.stringify({ name: 'Kept Apart' }), flatten: true });
    expect(res.status).toBe(200);
    expect(formReport(res.body)).toMatchObject({ hasForm: false, fields: [], annotations: [['/Square', '/Link']] });
    expect(pageTexts(res.body)[0]).toContain('Kept Apart');
  });

  it('fills forms pdf-lib and LibreOffice wrote, by full or partial name', async () => {
    const pdfLib = await fill(await formPdf(), { data: JSON.stringify({ name: 'Partial', 'applicant.reference': 'REF-1' }) });
    expect(qpdfValues(pdfLib.body)).toMatchObject({ 'applicant.name': 'u:Partial', 'applicant.reference': 'u:REF-1' });
    const office = await fill(await officeFormPdf(), { data: JSON.stringify({ fullName: 'Asha Rao', city: 'Pune' }) });
    expect(qpdfValues(office.body)).toMatchObject({ fullName: 'u:Asha Rao', city: 'u:Pune' });
  }, 120_000);

  it('places a filled field that has no box on its page', async () => {
    const res = await fill(inheritedFormPdf(), { data: JSON.stringify({ orphan: 'found' }) });
    expect(res.status).toBe(200);
    const orphan = qpdfFields(res.body).find((field) => field.fullname === 'orphan');
    expect(orphan).toMatchObject({ value: 'u:found', pageposfrom1: 1 });
  });

  it('refuses a value a radio group cannot take, values for a document without a form, malformed data and a password with 400', async () => {
    const radio = await fill(reportlabFormPdf(), { data: '{"size": "medium"}' });
    expect([radio.status, radio.json.detail]).toEqual([400, "Failed to set value for field 'size'"]);
    const plain = await fill(await makePdf(1), { data: '{"name": "Ann"}' });
    expect([plain.status, plain.json.detail]).toEqual([400, 'No AcroForm present in document']);
    // Nothing to fill is no fault: the document comes back.
    const nothing = await fill(await makePdf(1), { data: '{}' });
    expect(nothing.status).toBe(200);
    const malformed = await fill(reportlabFormPdf(), { data: '{"size"' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.detail).toMatch(/data must be JSON/);
    const flatten = await fill(reportlabFormPdf(), { flatten: 'maybe' });
    expect(flatten.status).toBe(400);
    const locked = await fill(encryptPdf(reportlabFormPdf(), 'user-secret'));
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
  });

  it('runs as a pipeline step, the filled form as the result', async () => {
    const step = { operation: formFillTool.endpoint, parameters: { data: JSON.stringify({ firstName: 'Piped' }) } };
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'form.pdf', content: reportlabFormPdf() }], {
      json: JSON.stringify({ name: 'Fill', pipeline: [step] }),
    });
    expect(res.status).toBe(200);
    expect(qpdfValues(res.body)).toMatchObject({ firstName: 'u:Piped' });
  });

  it('answers a form whose field tree shares its branches 40 levels deep at once, reading each field once', async () => {
    const looping = sharedFieldKidsPdf();
    const requests: [string, Record<string, string>][] = [
      [formFieldsWithCoordinatesTool.endpoint, {}],
      [formFillTool.endpoint, { data: '{"w": "x"}' }],
      [formModifyFieldsTool.endpoint, { updates: '[{"targetName": "w", "label": "Wide"}]' }],
      [formDeleteFieldsTool.endpoint, { names: '["f0"]' }],
    ];
    for (const [endpoint, fields] of requests) {
      const started = Date.now();
      const res = await postTool(server, endpoint, [{ name: 'looping.pdf', content: looping, field: 'file' }], fields);
      expect([endpoint, res.status < 500]).toEqual([endpoint, true]);
      expect(Date.now() - started).toBeLessThan(20_000);
    }
  }, 120_000);
});
