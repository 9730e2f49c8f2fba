import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signCertificateTool, validateSignatureTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { makePdf, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { forgedAfterSigning, signedContract } from '../../../test/support/signed-pdfs';
import { opensslSignedPdf, opensslTimestampedPdf, pdfsig, signingKeys, TEST_KEY_PASSWORD } from '../../../test/support/signing-keys';
import { useTestServer, type TestServer } from '../../../test/support/test-server';

const certUpload = (content: Buffer, field = 'certFile'): Upload => ({ field, name: 'trusted.crt', content, contentType: 'application/x-x509-ca-cert' });

function validate(server: TestServer, pdf: Buffer, files: Upload[] = []) {
  return postTool(server, validateSignatureTool.endpoint, [{ name: 'signed.pdf', content: pdf }, ...files]);
}

/** What OpenSSL says of a certificate: the independent source of the expected details. */
function opensslDetails(pem: Buffer): { serial: string; notBefore: number; notAfter: number; subject: string } {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'c.pem'), pem);
    const out = execFileSync('openssl', ['x509', '-in', 'c.pem', '-noout', '-serial', '-startdate', '-enddate', '-subject', '-nameopt', 'RFC2253'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const field = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(out)![1].trim();
    return {
      serial: field('serial')
        .toLowerCase()
        .replace(/^0+(?=.)/, ''),
      notBefore: Date.parse(field('notBefore')),
      notAfter: Date.parse(field('notAfter')),
      subject: field('subject'),
    };
  });
}

/** Java's Date.toString() as the answer writes it, read back. e.g. 'Mon Jan 06 04:30:00 UTC 2025' */
function javaDate(text: string): number {
  const match = /^(\w{3}) (\w{3}) (\d{2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(text);
  if (!match) throw new Error(`Not Java's Date.toString() in UTC: ${text}`);
  return Date.parse(`${match[2]} ${match[3]} ${match[7]} ${match[4]}:${match[5]}:${match[6]} UTC`);
}

describe('Validate PDF Signature (/api/v1/security/validate-signature)', () => {
  const server = useTestServer();
  jest.setTimeout(120_000);
  let keys: ReturnType<typeof signingKeys>;
  let pdf: Buffer;
  /** Signs through the server's own Sign with Certificate endpoint. */
  const signed = async (p12: Buffer, document = pdf) => {
    const res = await postTool(
      server,
      signCertificateTool.endpoint,
      [
        { name: 'in.pdf', content: document },
        { field: 'p12File', name: 'k.p12', content: p12 },
      ],
      { certType: 'PKCS12', password: TEST_KEY_PASSWORD, reason: 'Approved', location: 'Pune' },
    );
    expect(res.status).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    keys = signingKeys();
    pdf = await makePdf(2, { label: 'Contract' });
  });

  it('reports a signature made by Sign with Certificate: valid, whole document, signer and certificate details', async () => {
    const before = Date.now();
    const document = await signed(keys.selfSigned.p12);
    const res = await validate(server, document);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.fileName).toBe('signed_signatures.json');
    expect(res.json).toHaveLength(1);
    const [report] = res.json;
    const openssl = opensslDetails(keys.selfSigned.cert);
    expect(report).toMatchObject({
      valid: true,
      coversEntireDocument: true,
      notExpired: true,
      revocationChecked: false,
      revocationStatus: 'not-checked',
      validationTimeSource: 'signing-time',
      signerName: 'Folio Test Signer',
      reason: 'Approved',
      location: 'Pune',
      errorMessage: null,
      subjectDN: openssl.subject,
      issuerDN: openssl.subject,
      serialNumber: openssl.serial,
      signatureAlgorithm: 'SHA256withRSA',
      keySize: 2048,
      version: '3',
      keyUsages: ['Digital Signature', 'Non-Repudiation'],
      selfSigned: true,
    });
    expect(javaDate(report.validFrom)).toBe(openssl.notBefore);
    expect(javaDate(report.validUntil)).toBe(openssl.notAfter);
    const signedAt = javaDate(report.signatureDate);
    expect(signedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(signedAt).toBeLessThanOrEqual(Date.now());
    // No anchor trusts a self-signed certificate unless it is sent: the system's trust store does not.
    expect(report).toMatchObject({ chainValid: false, trustValid: false });
    expect(report.chainValidationError).toMatch(/self-signed certificate/);
    // Every key of the reference, in its order, then this signature's own coverage.
    expect(Object.keys(report)).toEqual([
      'valid',
      'chainValid',
      'trustValid',
      'chainValidationError',
      'certPathLength',
      'notExpired',
      'coversEntireDocument',
      'revocationChecked',
      'revocationStatus',
      'validationTimeSource',
      'signerName',
      'signatureDate',
      'reason',
      'location',
      'errorMessage',
      'issuerDN',
      'subjectDN',
      'serialNumber',
      'validFrom',
      'validUntil',
      'signatureAlgorithm',
      'keySize',
      'version',
      'keyUsages',
      'selfSigned',
      'coverage',
      'changedAfterSigning',
    ]);
    expect(report).toMatchObject({ coverage: 'entire-document', changedAfterSigning: null });
  });

  it('agrees with pdfsig and OpenSSL on a PDF signed by OpenSSL alone, and reads its /M date', async () => {
    const document = opensslSignedPdf({
      key: keys.selfSigned.key,
      cert: keys.selfSigned.cert,
      name: 'Asha Rao',
      reason: 'Reviewed',
      signingTime: "D:20250106100000+05'30'",
    });
    expect(pdfsig(document)[0]).toMatchObject({ validation: 'Signature is Valid.', totalDocumentSigned: true });
    const res = await validate(server, document);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({
      valid: true,
      coversEntireDocument: true,
      signerName: 'Asha Rao',
      reason: 'Reviewed',
      location: null,
      signatureDate: 'Mon Jan 06 04:30:00 UTC 2025',
      subjectDN: 'CN=Folio Test Signer',
    });
  });

  it('an unsigned PDF answers an empty array', async () => {
    const res = await validate(server, pdf);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  describe('a document changed after signing', () => {
    it('with bytes inside the signed range changed: invalid, as pdfsig also finds', async () => {
      const document = await signed(keys.selfSigned.p12);
      const changed = Buffer.from(document);
      const at = changed.indexOf('/MediaBox [0 0 300 400]');
      expect(at).toBeGreaterThan(0);
      changed.write('/MediaBox [0 0 300 401]', at, 'latin1');
      expect(pdfsig(changed)[0].validation).not.toBe('Signature is Valid.');
      const res = await validate(server, changed);
      expect(res.status).toBe(200);
      expect(res.json[0]).toMatchObject({ valid: false, coversEntireDocument: true, signerName: 'Folio Test Signer', subjectDN: 'CN=Folio Test Signer' });
      expect(res.json[0].errorMessage).toBe('Signature validation failed: the signed bytes have changed since signing (digest mismatch)');
    });

    it('with bytes appended after the signature: the signature holds, the document is not wholly covered', async () => {
      const document = await signed(keys.selfSigned.p12);
      const appended = Buffer.concat([document, Buffer.from('\n% added after signing\n')]);
      const res = await validate(server, appended);
      expect(res.json[0]).toMatchObject({ valid: true, coversEntireDocument: false, coverage: 'signed-revision-only' });
      expect(res.json[0].changedAfterSigning).toEqual({
        bytesAdded: appended.length - document.length,
        incrementalUpdates: 0,
        objectsChanged: 0,
        pages: { added: 0, removed: 0, changed: [] },
        annotations: { added: 0, removed: 0, changed: 0 },
        formFields: { added: [], removed: [], changed: [] },
        laterSignatures: 0,
      });
      expect(pdfsig(appended)[0].totalDocumentSigned).toBe(false);
    });

    it('with an incremental update after signing that writes on the page: valid for the signed revision only, page 1 changed, as pdfsig finds', async () => {
      const document = opensslSignedPdf({ key: keys.selfSigned.key, cert: keys.selfSigned.cert, name: 'Folio Test Signer' });
      const forged = forgedAfterSigning(document);
      // Read independently: Poppler draws the new text, and pdfsig finds the signature good but not over the whole file.
      expect(pageTexts(forged)[0]).toContain('FORGED AFTER SIGNING');
      expect(pageTexts(document)[0]).not.toContain('FORGED AFTER SIGNING');
      const [poppler] = pdfsig(forged);
      expect(poppler).toMatchObject({ validation: 'Signature is Valid.', totalDocumentSigned: false });
      const res = await validate(server, forged);
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(1);
      // The reference's fields keep their meaning: the signature verifies over what it signed; the file as a whole is not covered.
      expect(res.json[0]).toMatchObject({
        valid: true,
        coversEntireDocument: false,
        errorMessage: null,
        signerName: 'Folio Test Signer',
        coverage: 'signed-revision-only',
      });
      expect(res.json[0].changedAfterSigning).toEqual({
        bytesAdded: forged.length - document.length,
        incrementalUpdates: 1,
        // The page, its new content stream and the font it uses.
        objectsChanged: 3,
        pages: { added: 0, removed: 0, changed: [1] },
        annotations: { added: 0, removed: 0, changed: 0 },
        formFields: { added: [], removed: [], changed: [] },
        laterSignatures: 0,
      });
      // What the signature covers ends where pdfsig's second range ends.
      expect(poppler.ranges[1][1]).toBe(document.length);
    });

    it('signed twice: two reports, both valid, the document covered (the second signature reaches the end); the first signed one revision, before a later signature', async () => {
      const twice = await signed(keys.chain.leaf.p12, await signed(keys.selfSigned.p12));
      const res = await validate(server, twice);
      expect(
        res.json.map((r: { signerName: string; valid: boolean; coversEntireDocument: boolean; coverage: string }) => [
          r.signerName,
          r.valid,
          r.coversEntireDocument,
          r.coverage,
        ]),
      ).toEqual([
        ['Folio Test Signer', true, true, 'signed-revision-only'],
        ['Folio Chain Leaf', true, true, 'entire-document'],
      ]);
      expect(res.json[0].changedAfterSigning).toMatchObject({ incrementalUpdates: 1, pages: { added: 0, removed: 0, changed: [] }, laterSignatures: 1 });
      expect(pdfsig(twice).map((p) => p.totalDocumentSigned)).toEqual([false, true]);
    });

    it('a certified contract approved later: the certification covers its revision, the approval signed a field and added the security store', async () => {
      const contract = signedContract();
      expect(pdfsig(contract).map((p) => [p.validation, p.totalDocumentSigned])).toEqual([
        ['Signature is Valid.', false],
        ['Signature is Valid.', true],
      ]);
      const res = await validate(server, contract);
      expect(res.json.map((r: { valid: boolean; coverage: string }) => [r.valid, r.coverage])).toEqual([
        [true, 'signed-revision-only'],
        [true, 'entire-document'],
      ]);
      expect(res.json[0].changedAfterSigning).toEqual({
        bytesAdded: contract.length - pdfsig(contract)[0].ranges[1][1],
        incrementalUpdates: 1,
        // The catalog (its new /DSS), the approval widget, its signature and the certificate stream.
        objectsChanged: 4,
        pages: { added: 0, removed: 0, changed: [] },
        annotations: { added: 0, removed: 0, changed: 1 },
        formFields: { added: [], removed: [], changed: ['approvals.Approval'] },
        laterSignatures: 1,
      });
      expect(res.json[1].changedAfterSigning).toBeNull();
    });
  });

  describe('chain and trust', () => {
    it('the signer’s own certificate sent as the anchor makes a self-signed chain valid and trusted', async () => {
      const res = await validate(server, await signed(keys.selfSigned.p12), [certUpload(keys.selfSigned.cert)]);
      expect(res.json[0]).toMatchObject({ valid: true, chainValid: true, trustValid: true, chainValidationError: null, certPathLength: 1 });
    });

    it('a CA chain: trusted up to the root sent, or to the intermediate sent; not with no anchor or another one', async () => {
      const document = await signed(keys.chain.leaf.p12);
      const root = await validate(server, document, [certUpload(keys.chain.root)]);
      expect(root.json[0]).toMatchObject({
        valid: true,
        chainValid: true,
        trustValid: true,
        certPathLength: 2,
        selfSigned: false,
        subjectDN: 'CN=Folio Chain Leaf',
        issuerDN: 'CN=Folio Test Intermediate CA',
      });
      const intermediate = await validate(server, document, [certUpload(keys.chain.intermediate)]);
      expect(intermediate.json[0]).toMatchObject({ chainValid: true, trustValid: true, certPathLength: 1 });
      const none = await validate(server, document);
      expect(none.json[0]).toMatchObject({ valid: true, chainValid: false, trustValid: false });
      // The signature carries the root too; no anchor vouches for it.
      expect(none.json[0].chainValidationError).toBe('self-signed certificate in certificate chain');
      const other = await validate(server, document, [certUpload(keys.ec.cert)]);
      expect(other.json[0]).toMatchObject({ valid: true, chainValid: false, trustValid: false });
    });

    it('takes the custom certificate under the spec’s name customCert too, in DER', async () => {
      const res = await validate(server, await signed(keys.selfSigned.p12), [certUpload(keys.selfSigned.certDer, 'customCert')]);
      expect(res.json[0]).toMatchObject({ chainValid: true, trustValid: true });
    });

    it('an expired certificate: notExpired false, and no valid chain even to itself', async () => {
      const res = await validate(server, await signed(keys.expired.p12), [certUpload(keys.expired.cert)]);
      expect(res.json[0]).toMatchObject({
        valid: true,
        notExpired: false,
        chainValid: false,
        trustValid: false,
        validFrom: 'Wed Jan 01 00:00:00 UTC 2020',
        validUntil: 'Sat Feb 01 00:00:00 UTC 2020',
      });
      expect(res.json[0].chainValidationError).toMatch(/expired/);
    });

    it('an EC key: key size 0 (RSA only), ECDSA', async () => {
      const res = await validate(server, await signed(keys.ec.p12));
      expect(res.json[0]).toMatchObject({ valid: true, keySize: 0, signatureAlgorithm: 'SHA256withECDSA', subjectDN: 'CN=Folio EC Signer' });
    });
  });

  describe('document timestamps (ETSI.RFC3161)', () => {
    it('a token over the document’s bytes is valid, dated by the TSA', async () => {
      const document = opensslTimestampedPdf();
      const res = await validate(server, document);
      expect(res.json).toHaveLength(1);
      expect(res.json[0]).toMatchObject({ valid: true, validationTimeSource: 'document-timestamp', subjectDN: 'CN=Folio Test TSA', errorMessage: null });
    });

    it('a token for other bytes is not', async () => {
      const res = await validate(server, opensslTimestampedPdf({ tamperImprint: true }));
      expect(res.json[0]).toMatchObject({ valid: false, errorMessage: 'Timestamp message imprint does not match the document' });
    });
  });

  describe('broken signatures are reported, not failed', () => {
    it('contents that are no CMS object', async () => {
      const document = opensslSignedPdf({ key: keys.selfSigned.key, cert: keys.selfSigned.cert });
      const text = document.toString('latin1');
      const at = text.indexOf('/Contents <') + '/Contents <'.length;
      const broken = Buffer.from(document);
      broken.write('3003020101', at, 'latin1');
      const res = await validate(server, broken);
      expect(res.status).toBe(200);
      expect(res.json[0].valid).toBe(false);
      expect(res.json[0].errorMessage).toMatch(/^Signature validation failed: /);
    });

    it('a byte range that does not leave out exactly the signature', async () => {
      const document = opensslSignedPdf({ key: keys.selfSigned.key, cert: keys.selfSigned.cert });
      const text = document.toString('latin1');
      const range = /\/ByteRange \[0 (\d+) (\d+) (\d+)\s*\]/.exec(text)!;
      const [first, second, rest] = [Number(range[1]), Number(range[2]), Number(range[3])];
      const shifted = `/ByteRange [0 ${first + 2} ${second} ${rest}]`.padEnd(range[0].length, ' ');
      const res = await validate(server, Buffer.from(text.replace(range[0], shifted), 'latin1'));
      expect(res.json[0]).toMatchObject({
        valid: false,
        errorMessage: 'Signature validation failed: the byte range does not leave out exactly the signature’s contents',
      });
    });
  });

  describe('bad requests', () => {
    it('a custom certificate that is none: 400', async () => {
      const res = await validate(server, await signed(keys.selfSigned.p12), [
        certUpload(Buffer.from('-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n')),
      ]);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('The certificate file could not be read as an X.509 certificate.');
    });

    it('no file: the spec’s message', async () => {
      const res = await postTool(server, validateSignatureTool.endpoint, []);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('Please upload the signed PDF file.');
    });
  });
});
