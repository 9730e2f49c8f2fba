import { removePasswordTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { encryptWithQpdf, passwordNeed, popplerText } from '../../../test/support/encryption-report';

const PASSWORD_PROBLEM = {
  status: 400,
  type: '/errors/pdf-password',
  title: 'PDF Password Required',
  errorCode: 'E004',
  detail: 'The PDF Document is passworded and either the password was not provided or was incorrect',
};

describe('Remove PDF Password (/api/v1/security/remove-password)', () => {
  const server = useTestServer();
  let pdf: Buffer;
  let locked: Buffer;
  beforeAll(async () => {
    pdf = await makePdf(3, { label: 'payslip' });
    // qpdf, not our own code, makes the protected inputs.
    locked = encryptPdf(pdf, 'open-sesame', 'the-owner');
  });

  const unlock = (fields: Record<string, string>, input = locked, name = 'payslip.pdf') =>
    postTool(server, removePasswordTool.endpoint, [{ name, content: input }], fields);

  it('with the right password answers the PDF without any encryption', async () => {
    expect(passwordNeed(locked)).toBe('password');
    const res = await unlock({ password: 'open-sesame' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('payslip_password_removed.pdf');
    expect(passwordNeed(res.body)).toBe('none');
    expect(pageTexts(res.body)).toEqual(['payslip page 1', 'payslip page 2', 'payslip page 3']);
  });

  it('takes the owner password as well', async () => {
    const res = await unlock({ password: 'the-owner' });
    expect(res.status).toBe(200);
    expect(passwordNeed(res.body)).toBe('none');
  });

  it('takes a password with leading dashes, spaces and Unicode', async () => {
    const password = '-- pass wörd 密码 ';
    const res = await unlock({ password }, encryptWithQpdf(pdf, password));
    expect(res.status).toBe(200);
    expect(passwordNeed(res.body)).toBe('none');
    expect(popplerText(res.body)).toContain('payslip page 3');
  });

  it.each([
    ['a wrong password', { password: 'open-sesame!' }],
    ['no password', {}],
    ['a blank password', { password: '' }],
  ])('answers %s with the reference’s 400 password problem', async (_case, fields) => {
    const res = await unlock(fields);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject(PASSWORD_PROBLEM);
  });

  it('opens a PDF with only an owner password without a password, and removes its restrictions', async () => {
    const restricted = encryptPdf(pdf, '', 'the-owner');
    expect(passwordNeed(restricted)).toBe('restrictions-only');
    const res = await unlock({}, restricted);
    expect(res.status).toBe(200);
    expect(passwordNeed(res.body)).toBe('none');
    expect(pageTexts(res.body)).toHaveLength(3);
  });

  it('answers an unencrypted PDF with 200, whatever the password', async () => {
    const requests: Record<string, string>[] = [{}, { password: 'anything' }];
    for (const fields of requests) {
      const res = await unlock(fields, pdf);
      expect(res.status).toBe(200);
      expect(passwordNeed(res.body)).toBe('none');
      expect(pageTexts(res.body)).toHaveLength(3);
    }
  });

  it('asks for one PDF with the spec’s message', async () => {
    const none = await postTool(server, removePasswordTool.endpoint, [], { password: 'open-sesame' });
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe('Please upload a PDF file.');
    const text = await unlock({ password: 'open-sesame' }, Buffer.from('just some text'), 'notes.txt');
    expect(text.status).toBe(400);
    expect(text.json.detail).toBe('Please upload a PDF file.');
  });
});
