import { addPasswordTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { ALL_ALLOWED, allowedExcept, passwordNeed, popplerText, showEncryption, type Capabilities } from '../../../test/support/encryption-report';

const PASSWORD_PROBLEM = {
  status: 400,
  type: '/errors/pdf-password',
  errorCode: 'E004',
  detail: 'The PDF Document is passworded and either the password was not provided or was incorrect',
};

describe('Add Password Protection (/api/v1/security/add-password)', () => {
  const server = useTestServer();
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await makePdf(2, { label: 'secret' });
  });

  const protect = (fields: Record<string, string | number | boolean>, input = pdf, name = 'report.pdf') =>
    postTool(server, addPasswordTool.endpoint, [{ name, content: input }], fields);

  it('encrypts with AES-256 by default: the user password opens it, no password or a wrong one does not', async () => {
    const res = await protect({ password: 'open-sesame' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('report_passworded.pdf');

    expect(passwordNeed(res.body)).toBe('password');
    expect(popplerText(res.body)).toBeUndefined();
    expect(popplerText(res.body, 'open-sesame!')).toBeUndefined();
    expect(popplerText(res.body, 'open-sesame')).toContain('secret page 2');
    expect(() => showEncryption(res.body, 'wrong')).toThrow(/password/i);

    const report = showEncryption(res.body, 'open-sesame');
    expect(report).toMatchObject({ revision: 6, bits: 256, streamMethod: 'AESv3', userPasswordMatched: true });
    expect(report.capabilities).toEqual(ALL_ALLOWED);
  });

  it('takes a password of spaces as a password, never as none', async () => {
    const res = await protect({ password: '   ' });
    expect(res.fileName).toBe('report_passworded.pdf');
    expect(passwordNeed(res.body)).toBe('password');
    expect(popplerText(res.body)).toBeUndefined();
    expect(showEncryption(res.body, '   ')).toMatchObject({ userPasswordMatched: true });
  });

  it('does not make the user password an owner password when none is given (so restrictions hold)', async () => {
    const res = await protect({ password: 'reader', preventPrinting: true });
    const report = showEncryption(res.body, 'reader');
    expect(report.userPasswordMatched).toBe(true);
    expect(report.ownerPasswordMatched).toBe(false);
    expect(report.capabilities).toEqual(allowedExcept('print low resolution', 'print high resolution'));
  });

  it('gives the owner password the owner’s rights and the user password the restrictions', async () => {
    const res = await protect({ password: 'reader', ownerPassword: 'author', preventPrinting: true, preventExtractContent: true });
    expect(res.status).toBe(200);
    expect(showEncryption(res.body, 'author')).toMatchObject({ ownerPasswordMatched: true });
    const asReader = showEncryption(res.body, 'reader');
    expect(asReader).toMatchObject({ userPasswordMatched: true, ownerPasswordMatched: false });
    expect(asReader.capabilities).toEqual(allowedExcept('print low resolution', 'print high resolution', 'extract for any purpose'));
  });

  it.each([
    [256, { revision: 6, bits: 256, streamMethod: 'AESv3' }],
    [128, { revision: 4, bits: 128, streamMethod: 'AESv2' }],
    [40, { revision: 2, bits: 40, streamMethod: 'RC4' }],
  ])('keyLength %p writes the reference’s cipher %p', async (keyLength, expected) => {
    const res = await protect({ password: 'pw', ownerPassword: 'owner', keyLength });
    expect(res.status).toBe(200);
    expect(passwordNeed(res.body)).toBe('password');
    expect(popplerText(res.body)).toBeUndefined();
    expect(popplerText(res.body, 'pw')).toContain('secret page 1');
    const report = showEncryption(res.body, 'pw');
    expect(report).toMatchObject({ ...expected, userPasswordMatched: true });
    expect(report.capabilities).toEqual(ALL_ALLOWED);
  });

  // Each flag alone, with AES-256: exactly the capabilities it names go.
  it.each<[string, (keyof Capabilities)[]]>([
    ['preventAssembly', ['modify document assembly']],
    ['preventExtractContent', ['extract for any purpose']],
    ['preventFillInForm', ['modify forms']],
    ['preventModify', ['modify other']],
    ['preventModifyAnnotations', ['modify annotations']],
    ['preventPrinting', ['print low resolution', 'print high resolution']],
    ['preventPrintingFaithful', ['print high resolution']],
    // PDF 2.0 retired this bit: AES formats always allow accessibility (docs/compatibility.md).
    ['preventExtractForAccessibility', []],
  ])('%s (AES-256) takes away %p', async (flag, denied) => {
    const res = await protect({ password: 'pw', [flag]: true });
    expect(res.status).toBe(200);
    expect(showEncryption(res.body, 'pw').capabilities).toEqual(allowedExcept(...denied));
  });

  it('sets all eight flags at once, under the spec’s names as well as the reference’s, with AES-128', async () => {
    const res = await protect({
      password: 'pw',
      keyLength: 128,
      preventAssembly: true,
      preventContentExtraction: true,
      preventExtractionAccessibility: true,
      preventFillingForm: true,
      preventModification: true,
      preventAnnotationModification: true,
      preventPrinting: true,
      preventPrintingDifferentFormats: true,
    });
    expect(res.status).toBe(200);
    const report = showEncryption(res.body, 'pw');
    expect(report).toMatchObject({ revision: 4, bits: 128 });
    expect(report.capabilities).toEqual({ ...allowedExcept(...(Object.keys(ALL_ALLOWED) as (keyof Capabilities)[])), 'extract for accessibility': true });
  });

  // Revision 2 (40-bit RC4) has these four bits; readers read them the revision-2 way.
  it.each<[string, (keyof Capabilities)[]]>([
    ['preventPrinting', ['print low resolution', 'print high resolution']],
    ['preventModify', ['modify document assembly', 'modify other']],
    ['preventExtractContent', ['extract for any purpose', 'extract for accessibility']],
    ['preventModifyAnnotations', ['modify annotations', 'modify forms']],
  ])('keyLength 40 keeps 40-bit RC4 for %s, taking away %p', async (flag, denied) => {
    const res = await protect({ password: 'pw', keyLength: 40, [flag]: true });
    expect(res.status).toBe(200);
    const report = showEncryption(res.body, 'pw');
    expect(report).toMatchObject({ revision: 2, bits: 40, streamMethod: 'RC4' });
    expect(report.capabilities).toEqual(allowedExcept(...denied));
  });

  // The other four need revision 3: 128-bit RC4 carries them (docs/compatibility.md).
  it.each<[string, (keyof Capabilities)[]]>([
    ['preventAssembly', ['modify document assembly']],
    ['preventFillInForm', ['modify forms']],
    ['preventExtractForAccessibility', ['extract for accessibility']],
    ['preventPrintingFaithful', ['print high resolution']],
  ])('keyLength 40 with %s moves to 128-bit RC4, taking away %p', async (flag, denied) => {
    const res = await protect({ password: 'pw', keyLength: 40, [flag]: true });
    expect(res.status).toBe(200);
    const report = showEncryption(res.body, 'pw');
    expect(report).toMatchObject({ revision: 3, bits: 128, streamMethod: 'RC4' });
    expect(report.capabilities).toEqual(allowedExcept(...denied));
    expect(popplerText(res.body)).toBeUndefined();
  });

  it('with neither password sets restrictions only, named <base>_permissions.pdf, and opens for anyone', async () => {
    const requests: Record<string, string | number | boolean>[] = [
      { preventPrinting: true, keyLength: 256 },
      { password: '', ownerPassword: '', preventPrinting: true },
    ];
    for (const fields of requests) {
      const res = await protect(fields);
      expect(res.status).toBe(200);
      expect(res.fileName).toBe('report_permissions.pdf');
      expect(passwordNeed(res.body)).toBe('restrictions-only');
      expect(popplerText(res.body)).toContain('secret page 1');
      // The empty password opens it as a user, never as the owner: the restriction holds.
      const report = showEncryption(res.body);
      expect(report).toMatchObject({ userPasswordMatched: true, ownerPasswordMatched: false, revision: 6 });
      expect(report.capabilities).toEqual(allowedExcept('print low resolution', 'print high resolution'));
    }
  });

  it('with only an owner password opens without a password; the owner password lifts the restrictions', async () => {
    const res = await protect({ ownerPassword: 'author', preventModify: true });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('report_passworded.pdf');
    expect(passwordNeed(res.body)).toBe('restrictions-only');
    expect(showEncryption(res.body).capabilities).toEqual(allowedExcept('modify other'));
    expect(showEncryption(res.body, 'author').ownerPasswordMatched).toBe(true);
  });

  it('replaces the encryption of a PDF that has only an owner password', async () => {
    const restricted = encryptPdf(pdf, '', 'old-owner');
    const res = await protect({ password: 'new' }, restricted);
    expect(res.status).toBe(200);
    expect(popplerText(res.body)).toBeUndefined();
    expect(popplerText(res.body, 'new')).toContain('secret page 1');
    expect(() => showEncryption(res.body, 'old-owner')).toThrow(/password/i);
  });

  it('takes passwords as typed: leading dashes, spaces, "@", and any Unicode with AES-256', async () => {
    const password = '--print=n @file  é 密码 ';
    const res = await protect({ password, ownerPassword: '-owner' });
    expect(res.status).toBe(200);
    expect(showEncryption(res.body, password).userPasswordMatched).toBe(true);
    expect(showEncryption(res.body, '-owner').ownerPasswordMatched).toBe(true);
    expect(popplerText(res.body, password)).toContain('secret page 1');
    expect(popplerText(res.body, password.trim())).toBeUndefined();
  });

  it('takes Latin-1 passwords with AES-128', async () => {
    const res = await protect({ password: 'café', keyLength: 128 });
    expect(res.status).toBe(200);
    expect(showEncryption(res.body, 'café').userPasswordMatched).toBe(true);
  });

  it('refuses a PDF that needs a password to open, with the reference’s problem', async () => {
    const res = await protect({ password: 'new' }, encryptPdf(pdf, 'locked'));
    expect(res.json).toMatchObject(PASSWORD_PROBLEM);
  });

  it.each([
    [{ password: 'pw', keyLength: 64 }, 'Key length must be 40, 128 or 256.'],
    [{ password: 'pw', keyLength: 'strong' }, 'Key length must be 40, 128 or 256.'],
    [{ password: 'two\nlines' }, 'Passwords cannot contain line breaks.'],
    [{ password: 'pw', ownerPassword: 'carriage\rreturn' }, 'Passwords cannot contain line breaks.'],
    [
      { password: 'пароль', keyLength: 128 },
      'The password has characters that 40-bit and 128-bit encryption cannot store; choose 256-bit encryption or other characters.',
    ],
    [
      { password: 'pw', ownerPassword: '密码', keyLength: 40 },
      'The password has characters that 40-bit and 128-bit encryption cannot store; choose 256-bit encryption or other characters.',
    ],
    [{ password: 'pw', preventPrinting: 'maybe' }, 'Prevent printing: expected true or false.'],
  ])('refuses %p with 400', async (fields, message) => {
    const res = await protect(fields as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, detail: message });
  });

  it('asks for one PDF with the spec’s message', async () => {
    const none = await postTool(server, addPasswordTool.endpoint, [], { password: 'pw' });
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe('Please upload a PDF file.');
    const picture = await protect({ password: 'pw' }, Buffer.from('\x89PNG\r\n\x1a\n not a pdf'), 'photo.png');
    expect(picture.status).toBe(400);
    expect(picture.json.detail).toBe('Please upload a PDF file.');
  });
});
