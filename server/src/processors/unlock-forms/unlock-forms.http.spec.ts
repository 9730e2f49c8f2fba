import { unlockFormsTool } from '@folio/registry';
import { objectsOf, read } from '../../../test/support/active-content-pdfs';
import { showEncryption } from '../../../test/support/encryption-report';
import { lockedFormPdf, pdfLibFormPdf, qpdfForm, qpdfStreamText, XFA_DATASETS, XFA_TEMPLATE, type QpdfField } from '../../../test/support/form-pdfs';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

const READ_ONLY = 1;

/** Field name → [flags, value], as qpdf reads the form. */
const fieldsOf = (pdf: Buffer): Record<string, [number, unknown]> =>
  Object.fromEntries(qpdfForm(pdf).fields.map((f: QpdfField) => [f.fullname, [f.fieldflags, f.value]]));

/** The XFA packets a form holds: name → stream reference. */
function xfaPackets(pdf: Buffer): Record<string, string> {
  const { catalog, resolve } = objectsOf(pdf);
  const xfa: unknown[] = resolve(resolve(catalog['/AcroForm'])['/XFA']) ?? [];
  const packets: Record<string, string> = {};
  for (let i = 0; i + 1 < xfa.length; i += 2) packets[String(xfa[i]).replace(/^u:/, '')] = String(xfa[i + 1]);
  return packets;
}

describe('Unlock PDF Forms (/api/v1/misc/unlock-pdf-forms)', () => {
  const server = useTestServer();
  const unlock = (content: Buffer, name = 'application.pdf') => postTool(server, unlockFormsTool.endpoint, [{ name, content }]);

  it('starts from a form whose every field qpdf reads as read-only, some through their parent', () => {
    const fields = fieldsOf(lockedFormPdf());
    expect(Object.keys(fields)).toEqual(['name', 'address.street', 'address.city', 'agree', 'country', 'approval']);
    for (const [flags] of Object.values(fields)) expect(flags & READ_ONLY).toBe(READ_ONLY);
    // address.street has no flags of its own: it is read-only through its parent.
    expect(objectsOf(lockedFormPdf()).objects['obj:7 0 R'].value['/Ff']).toBeUndefined();
  });

  it('clears the read-only flag of every field, keeping the values and every other flag, and answers <base>_unlocked_forms.pdf', async () => {
    const res = await unlock(lockedFormPdf());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('application_unlocked_forms.pdf');
    expect(fieldsOf(res.body)).toEqual({
      name: [0, 'u:Asha Rao'],
      'address.street': [0, 'u:1 Main Road'],
      // Multiline (4096) stays.
      'address.city': [4096, 'u:Pune'],
      agree: [0, '/Yes'],
      // Combo box (131072) stays.
      country: [131072, 'u:Kenya'],
      approval: [0, null],
    });
  });

  it('removes field locks and signature restrictions, asks viewers to redraw the fields and clears widgets’ read-only flags', async () => {
    const before = objectsOf(lockedFormPdf());
    expect(before.dicts.some((d) => '/Lock' in d)).toBe(true);
    const res = await unlock(lockedFormPdf());
    const form = qpdfForm(res.body);
    expect(form.needappearances).toBe(true);
    const { catalog, dicts } = objectsOf(res.body);
    expect(dicts.some((d) => '/Lock' in d)).toBe(false);
    expect(catalog['/Perms']).toBeUndefined();
    // The city widget was flagged Print (4) and ReadOnly (64): Print stays.
    expect(form.fields.find((f) => f.fullname === 'address.city')!.annotation.annotationflags).toBe(4);
    // Poppler draws the fields afresh from their values (NeedAppearances), as a viewer does.
    expect(pageTexts(res.body)[0].split(/\s+/)).toEqual(['Application', 'form', 'Asha', 'Rao', '1', 'Main', 'Road', 'Pune', '✓', 'Kenya']);
  });

  it('unlocks a form pdf-lib made read-only (object streams, radio buttons), keeping what was chosen', async () => {
    const original = await pdfLibFormPdf();
    for (const field of qpdfForm(original).fields) expect(field.fieldflags & READ_ONLY).toBe(READ_ONLY);
    const res = await unlock(original);
    expect(res.status).toBe(200);
    const after = qpdfForm(res.body).fields;
    expect(after.length).toBe(qpdfForm(original).fields.length);
    for (const field of after) expect(field.fieldflags & READ_ONLY).toBe(0);
    const values = (fields: QpdfField[]) => Object.fromEntries(fields.map((f) => [f.fullname, f.value]));
    expect(values(qpdfForm(original).fields)).toMatchObject({ member: 'u:Ravi Kumar', paid: '/Yes', plan: 'u:Gold' });
    expect(values(after)).toEqual(values(qpdfForm(original).fields));
  });

  it('drops the XFA of a hybrid form, so every viewer shows the unlocked AcroForm', async () => {
    const original = lockedFormPdf({ xfa: 'hybrid' });
    expect(Object.keys(xfaPackets(original))).toEqual(['template', 'datasets']);
    const res = await unlock(original);
    expect(res.status).toBe(200);
    const { catalog, resolve } = objectsOf(res.body);
    expect(resolve(catalog['/AcroForm'])['/XFA']).toBeUndefined();
    expect(catalog['/NeedsRendering']).toBeUndefined();
    for (const [flags] of Object.values(fieldsOf(res.body))) expect(flags & READ_ONLY).toBe(0);
  });

  it('opens every locked access in the template of an XFA-only form and keeps its data', async () => {
    const res = await unlock(lockedFormPdf({ xfa: 'xfa-only' }));
    expect(res.status).toBe(200);
    const packets = xfaPackets(res.body);
    expect(Object.keys(packets)).toEqual(['template', 'datasets']);
    const template = qpdfStreamText(res.body, packets.template);
    expect(template).toBe(
      XFA_TEMPLATE.replace('access="protected"', 'access="open"')
        .replace('access="readOnly"', 'access="open"')
        .replace("access='nonInteractive'", "access='open'"),
    );
    expect(template).not.toMatch(/readOnly|protected|nonInteractive/);
    expect(qpdfStreamText(res.body, packets.datasets)).toBe(XFA_DATASETS);
    expect(objectsOf(res.body).catalog['/NeedsRendering']).toBe(true);
  });

  it('writes a file without a form back, pages and text unchanged', async () => {
    const plain = await makePdf(2, { label: 'letter' });
    const res = await unlock(plain, 'letter.pdf');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('letter_unlocked_forms.pdf');
    expect(pageTexts(res.body)).toEqual(['letter page 1', 'letter page 2']);
    expect(qpdfForm(res.body).hasacroform).toBe(false);
  });

  it('unlocks a form protected by an owner password that forbids filling it, and answers it unencrypted', async () => {
    const protectedForm = Buffer.from(
      read(lockedFormPdf(), 'qpdf', (f) => ['--encrypt', '', 'owner-secret', '256', '--form=n', '--modify-other=n', '--', f, '-']),
      'latin1',
    );
    expect(showEncryption(protectedForm).capabilities['modify forms']).toBe(false);
    const res = await unlock(protectedForm);
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    for (const [flags] of Object.values(fieldsOf(res.body))) expect(flags & READ_ONLY).toBe(0);
    expect(read(res.body, 'qpdf', (f) => ['--check', f])).toMatch(/No syntax or stream encoding errors found/);
  });

  it('refuses a damaged PDF and one that needs a password with 400, not the reference’s empty 200', async () => {
    const damaged = await unlock(CORRUPT_PDF);
    expect(damaged.status).toBe(400);
    expect(damaged.json.errorCode).toBe('E001');
    const locked = await unlock(encryptPdf(lockedFormPdf(), 'user-secret'));
    expect(locked.status).toBe(400);
    expect(locked.json.errorCode).toBe('E004');
  });
});
