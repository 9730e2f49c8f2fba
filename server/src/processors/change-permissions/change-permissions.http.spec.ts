import { addPasswordTool, changePermissionsTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { ALL_ALLOWED, allowedExcept, passwordNeed, popplerText, showEncryption, type Capabilities } from '../../../test/support/encryption-report';

/** The page's request: all eight flags, as the spec's names, booleans as text. */
const pageRequest = (checked: string[]) => Object.fromEntries(Object.keys(changePermissionsTool.fields).map((name) => [name, checked.includes(name)]));

describe('Change PDF Permissions (/api/v1/security/add-password, without passwords)', () => {
  const server = useTestServer();
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await makePdf(2, { label: 'terms' });
  });

  const change = (fields: Record<string, string | number | boolean>, input = pdf, name = 'terms.pdf') =>
    postTool(server, changePermissionsTool.endpoint, [{ name, content: input }], fields);

  it('owns the reference’s add-password endpoint, which Add Password Protection shares', () => {
    expect(changePermissionsTool.endpoint).toBe('/api/v1/security/add-password');
    expect(addPasswordTool.endpoint).toBe(changePermissionsTool.endpoint);
  });

  it('restricts the file without asking for a password: it opens for anyone, never with the owner’s rights', async () => {
    const res = await change(pageRequest(['preventPrinting', 'preventContentExtraction']));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('terms_permissions.pdf');
    expect(passwordNeed(res.body)).toBe('restrictions-only');
    expect(popplerText(res.body)).toContain('terms page 2');
    const report = showEncryption(res.body);
    expect(report).toMatchObject({ revision: 6, bits: 256, streamMethod: 'AESv3', userPasswordMatched: true, ownerPasswordMatched: false });
    expect(report.capabilities).toEqual(allowedExcept('print low resolution', 'print high resolution', 'extract for any purpose'));
  });

  // Each of the spec's flags alone, and the reference's name for it: exactly the capabilities it names go.
  it.each<[string, string, (keyof Capabilities)[]]>([
    ['preventAssembly', 'preventAssembly', ['modify document assembly']],
    ['preventContentExtraction', 'preventExtractContent', ['extract for any purpose']],
    ['preventFillingForm', 'preventFillInForm', ['modify forms']],
    ['preventModification', 'preventModify', ['modify other']],
    ['preventAnnotationModification', 'preventModifyAnnotations', ['modify annotations']],
    ['preventPrinting', 'preventPrinting', ['print low resolution', 'print high resolution']],
    ['preventPrintingDifferentFormats', 'preventPrintingFaithful', ['print high resolution']],
    // PDF 2.0 retired this bit: AES-256 always allows accessibility (docs/compatibility.md).
    ['preventExtractionAccessibility', 'preventExtractForAccessibility', []],
  ])('%s (reference: %s) takes away %p', async (specName, referenceName, denied) => {
    for (const fields of [pageRequest([specName]), { [referenceName]: true }]) {
      const res = await change(fields);
      expect(res.status).toBe(200);
      expect(res.fileName).toBe('terms_permissions.pdf');
      expect(showEncryption(res.body).capabilities).toEqual(allowedExcept(...denied));
    }
  });

  it('sets every restriction at once', async () => {
    const res = await change(pageRequest(Object.keys(changePermissionsTool.fields)));
    expect(res.status).toBe(200);
    const denied = Object.keys(ALL_ALLOWED).filter((name) => name !== 'extract for accessibility') as (keyof Capabilities)[];
    expect(showEncryption(res.body).capabilities).toEqual(allowedExcept(...denied));
  });

  it('with no flag still encrypts, everything allowed, as the reference does', async () => {
    const res = await change(pageRequest([]));
    expect(res.status).toBe(200);
    expect(passwordNeed(res.body)).toBe('restrictions-only');
    expect(showEncryption(res.body).capabilities).toEqual(ALL_ALLOWED);
  });

  it('replaces the restrictions of a PDF that has only an owner password', async () => {
    const restricted = await postTool(server, changePermissionsTool.endpoint, [{ name: 'terms.pdf', content: pdf }], pageRequest(['preventPrinting']));
    const res = await change(pageRequest(['preventModification']), restricted.body);
    expect(res.status).toBe(200);
    expect(showEncryption(res.body).capabilities).toEqual(allowedExcept('modify other'));
  });

  it('refuses a PDF that needs a password to open', async () => {
    const res = await change(pageRequest(['preventPrinting']), encryptPdf(pdf, 'locked'));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ type: '/errors/pdf-password', errorCode: 'E004' });
  });

  it('refuses a flag that is not a boolean', async () => {
    const res = await change({ preventPrinting: 'sometimes' });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Prevent printing: expected true or false.');
  });

  it('asks for one PDF with the spec’s message', async () => {
    const none = await postTool(server, changePermissionsTool.endpoint, [], pageRequest(['preventPrinting']));
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe('Please upload a PDF file.');
    const text = await change(pageRequest([]), Buffer.from('just some text'), 'notes.txt');
    expect(text.status).toBe(400);
    expect(text.json.detail).toBe('Please upload a PDF file.');
  });
});
