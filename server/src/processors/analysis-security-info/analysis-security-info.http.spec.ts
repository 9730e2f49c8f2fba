import { analysisSecurityInfoTool, pipelineTool } from '@folio/registry';
import { read } from '../../../test/support/active-content-pdfs';
import { showEncryption, type EncryptionReport } from '../../../test/support/encryption-report';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { pdfinfo, reportlabNotes } from '../analysis-page-count/analysis-pdfs.fixtures';

/** Encrypts with qpdf's own command line: owner password, key length, then its restriction flags. */
const qpdfEncrypt = (pdf: Buffer, owner: string, bits: number, ...flags: string[]) =>
  Buffer.from(
    read(pdf, 'qpdf', (f) => [...(bits === 40 ? ['--allow-weak-crypto'] : []), '--encrypt', '', owner, String(bits), ...flags, '--', f, '-']),
    'latin1',
  );

/** The four restrictions as qpdf reports what a reader opening without the owner password may do. */
function qpdfRestrictions(report: EncryptionReport) {
  const { capabilities } = report;
  return {
    preventPrinting: !capabilities['print low resolution'],
    preventModify: !capabilities['modify other'],
    preventExtractContent: !capabilities['extract for any purpose'],
    preventModifyAnnotations: !capabilities['modify annotations'],
  };
}

/** pdfinfo's "Encrypted" line: `yes (print:no copy:no change:no addNotes:no algorithm:AES-256)` as restrictions. */
function popplerRestrictions(pdf: Buffer) {
  const line = pdfinfo(pdf).Encrypted;
  const flag = (name: string) => new RegExp(`${name}:no`).test(line);
  return { preventPrinting: flag('print'), preventModify: flag('change'), preventExtractContent: flag('copy'), preventModifyAnnotations: flag('addNotes') };
}

describe('Security Info (/api/v1/analysis/security-info)', () => {
  const server = useTestServer();
  const security = (content: Buffer, name = 'notes.pdf') => postTool(server, analysisSecurityInfoTool.endpoint, [{ name, content }]);

  it('answers only {"isEncrypted": false} for a file that is not encrypted', async () => {
    const pdf = reportlabNotes();
    expect(pdfinfo(pdf).Encrypted).toBe('no');
    const res = await security(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.fileName).toBe('notes_security.json');
    expect(res.body.toString('utf8')).toBe('{"isEncrypted":false}');
  });

  it('describes an owner-password-only AES-256 file (it opens without a password): key length and restrictions as qpdf and pdfinfo read them', async () => {
    const pdf = qpdfEncrypt(reportlabNotes(), 'owner-secret', 256, '--print=none', '--modify=none', '--extract=n');
    const qpdf = showEncryption(pdf);
    const res = await security(pdf);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ isEncrypted: true, keyLength: qpdf.bits, permissions: qpdfRestrictions(qpdf) });
    expect(res.json.permissions).toEqual(popplerRestrictions(pdf));
    expect(res.json).toEqual({
      isEncrypted: true,
      keyLength: 256,
      permissions: { preventPrinting: true, preventModify: true, preventExtractContent: true, preventModifyAnnotations: true },
    });
  });

  it('describes the RC4 encryption reportlab writes, and qpdf’s 40-bit RC4, each restriction as pdfinfo reads it', async () => {
    const reportlab = reportlabNotes({ ownerOnly: true });
    const res = await security(reportlab);
    expect(res.json).toEqual({ isEncrypted: true, keyLength: showEncryption(reportlab).bits, permissions: popplerRestrictions(reportlab) });
    expect(res.json).toEqual({
      isEncrypted: true,
      keyLength: 128,
      permissions: { preventPrinting: true, preventModify: false, preventExtractContent: true, preventModifyAnnotations: false },
    });
    const weak = qpdfEncrypt(await makePdf(1), 'owner-secret', 40, '--print=n', '--modify=y', '--extract=y', '--annotate=n');
    const qpdf = showEncryption(weak);
    expect(qpdf.bits).toBe(40);
    expect((await security(weak)).json).toEqual({ isEncrypted: true, keyLength: 40, permissions: qpdfRestrictions(qpdf) });
    expect((await security(weak)).json.permissions).toEqual(popplerRestrictions(weak));
  });

  it('gives no restrictions where the empty password is the owner’s too, as PDFBox grants the owner’s rights (Poppler still reads /P)', async () => {
    const pdf = qpdfEncrypt(await makePdf(1), '', 256, '--print=none');
    expect(showEncryption(pdf).ownerPasswordMatched).toBe(true);
    expect(popplerRestrictions(pdf).preventPrinting).toBe(true);
    expect((await security(pdf)).json).toEqual({
      isEncrypted: true,
      keyLength: 256,
      permissions: { preventPrinting: false, preventModify: false, preventExtractContent: false, preventModifyAnnotations: false },
    });
  });

  it('refuses a file that needs a password to open with the reference’s 400 E004', async () => {
    const locked = await security(encryptPdf(await makePdf(1), 'user-secret'));
    expect(locked.status).toBe(400);
    expect(locked.json).toMatchObject({ errorCode: 'E004', type: '/errors/pdf-password' });
  });

  it('ends a pipeline: what Add Password Protection forbade, read back', async () => {
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'notes.pdf', content: reportlabNotes() }], {
      json: JSON.stringify({
        name: 'Protect, then check',
        pipeline: [
          { operation: '/api/v1/security/add-password', parameters: { ownerPassword: 'owner-secret', keyLength: 128, preventPrinting: true } },
          { operation: analysisSecurityInfoTool.endpoint, parameters: {} },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({
      isEncrypted: true,
      keyLength: 128,
      permissions: { preventPrinting: true, preventModify: false, preventExtractContent: false, preventModifyAnnotations: false },
    });
  });
});
