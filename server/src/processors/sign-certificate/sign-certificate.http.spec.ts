import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signCertificateTool } from '@folio/registry';
import { handWrittenPdf } from '../../../test/support/hand-written-pdf';
import { postTool, type Upload } from '../../../test/support/http';
import { inkShare, renderPages } from '../../../test/support/page-geometry';
import { encryptPdf, makePdf, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { cmsCertificates, cmsSignerCertificate, opensslVerify, pdfsig, signedBytes, signingKeys, TEST_KEY_PASSWORD } from '../../../test/support/signing-keys';
import { useTestServer, type TestServer } from '../../../test/support/test-server';

type Fields = Record<string, string | number | boolean>;

/** A PDF with a classic cross-reference table (pdf-lib's files use cross-reference streams). */
const CLASSIC_PDF = handWrittenPdf([
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  '<< /Length 44 >>\nstream\nBT /F1 18 Tf 20 150 Td (Classic file) Tj ET\nendstream',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
]);

const p12 = (content: Buffer, name = 'signer.p12'): Upload => ({ field: 'p12File', name, content, contentType: 'application/x-pkcs12' });
const jks = (content: Buffer): Upload => ({ field: 'jksFile', name: 'signer.jks', content, contentType: 'application/octet-stream' });
const privateKey = (content: Buffer, name = 'signer.key'): Upload => ({ field: 'privateKeyFile', name, content, contentType: 'application/octet-stream' });
const certificate = (content: Buffer, name = 'signer.crt'): Upload => ({ field: 'certFile', name, content, contentType: 'application/x-x509-ca-cert' });

function sign(server: TestServer, pdf: Buffer, files: Upload[], fields: Fields) {
  return postTool(server, signCertificateTool.endpoint, [{ name: 'contract.pdf', content: pdf }, ...files], fields);
}

/** qpdf's JSON objects of a PDF. */
function objectsOf(pdf: Buffer): Record<string, { value?: any; stream?: { dict: any } }> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', join(dir, 'x.pdf')], { encoding: 'utf8' })).qpdf[1];
  });
}

/** qpdf's structural check: nothing but its closing remarks. */
function qpdfCheck(pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return execFileSync('qpdf', ['--check', join(dir, 'x.pdf')], { encoding: 'utf8' });
  });
}

/** The signature dictionaries in a PDF, by qpdf. */
function signatureDicts(pdf: Buffer): any[] {
  return Object.values(objectsOf(pdf))
    .map((o) => o.value)
    .filter((v) => v && v['/Type'] === '/Sig');
}

/**
 * Every claim about one signed result, each from a reader other than ours:
 * pdfsig says the signature is valid, by whom, over the whole file; OpenSSL
 * verifies the CMS over the byte ranges pdfsig reports and names the signer's
 * certificate, which is the one we signed with; the original bytes are a
 * prefix of the result; qpdf finds the structure sound; the pages are unchanged.
 */
function expectSignedBy(result: Buffer, original: Buffer, signer: { cn: string; certDer: Buffer }, options: { visible?: boolean } = {}) {
  const [signature] = pdfsig(result);
  expect(signature).toMatchObject({ signerName: signer.cn, validation: 'Signature is Valid.', type: 'adbe.pkcs7.detached', totalDocumentSigned: true });
  expect(signature.ranges).toHaveLength(2);
  expect(signature.ranges[0][0]).toBe(0);
  expect(signature.ranges[1][1]).toBe(result.length);
  const content = signedBytes(result, signature.ranges);
  expect(opensslVerify(signature.der!, content)).toBe('ok');
  expect(cmsSignerCertificate(signature.der!, content).equals(signer.certDer)).toBe(true);
  expect(result.subarray(0, original.length).equals(original)).toBe(true);
  expect(qpdfCheck(result)).toContain('No syntax or stream encoding errors found');
  // pdftotext reads a visible signature's text as part of its page.
  if (!options.visible) expect(pageTexts(result)).toEqual(pageTexts(original));
  return signature;
}

describe('Sign with Certificate (/api/v1/security/cert-sign)', () => {
  const server = useTestServer();
  // keytool starts a JVM for each key store made or read: seconds, more on a busy machine.
  jest.setTimeout(120_000);
  let keys: ReturnType<typeof signingKeys>;
  let pdf: Buffer;
  const self = () => ({ cn: 'Folio Test Signer', certDer: keys.selfSigned.certDer });
  beforeAll(async () => {
    keys = signingKeys();
    pdf = await makePdf(3, { label: 'Contract' });
  });

  describe('signs, and the signature holds for independent readers', () => {
    it('with a PKCS#12 store: valid, by its certificate, over the whole file, appended to the original bytes', async () => {
      const res = await sign(server, pdf, [p12(keys.selfSigned.p12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.fileName).toBe('contract_signed.pdf');
      expectSignedBy(res.body, pdf, self());
      // Invisible: the widget has no area, and the signature dictionary names the signer by the certificate's CN.
      const [dict] = signatureDicts(res.body);
      expect(dict).toMatchObject({ '/Filter': '/Adobe.PPKLite', '/SubFilter': '/adbe.pkcs7.detached', '/Name': 'u:Folio Test Signer' });
      expect(dict['/M']).toMatch(/^u:D:\d{14}\+00'00'$/);
    });

    it('with PFX, the reference’s other name for the same store, in a .pfx file', async () => {
      const res = await sign(server, pdf, [p12(keys.selfSigned.p12, 'signer.pfx')], { certType: 'PFX', password: TEST_KEY_PASSWORD });
      expect(res.status).toBe(200);
      expectSignedBy(res.body, pdf, self());
    });

    it('with a Java key store (JKS)', async () => {
      const res = await sign(server, pdf, [jks(keys.selfSigned.jks)], { certType: 'JKS', password: TEST_KEY_PASSWORD });
      expect(res.status).toBe(200);
      expectSignedBy(res.body, pdf, self());
    });

    it('with an unencrypted PEM key and PEM certificate, no password sent', async () => {
      const res = await sign(server, pdf, [privateKey(keys.selfSigned.key), certificate(keys.selfSigned.cert)], { certType: 'PEM' });
      expect(res.status).toBe(200);
      expectSignedBy(res.body, pdf, self());
    });

    it('with an encrypted PEM key and its password, and with a DER key and DER certificate', async () => {
      const encrypted = await sign(server, pdf, [privateKey(keys.selfSigned.encryptedKey, 'signer.pem'), certificate(keys.selfSigned.cert, 'signer.pem')], {
        certType: 'PEM',
        password: TEST_KEY_PASSWORD,
      });
      expect(encrypted.status).toBe(200);
      expectSignedBy(encrypted.body, pdf, self());
      const der = await sign(server, pdf, [privateKey(keys.selfSigned.derKey, 'signer.der'), certificate(keys.selfSigned.certDer, 'signer.cer')], {
        certType: 'PEM',
      });
      expect(der.status).toBe(200);
      expectSignedBy(der.body, pdf, self());
    });

    it('with a certificate issued by a CA: the chain travels in the signature and verifies up to the root', async () => {
      const leaf = keys.chain.leaf;
      const res = await sign(server, pdf, [p12(leaf.p12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD });
      expect(res.status).toBe(200);
      const signature = expectSignedBy(res.body, pdf, { cn: 'Folio Chain Leaf', certDer: leaf.certDer });
      const embedded = cmsCertificates(signature.der!);
      for (const cn of ['Folio Chain Leaf', 'Folio Test Intermediate CA', 'Folio Test Root CA']) expect(embedded).toContain(`subject=CN = ${cn}`);
      expect(opensslVerify(signature.der!, signedBytes(res.body, signature.ranges), keys.chain.root)).toBe('ok');
    });

    it('with an EC key, and with a store written with legacy algorithms (RC2, 3DES)', async () => {
      const ec = await sign(server, pdf, [p12(keys.ec.p12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD });
      expect(ec.status).toBe(200);
      expectSignedBy(ec.body, pdf, { cn: 'Folio EC Signer', certDer: keys.ec.certDer });
      const legacy = await sign(server, pdf, [p12(keys.legacyP12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD });
      expect(legacy.status).toBe(200);
      expectSignedBy(legacy.body, pdf, self());
    });

    it('with an expired certificate: signing is allowed, the signature itself is valid', async () => {
      const res = await sign(server, pdf, [p12(keys.expired.p12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD });
      expect(res.status).toBe(200);
      expectSignedBy(res.body, pdf, { cn: 'Folio Expired Signer', certDer: keys.expired.certDer });
    });

    it('picks the key named by `alias`, the first one without it', async () => {
      const second = await sign(server, pdf, [p12(keys.twoKeysP12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD, alias: 'second' });
      expect(second.status).toBe(200);
      expect(pdfsig(second.body)[0]).toMatchObject({ signerName: 'Second Key', validation: 'Signature is Valid.' });
      const first = await sign(server, pdf, [p12(keys.twoKeysP12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD });
      expect(first.status).toBe(200);
      expect(['First Key', 'Second Key']).toContain(pdfsig(first.body)[0].signerName);
    });
  });

  describe('documents of every build', () => {
    it('keeps an earlier signature valid when signing again (a second revision)', async () => {
      const once = await sign(server, pdf, [p12(keys.selfSigned.p12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD });
      const twice = await sign(server, once.body, [p12(keys.chain.leaf.p12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD });
      expect(twice.status).toBe(200);
      const [first, second] = pdfsig(twice.body);
      expect(first).toMatchObject({ signerName: 'Folio Test Signer', validation: 'Signature is Valid.', totalDocumentSigned: false });
      expect(first.ranges[1][1]).toBe(once.body.length);
      expect(second).toMatchObject({ signerName: 'Folio Chain Leaf', validation: 'Signature is Valid.', totalDocumentSigned: true });
      expect(twice.body.subarray(0, once.body.length).equals(once.body)).toBe(true);
      expect(signatureDicts(twice.body)).toHaveLength(2);
      // Two fields, two names.
      const names = Object.values(objectsOf(twice.body))
        .map((o) => o.value?.['/T'])
        .filter(Boolean);
      expect(names.sort()).toEqual(['u:Signature1', 'u:Signature2']);
    });

    it('a file with a classic cross-reference table gets a classic update', async () => {
      const res = await sign(server, CLASSIC_PDF, [p12(keys.selfSigned.p12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD });
      expect(res.status).toBe(200);
      expectSignedBy(res.body, CLASSIC_PDF, self());
      expect(res.body.subarray(CLASSIC_PDF.length).toString('latin1')).toMatch(/\nxref\n[\s\S]*\ntrailer\n<<[\s\S]*\/Prev \d+ >>\nstartxref\n\d+\n%%EOF\n$/);
    });

    it('an owner-password-only PDF is decrypted (rewritten) first, then signed', async () => {
      const locked = encryptPdf(pdf, '');
      const res = await sign(server, locked, [p12(keys.selfSigned.p12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD });
      expect(res.status).toBe(200);
      const [signature] = pdfsig(res.body);
      expect(signature).toMatchObject({ signerName: 'Folio Test Signer', validation: 'Signature is Valid.', totalDocumentSigned: true });
      expect(opensslVerify(signature.der!, signedBytes(res.body, signature.ranges))).toBe('ok');
      expect(pageCount(res.body)).toBe(3);
    });

    it('a file whose cross-reference table readers must repair is rewritten first, then signed', async () => {
      // Every offset in the table off by seven bytes: qpdf warns and rebuilds it.
      const damaged = Buffer.from(CLASSIC_PDF.toString('latin1').replace('%PDF-1.7', '%PDF-1.7\n%junk!'), 'latin1');
      const res = await sign(server, damaged, [p12(keys.selfSigned.p12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD });
      expect(res.status).toBe(200);
      expect(pdfsig(res.body)[0]).toMatchObject({ validation: 'Signature is Valid.', totalDocumentSigned: true });
      expect(qpdfCheck(res.body)).toContain('No syntax or stream encoding errors found');
    });
  });

  describe('a visible signature', () => {
    it('is drawn in the bottom-left corner of the chosen page, with the name, reason and location stored', async () => {
      const res = await sign(server, pdf, [p12(keys.selfSigned.p12)], {
        certType: 'PKCS12',
        password: TEST_KEY_PASSWORD,
        showSignature: true,
        pageNumber: 2,
        name: 'Asha Rao',
        reason: 'I approve this contract',
        location: 'Pune',
      });
      expect(res.status).toBe(200);
      expectSignedBy(res.body, pdf, self(), { visible: true });
      const texts = pageTexts(res.body);
      expect(texts[1]).toContain('Signed by Folio Test Signer');
      expect(texts[1]).toContain('Reason: I approve this contract');
      expect(texts[1]).toContain('Location: Pune');
      expect(texts[1]).toMatch(/Date: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
      expect([texts[0], texts[2]]).toEqual([pageTexts(pdf)[0], pageTexts(pdf)[2]]);
      expect(signatureDicts(res.body)[0]).toMatchObject({ '/Name': 'u:Asha Rao', '/Reason': 'u:I approve this contract', '/Location': 'u:Pune' });
      // Ink where the 200 × 50 pt box is on page 2 (a 300 × 400 pt page), none there on pages 1 and 3, and none before signing.
      const box = { left: 0, top: 350, right: 200, bottom: 400 };
      const [before, after] = [await renderPages(pdf, 72), await renderPages(res.body, 72)];
      expect(inkShare(before[1], box)).toBe(0);
      expect(inkShare(after[1], box)).toBeGreaterThan(0.02);
      expect(inkShare(after[0], box)).toBe(0);
      expect(inkShare(after[2], box)).toBe(0);
    });

    it('defaults to the first page', async () => {
      const res = await sign(server, pdf, [p12(keys.selfSigned.p12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD, showSignature: true });
      expect(res.status).toBe(200);
      const rendered = await renderPages(res.body, 72);
      expect(inkShare(rendered[0], { left: 0, top: 350, right: 200, bottom: 400 })).toBeGreaterThan(0.02);
    });

    it('a page past the end is a 400 naming the page count', async () => {
      const res = await sign(server, pdf, [p12(keys.selfSigned.p12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD, showSignature: true, pageNumber: 9 });
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('Page number must be between 1 and 3: the document has 3 pages.');
    });
  });

  describe('bad key material and requests: a clear 400, never a 500', () => {
    const refuses = async (files: Upload[], fields: Fields, detail: string) => {
      const res = await sign(server, pdf, files, fields);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ status: 400, detail });
    };

    it('a wrong key store password', async () => {
      await refuses([p12(keys.selfSigned.p12)], { certType: 'PKCS12', password: 'not-the-password' }, 'The key store password is incorrect.');
      await refuses([p12(keys.selfSigned.p12)], { certType: 'PKCS12' }, 'The key store password is incorrect.');
      await refuses([jks(keys.selfSigned.jks)], { certType: 'JKS', password: 'not-the-password' }, 'The key store password is incorrect.');
    });

    it('a key store without a private key, or without the alias asked for', async () => {
      await refuses([p12(keys.certificateOnlyP12)], { certType: 'PKCS12', password: TEST_KEY_PASSWORD }, 'The key store holds no private key.');
      await refuses(
        [p12(keys.twoKeysP12)],
        { certType: 'PKCS12', password: TEST_KEY_PASSWORD, alias: 'third' },
        'The key store has no private key under the alias "third".',
      );
      await refuses(
        [jks(keys.selfSigned.jks)],
        { certType: 'JKS', password: TEST_KEY_PASSWORD, alias: 'third' },
        'The key store has no private key under the alias "third".',
      );
    });

    it('files that are not what their field says', async () => {
      await refuses(
        [p12(keys.selfSigned.certDer)],
        { certType: 'PKCS12', password: TEST_KEY_PASSWORD },
        'The .p12/.pfx file could not be read as a PKCS#12 key store.',
      );
      await refuses([jks(keys.selfSigned.certDer)], { certType: 'JKS', password: TEST_KEY_PASSWORD }, 'The .jks file could not be read as a Java key store.');
      await refuses(
        [privateKey(keys.selfSigned.cert), certificate(keys.selfSigned.cert)],
        { certType: 'PEM' },
        'The private key file could not be read as a private key.',
      );
      await refuses(
        [privateKey(keys.selfSigned.key), certificate(keys.selfSigned.key)],
        { certType: 'PEM' },
        'The certificate file could not be read as an X.509 certificate.',
      );
    });

    it('a PEM key that does not match its certificate, or an encrypted one without its password', async () => {
      await refuses([privateKey(keys.ec.key), certificate(keys.selfSigned.cert)], { certType: 'PEM' }, 'The private key does not match the certificate.');
      await refuses(
        [privateKey(keys.selfSigned.encryptedKey), certificate(keys.selfSigned.cert)],
        { certType: 'PEM' },
        'The private key could not be opened: its password is missing or incorrect.',
      );
      await refuses(
        [privateKey(keys.selfSigned.encryptedKey), certificate(keys.selfSigned.cert)],
        { certType: 'PEM', password: 'wrong' },
        'The private key could not be opened: its password is missing or incorrect.',
      );
    });

    it('a missing or unknown certificate type, and a missing file for the type chosen, in the spec’s words', async () => {
      await refuses([p12(keys.selfSigned.p12)], { password: TEST_KEY_PASSWORD }, 'Please select a certificate type.');
      await refuses([p12(keys.selfSigned.p12)], { certType: 'SERVER', password: TEST_KEY_PASSWORD }, 'Certificate type must be PKCS12, JKS or PEM.');
      await refuses([p12(keys.selfSigned.p12)], { certType: 'pkcs12', password: TEST_KEY_PASSWORD }, 'Certificate type must be PKCS12, JKS or PEM.');
      await refuses([], { certType: 'PKCS12', password: TEST_KEY_PASSWORD }, 'Please upload the .p12/.pfx file.');
      await refuses([p12(keys.selfSigned.p12)], { certType: 'JKS', password: TEST_KEY_PASSWORD }, 'Please upload the .jks file.');
      await refuses([privateKey(keys.selfSigned.key)], { certType: 'PEM' }, 'Please upload both private key and certificate files for PEM.');
      await refuses([certificate(keys.selfSigned.cert)], { certType: 'PEM' }, 'Please upload both private key and certificate files for PEM.');
    });
  });
});
