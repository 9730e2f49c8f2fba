import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeCertificateTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { appendRevision } from '../../../test/support/pdf-writer';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { pdfsig, SIGNER_NAME, signedContract, testSigner } from '../../../test/support/signed-pdfs';
import { useTestServer } from '../../../test/support/test-server';

/** Runs a Poppler or qpdf command on the PDF and answers its stdout (qpdf's exit 3, warnings, is success). */
function read(pdf: Buffer, command: string, args: (file: string) => string[], encoding: BufferEncoding = 'latin1'): string {
  return withTempDir((dir) => {
    const file = join(dir, 'x.pdf');
    writeFileSync(file, pdf);
    try {
      return execFileSync(command, args(file), { encoding, maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      const e = error as { status?: number; stdout?: string };
      if (command === 'qpdf' && e.status === 3 && e.stdout) return e.stdout;
      throw error;
    }
  });
}

type Json = any;

/** The form's fields as qpdf describes them: full name, type and value. */
const formFields = (pdf: Buffer) =>
  (JSON.parse(read(pdf, 'qpdf', (f) => ['--json=2', '--json-key=acroform', f])).acroform.fields as Json[]).map((field) => ({
    name: field.fullname,
    type: field.fieldtype,
    value: field.value,
  }));

/** The catalog and every annotation of the first page, as `qpdf --json` lists them, references followed. */
function structure(pdf: Buffer) {
  const [, objects] = JSON.parse(read(pdf, 'qpdf', (f) => ['--json=2', '--json-key=qpdf', '--json-stream-data=none', f])).qpdf as [
    unknown,
    Record<string, Json>,
  ];
  const resolve = (value: Json): Json =>
    typeof value === 'string' && / R$/.test(value) ? (objects[`obj:${value}`]?.value ?? objects[`obj:${value}`]?.stream?.dict) : value;
  const catalog = resolve(objects.trailer.value['/Root']);
  const page = resolve(resolve(catalog['/Pages'])['/Kids'][0]);
  return { catalog, form: resolve(catalog['/AcroForm']), annotations: ((resolve(page['/Annots']) ?? []) as Json[]).map(resolve), objects };
}

/** The page as pixels (grey, 72 dpi), as a reader shows it, annotations included. */
const pixels = (pdf: Buffer) => read(pdf, 'pdftoppm', (f) => ['-gray', '-r', '72', f]);

describe('Remove Certificate (/api/v1/security/remove-cert-sign)', () => {
  const server = useTestServer();
  let signed: Upload;
  beforeAll(() => {
    signed = { name: 'contract.pdf', content: signedContract() };
  });
  const removeCertificate = (upload: Upload) => postTool(server, removeCertificateTool.endpoint, [upload]);

  it('starts from a file with two valid signatures, a certification and an approval', () => {
    const report = pdfsig(signed.content);
    expect(report.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(2);
    expect(report).toContain('Signature Field Name: Signature1');
    expect(report).toContain('Signature Field Name: approvals.Approval');
    expect(structure(signed.content).catalog['/Perms']).toBeDefined();
  });

  it('removes every signature: pdfsig finds none', async () => {
    const res = await removeCertificate(signed);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('contract_unsigned.pdf');
    expect(pdfsig(res.body)).toMatch(/does not contain any signatures/);
    // Something was removed: no outcome for the page to warn of.
    expect(res.headers['x-folio-outcome']).toBeUndefined();
  });

  it('answers an unsigned LibreOffice document re-saved, as the reference does, naming the outcome for the page to say so', async () => {
    const letter = await officeFixture(flatOdt(['An unsigned letter', 'Its second page']), '.fodt', 'writer_pdf_Export', '.pdf');
    expect(pdfsig(letter)).toMatch(/does not contain any signatures/);
    const res = await removeCertificate({ name: 'letter.pdf', content: letter });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('letter_unsigned.pdf');
    expect(res.headers['x-folio-outcome']).toBe('no-signature');
    expect(pageTexts(res.body)).toEqual(pageTexts(letter));
    expect(pixels(res.body)).toEqual(pixels(letter));
  }, 120_000);

  it('keeps the other form fields, with their values', async () => {
    expect(
      formFields(signed.content)
        .map((f) => f.type)
        .sort(),
    ).toEqual(['/Sig', '/Sig', '/Tx']);
    const res = await removeCertificate(signed);
    expect(formFields(res.body)).toEqual([{ name: 'Name', type: '/Tx', value: 'u:Alice Example' }]);
    const { annotations } = structure(res.body);
    expect(annotations.map((a) => a['/T'])).toEqual(['u:Name']);
  });

  it('removes the signature values, certification, validation store and certificates from the file', async () => {
    const res = await removeCertificate(signed);
    const { catalog, form, objects } = structure(res.body);
    expect(catalog['/Perms']).toBeUndefined();
    expect(catalog['/DSS']).toBeUndefined();
    expect(form['/SigFlags']).toBeUndefined();
    const dicts = Object.values(objects).map((entry: Json) => entry.value ?? entry.stream?.dict);
    expect(dicts.filter((d) => d?.['/Type'] === '/Sig' || d?.['/ByteRange'])).toEqual([]);
    // Not even an earlier revision keeps the certificate: decoded, the file holds its bytes nowhere.
    const der = testSigner().certDer;
    const plain = Buffer.from(
      read(res.body, 'qpdf', (f) => ['--qdf', '--object-streams=disable', f, '-']),
      'latin1',
    );
    expect(signed.content.includes(der)).toBe(true);
    expect(plain.includes(der)).toBe(false);
    expect(plain.toString('latin1').toUpperCase()).not.toContain(der.subarray(0, 64).toString('hex').toUpperCase());
    expect(res.body.toString('latin1')).not.toContain('adbe.pkcs7.detached');
  });

  it('removes the signature values even where a structure tree still points at a signature’s widget', async () => {
    const tagged = appendRevision(
      signed.content,
      new Map([
        [1, '<< /Type /Catalog /Pages 2 0 R /AcroForm 8 0 R /Perms << /DocMDP 13 0 R >> /MarkInfo << /Marked true >> /StructTreeRoot 16 0 R >>'],
        [16, '<< /Type /StructTreeRoot /K << /Type /StructElem /S /Form /K << /Type /OBJR /Obj 5 0 R >> >> >>'],
      ]),
      '/Size 17 /Root 1 0 R',
    );
    const res = await removeCertificate({ name: 'tagged.pdf', content: tagged });
    expect(pdfsig(res.body)).toMatch(/does not contain any signatures/);
    const plain = Buffer.from(
      read(res.body, 'qpdf', (f) => ['--qdf', '--object-streams=disable', f, '-']),
      'latin1',
    );
    expect(plain.includes(testSigner().certDer)).toBe(false);
    expect(plain.toString('latin1')).not.toMatch(/ByteRange/);
  });

  it('keeps what the visible signature showed, now as page content', async () => {
    const res = await removeCertificate(signed);
    expect(pixels(res.body)).toEqual(pixels(signed.content));
    expect(pageTexts(res.body)[0]).toContain(`Signed by ${SIGNER_NAME}`);
    expect(structure(res.body).annotations.some((a) => a['/FT'] === '/Sig')).toBe(false);
  });

  it('removes empty signature fields, waiting to be signed, too', async () => {
    const form = { name: 'form.pdf', content: signedContract({ signed: false }) };
    expect(pdfsig(form.content)).toMatch(/The signature form field is not signed/);
    const res = await removeCertificate(form);
    expect(res.status).toBe(200);
    expect(pdfsig(res.body)).toMatch(/does not contain any signatures/);
    expect(formFields(res.body).map((f) => f.name)).toEqual(['Name']);
  });

  it('answers an unsigned file with the same content', async () => {
    const plain = { name: 'plain.pdf', content: await makePdf(3, { label: 'plain', title: 'Plain title' }) };
    const res = await removeCertificate(plain);
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('plain_unsigned.pdf');
    expect(pageTexts(res.body)).toEqual(['plain page 1', 'plain page 2', 'plain page 3']);
    expect(pixels(res.body)).toEqual(pixels(plain.content));
    expect(read(res.body, 'pdfinfo', (f) => [f])).toMatch(/Title:\s+Plain title/);
  });

  it('answers an unsigned form with the same fields', async () => {
    const { annotations } = structure(signed.content);
    expect(annotations).toHaveLength(3);
    const unsignedForm = { name: 'form.pdf', content: await removeCertificate(signed).then((r) => r.body) };
    const again = await removeCertificate(unsignedForm);
    expect(formFields(again.body)).toEqual(formFields(unsignedForm.content));
    expect(pixels(again.body)).toEqual(pixels(unsignedForm.content));
  });

  it('opens an owner-password file and answers it unencrypted, as the reference’s loader does', async () => {
    const locked = { name: 'locked.pdf', content: encryptPdf(signedContract(), '') };
    const res = await removeCertificate(locked);
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    expect(pdfsig(res.body)).toMatch(/does not contain any signatures/);
    expect(formFields(res.body).map((f) => f.name)).toEqual(['Name']);
  });

  it('refuses a file that needs a password, a damaged file, another kind of file and no file', async () => {
    const locked = await removeCertificate({ name: 'locked.pdf', content: encryptPdf(await makePdf(1), 'user-secret') });
    expect(locked.status).toBe(400);
    expect(locked.json.detail).toBe('The PDF Document is passworded and either the password was not provided or was incorrect');
    const damaged = await removeCertificate({ name: 'bad.pdf', content: CORRUPT_PDF });
    expect(damaged.status).toBe(400);
    const text = await removeCertificate({ name: 'notes.txt', content: Buffer.from('just some notes'), contentType: 'text/plain' });
    expect(text.status).toBe(400);
    expect(text.json.detail).toBe('Please upload a PDF file.');
    const none = await postTool(server, removeCertificateTool.endpoint, []);
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe('Please upload a PDF file.');
  });
});
