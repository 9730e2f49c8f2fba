import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CertificateFormatError, describeCertificate, parseCertificates, toPem } from './certificates';

/** Certificates made by OpenSSL; what it prints about them is the reference. */
describe('certificates described as the reference reports them', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'folio-certs-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  const selfSigned = (name: string, keyArgs: string[], extra: string[] = []) => {
    openssl('req', '-x509', ...keyArgs, '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '10', ...extra);
    return readFileSync(join(dir, `${name}.pem`));
  };

  it('reads names in RFC 2253 form, escaped, last part first, like OpenSSL and Java', () => {
    const pem = selfSigned(
      'names',
      ['-newkey', 'rsa:2048'],
      ['-subj', '/C=IN/O=Folio, Ltd/CN=Asha "A" Rao', '-addext', 'keyUsage=critical,digitalSignature,nonRepudiation,keyCertSign'],
    );
    const [cert] = parseCertificates(pem);
    const details = describeCertificate(cert);
    const expected = openssl('x509', '-in', 'names.pem', '-noout', '-subject', '-nameopt', 'RFC2253')
      .replace(/^subject=/, '')
      .trim();
    expect(details.subjectDN).toBe(expected);
    expect(details.subjectDN).toBe('CN=Asha \\"A\\" Rao,O=Folio\\, Ltd,C=IN');
    expect(details.issuerDN).toBe(expected);
    expect(details.commonName).toBe('Asha "A" Rao');
    expect(details.keyUsages).toEqual(['Digital Signature', 'Non-Repudiation', 'Certificate Signing']);
    expect(details.keySize).toBe(2048);
    expect(details.signatureAlgorithm).toBe('SHA256withRSA');
    expect(details.version).toBe(3);
    expect(details.selfSigned).toBe(true);
  });

  it('joins the parts of a multi-valued name with "+", in their encoded order as Java does', () => {
    const pem = selfSigned('multi', ['-newkey', 'rsa:2048'], ['-subj', '/O=Folio/OU=QA+CN=Asha', '-multivalue-rdn']);
    expect(describeCertificate(parseCertificates(pem)[0]).subjectDN).toBe('OU=QA+CN=Asha,O=Folio');
  });

  it('gives the serial number in lower-case hex without leading zeros, and the validity dates', () => {
    const pem = selfSigned('serial', ['-newkey', 'rsa:2048'], ['-subj', '/CN=Serial', '-set_serial', '0x00ABCDEF01']);
    const details = describeCertificate(parseCertificates(pem)[0]);
    expect(details.serialNumber).toBe('abcdef01');
    const dates = openssl('x509', '-in', 'serial.pem', '-noout', '-startdate', '-enddate');
    expect(details.notBefore.getTime()).toBe(Date.parse(/notBefore=(.*)/.exec(dates)![1]));
    expect(details.notAfter.getTime()).toBe(Date.parse(/notAfter=(.*)/.exec(dates)![1]));
  });

  it('reports EC keys with size 0 and their ECDSA algorithm, and no key usages when the extension is absent', () => {
    const pem = selfSigned('ec', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'], ['-subj', '/CN=Curve']);
    const details = describeCertificate(parseCertificates(pem)[0]);
    expect(details).toMatchObject({ keySize: 0, signatureAlgorithm: 'SHA256withECDSA', subjectDN: 'CN=Curve', selfSigned: true });
  });

  it('tells a certificate issued by another apart from a self-signed one', () => {
    selfSigned('ca', ['-newkey', 'rsa:2048'], ['-subj', '/CN=Folio Test CA']);
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=Leaf');
    openssl('x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'leaf.pem', '-days', '5');
    const details = describeCertificate(parseCertificates(readFileSync(join(dir, 'leaf.pem')))[0]);
    expect(details).toMatchObject({ subjectDN: 'CN=Leaf', issuerDN: 'CN=Folio Test CA', selfSigned: false });
  });

  it('reads DER, and every certificate of a PEM chain in order', () => {
    openssl('x509', '-in', 'ca.pem', '-outform', 'DER', '-out', 'ca.der');
    const der = readFileSync(join(dir, 'ca.der'));
    const [fromDer] = parseCertificates(der);
    expect(fromDer.der.equals(der)).toBe(true);
    const chain = Buffer.concat([readFileSync(join(dir, 'leaf.pem')), readFileSync(join(dir, 'ca.pem'))]);
    expect(parseCertificates(chain).map((c) => describeCertificate(c).commonName)).toEqual(['Leaf', 'Folio Test CA']);
    expect(toPem(der)).toBe(readFileSync(join(dir, 'ca.pem'), 'latin1'));
  });

  it('refuses what is not a certificate', () => {
    expect(() => parseCertificates(Buffer.from('not a certificate'))).toThrow(CertificateFormatError);
    expect(() => parseCertificates(readFileSync(join(dir, 'leaf.key')))).toThrow(CertificateFormatError);
    expect(() => parseCertificates(Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]))).toThrow(CertificateFormatError);
  });
});
