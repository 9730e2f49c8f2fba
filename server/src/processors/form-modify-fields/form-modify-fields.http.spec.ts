import { formModifyFieldsTool } from '@folio/registry';
import { formPdf } from '../../../test/support/form-pdfs';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { qpdfFields, reportlabFormPdf, withPikepdf } from '../form-fields/reference-forms.fixtures';

/** A field as pikepdf reads it: type, flags, value, /TU, /Opt, /Rect, and the text of its normal appearance. */
const pikepdfField = (pdf: Buffer, name: string) =>
  withPikepdf(
    pdf,
    `name = ${JSON.stringify(name)}
found = None
for f in pdf.Root.AcroForm.Fields:
    if str(f.get('/T')) == name: found = f
if found is None:
    print('null')
else:
    ap = found.get('/AP')
    n = ap.get('/N') if ap is not None else None
    text = n.read_bytes().decode('latin1') if isinstance(n, pikepdf.Stream) else None
    print(json.dumps({'type': str(found.get('/FT')), 'flags': int(found.get('/Ff', 0)), 'value': str(found.get('/V')) if found.get('/V') is not None else None,
        'tooltip': str(found.get('/TU')) if found.get('/TU') is not None else None, 'options': [str(o) for o in found.get('/Opt', [])],
        'rect': [float(v) for v in found.get('/Rect', [])], 'appearance': text,
        'needAppearances': bool(pdf.Root.AcroForm.get('/NeedAppearances', False))}))`,
  );

describe('Modify Form Fields (/api/v1/form/modify-fields)', () => {
  const server = useTestServer();
  const modify = (content: Buffer, updates?: unknown, name = 'form.pdf') =>
    postTool(
      server,
      formModifyFieldsTool.endpoint,
      [{ name, content, field: 'file' }],
      updates === undefined ? {} : { updates: typeof updates === 'string' ? updates : JSON.stringify(updates) },
    );

  it('renames, relabels, requires and refills a reportlab text field in place, its appearance drawn afresh', async () => {
    const update = { targetName: 'firstName', name: 'givenName', label: 'Given name', required: true, defaultValue: 'Zoe' };
    const res = await modify(reportlabFormPdf(), [update], 'form.PDF');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('form_updated.pdf');
    const field = pikepdfField(res.body, 'givenName');
    expect(field).toMatchObject({ type: '/Tx', value: 'Zoe', tooltip: 'Given name', rect: [100, 320, 300, 340], needAppearances: false });
    expect(field.flags & 2).toBe(2);
    expect(field.appearance).toContain('(Zoe)');
    expect(pikepdfField(res.body, 'firstName')).toBeNull();
    expect(qpdfFields(res.body).map((f) => f.fullname)).toContain('givenName');
  });

  it('replaces a field by one of another type on its widget, and replaces a drop-down’s options', async () => {
    const res = await modify(reportlabFormPdf(), [
      { targetName: 'agree', type: 'text', defaultValue: 'sure', tooltip: 'Agreement' },
      { targetName: 'colour', options: ['Cyan', 'Magenta'], defaultValue: 'magenta' },
      { targetName: 'notes', name: 'colour' },
    ]);
    expect(res.status).toBe(200);
    expect(pikepdfField(res.body, 'agree')).toMatchObject({ type: '/Tx', value: 'sure', tooltip: 'Agreement', rect: [100, 280, 115, 295] });
    expect(pikepdfField(res.body, 'colour')).toMatchObject({ type: '/Ch', options: ['Cyan', 'Magenta'], value: 'Magenta' });
    // A new name already taken is made unique.
    expect(pikepdfField(res.body, 'colour_1')).toMatchObject({ type: '/Tx' });
    const agree = qpdfFields(res.body).filter((f) => f.fullname === 'agree');
    expect(agree.map((f) => [f.fieldtype, f.pageposfrom1])).toEqual([['/Tx', 1]]);
  });

  it('renames a field of a pdf-lib form inside its group, keeping the group', async () => {
    const res = await modify(await formPdf(), [{ targetName: 'applicant.name', name: 'fullName' }]);
    expect(qpdfFields(res.body).map((f) => f.fullname)).toContain('applicant.fullName');
    expect(qpdfFields(res.body).map((f) => f.fullname)).not.toContain('applicant.name');
  });

  it('refuses updates that are absent, empty or not an array with 400; skips unknown fields; needs the password', async () => {
    const pdf = reportlabFormPdf();
    for (const updates of [undefined, '', '[]']) {
      const res = await modify(pdf, updates);
      expect([res.status, res.json.detail]).toEqual([400, 'updates payload must contain at least one definition']);
    }
    for (const updates of ['{}', '[{"targetName":']) {
      const res = await modify(pdf, updates);
      expect([res.status, res.json.detail]).toEqual([400, 'updates payload must be a JSON array of field definitions']);
    }
    const unknown = await modify(pdf, [
      { targetName: 'nobody', label: 'x' },
      { targetName: 'agree', type: 'slider' },
    ]);
    expect(unknown.status).toBe(200);
    expect(qpdfFields(unknown.body).map((f) => [f.fullname, f.fieldtype])).toEqual(qpdfFields(pdf).map((f) => [f.fullname, f.fieldtype]));
    const plain = await modify(await makePdf(1), [{ targetName: 'x', label: 'y' }]);
    expect(plain.status).toBe(200);
    const locked = await modify(encryptPdf(pdf, 'user-secret'), [{ targetName: 'agree' }]);
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
  });
});
