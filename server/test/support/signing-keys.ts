import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { handWrittenPdf } from './hand-written-pdf';
import { withTempDir } from './pdfs';

/**
 * Keys, certificates and key stores for signing tests, made with OpenSSL and
 * Java's keytool (never with the code under test), and readers that check a
 * signed PDF independently: Poppler's pdfsig, OpenSSL's CMS verifier.
 */

/** The password of every key store and encrypted key made here. */
export const TEST_KEY_PASSWORD = 'sign-secret';

export interface KeyPair {
  /** PEM private key, unencrypted. */
  key: Buffer;
  /** PEM private key, encrypted with TEST_KEY_PASSWORD. */
  encryptedKey: Buffer;
  /** DER private key (PKCS#8). */
  derKey: Buffer;
  /** PEM certificate. */
  cert: Buffer;
  /** DER certificate. */
  certDer: Buffer;
  /** PKCS#12 store holding the key, the certificate and its chain, alias 'signer'. */
  p12: Buffer;
  /** JKS store of the same. */
  jks: Buffer;
}

export interface SigningKeys {
  /** A self-signed certificate, CN 'Folio Test Signer'. */
  selfSigned: KeyPair;
  /** root → intermediate → leaf (CN 'Folio Chain Leaf'); the leaf's stores carry the whole chain. */
  chain: { root: Buffer; intermediate: Buffer; leaf: KeyPair };
  /** Self-signed, valid in January 2020 only (CN 'Folio Expired Signer'). */
  expired: KeyPair;
  /** An EC (P-256) key, self-signed (CN 'Folio EC Signer'). */
  ec: KeyPair;
  /** A PKCS#12 store with a certificate and no key. */
  certificateOnlyP12: Buffer;
  /** A PKCS#12 store written with OpenSSL 3's legacy algorithms (RC2, 3DES), as old Windows exports are. */
  legacyP12: Buffer;
  /** A PKCS#12 store with two keys: 'first' (CN 'First Key') and 'second' (CN 'Second Key'). */
  twoKeysP12: Buffer;
}

const CA_CONFIG = `[ca]
default_ca = test
[test]
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = any
unique_subject = no
copy_extensions = copy
[any]
commonName = supplied
`;

let made: SigningKeys | undefined;

/** Every key and store the signing tests use, made once per test file (a few seconds: keytool starts a JVM). */
export function signingKeys(): SigningKeys {
  made ??= withTempDir((dir) => {
    const at = (name: string) => join(dir, name);
    const read = (name: string) => readFileSync(at(name));
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    writeFileSync(at('password'), `${TEST_KEY_PASSWORD}\n`);
    const pass = `file:${at('password')}`;

    const pair = (name: string, extra: { chain?: string } = {}): KeyPair => {
      openssl('pkey', '-in', `${name}.key`, '-out', `${name}.enc.key`, '-aes256', '-passout', pass);
      openssl('pkey', '-in', `${name}.key`, '-outform', 'DER', '-out', `${name}.der.key`);
      openssl('x509', '-in', `${name}.pem`, '-outform', 'DER', '-out', `${name}.der`);
      openssl(
        'pkcs12',
        '-export',
        '-inkey',
        `${name}.key`,
        '-in',
        `${name}.pem`,
        ...(extra.chain ? ['-certfile', extra.chain] : []),
        '-name',
        'signer',
        '-out',
        `${name}.p12`,
        '-passout',
        pass,
      );
      execFileSync(
        'keytool',
        [
          '-importkeystore',
          '-noprompt',
          '-srckeystore',
          at(`${name}.p12`),
          '-srcstoretype',
          'PKCS12',
          '-srcstorepass:file',
          at('password'),
          '-destkeystore',
          at(`${name}.jks`),
          '-deststoretype',
          'JKS',
          '-deststorepass:file',
          at('password'),
        ],
        { stdio: 'ignore' },
      );
      return {
        key: read(`${name}.key`),
        encryptedKey: read(`${name}.enc.key`),
        derKey: read(`${name}.der.key`),
        cert: read(`${name}.pem`),
        certDer: read(`${name}.der`),
        p12: read(`${name}.p12`),
        jks: read(`${name}.jks`),
      };
    };
    const selfSigned = (name: string, cn: string, keyArgs = ['-newkey', 'rsa:2048']) =>
      openssl(
        'req',
        '-x509',
        ...keyArgs,
        '-nodes',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.pem`,
        '-days',
        '30',
        '-subj',
        `/CN=${cn}`,
        '-addext',
        'keyUsage=critical,digitalSignature,nonRepudiation',
      );

    selfSigned('self', 'Folio Test Signer');
    selfSigned('ec', 'Folio EC Signer', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']);

    // root → intermediate → leaf, each CA marked as one.
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'root.key',
      '-out',
      'root.pem',
      '-days',
      '60',
      '-subj',
      '/CN=Folio Test Root CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
    writeFileSync(at('ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
    writeFileSync(at('leaf.ext'), 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n');
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'intermediate.key', '-out', 'intermediate.csr', '-subj', '/CN=Folio Test Intermediate CA');
    openssl(
      'x509',
      '-req',
      '-in',
      'intermediate.csr',
      '-CA',
      'root.pem',
      '-CAkey',
      'root.key',
      '-CAcreateserial',
      '-out',
      'intermediate.pem',
      '-days',
      '50',
      '-extfile',
      'ca.ext',
    );
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=Folio Chain Leaf');
    openssl(
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      'intermediate.pem',
      '-CAkey',
      'intermediate.key',
      '-CAcreateserial',
      '-out',
      'leaf.pem',
      '-days',
      '40',
      '-extfile',
      'leaf.ext',
    );
    writeFileSync(at('leaf-chain.pem'), Buffer.concat([read('intermediate.pem'), read('root.pem')]));

    // Valid in January 2020 only: `openssl ca` sets both dates.
    writeFileSync(at('ca.cnf'), CA_CONFIG);
    writeFileSync(at('index.txt'), '');
    writeFileSync(at('serial'), '01\n');
    openssl('req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'expired.key', '-out', 'expired.csr', '-subj', '/CN=Folio Expired Signer');
    openssl(
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-selfsign',
      '-keyfile',
      'expired.key',
      '-in',
      'expired.csr',
      '-out',
      'expired.pem',
      '-notext',
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20200201000000Z',
    );

    openssl('pkcs12', '-export', '-nokeys', '-in', 'root.pem', '-out', 'certonly.p12', '-passout', pass);
    openssl('pkcs12', '-export', '-legacy', '-inkey', 'self.key', '-in', 'self.pem', '-name', 'signer', '-out', 'legacy.p12', '-passout', pass);

    // Two keys in one store: keytool merges two single-key stores under their aliases.
    selfSigned('first', 'First Key');
    selfSigned('second', 'Second Key');
    for (const name of ['first', 'second']) {
      openssl('pkcs12', '-export', '-inkey', `${name}.key`, '-in', `${name}.pem`, '-name', name, '-out', `${name}.p12`, '-passout', pass);
      execFileSync(
        'keytool',
        [
          '-importkeystore',
          '-noprompt',
          '-srckeystore',
          at(`${name}.p12`),
          '-srcstoretype',
          'PKCS12',
          '-srcstorepass:file',
          at('password'),
          '-destkeystore',
          at('two.p12'),
          '-deststoretype',
          'PKCS12',
          '-deststorepass:file',
          at('password'),
        ],
        { stdio: 'ignore' },
      );
    }

    return {
      selfSigned: pair('self'),
      chain: { root: read('root.pem'), intermediate: read('intermediate.pem'), leaf: pair('leaf', { chain: 'leaf-chain.pem' }) },
      expired: pair('expired'),
      ec: pair('ec'),
      certificateOnlyP12: read('certonly.p12'),
      legacyP12: read('legacy.p12'),
      twoKeysP12: read('two.p12'),
    };
  });
  return made;
}

/** What Poppler's pdfsig says about each signature of a PDF. */
export interface PdfsigSignature {
  /** e.g. 'Folio Test Signer' */
  signerName?: string;
  /** e.g. 'Signature is Valid.' */
  validation?: string;
  /** e.g. 'Certificate issuer isn't Trusted.' */
  certificateValidation?: string;
  /** e.g. 'adbe.pkcs7.detached' */
  type?: string;
  /** e.g. [[0, 1234], [5678, 9999]] */
  ranges: [number, number][];
  /** pdfsig's 'Total document signed'. */
  totalDocumentSigned: boolean;
  /** The signature's CMS object as pdfsig dumps it, padding cut off. */
  der?: Buffer;
}

/** pdfsig's report on a PDF, one entry per signature, with each signature's CMS object as `pdfsig -dump` writes it. */
export function pdfsig(pdf: Buffer): PdfsigSignature[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    const run = (...args: string[]) => {
      try {
        return execFileSync('pdfsig', [...args, 'doc.pdf'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      } catch (error) {
        // pdfsig exits non-zero when the file has no signature or one does not validate; its report is still on stdout.
        return (error as { stdout?: string }).stdout ?? '';
      }
    };
    const out = run();
    run('-dump');
    return out
      .split(/^Signature #\d+:$/m)
      .slice(1)
      .map((block, i) => {
        const field = (name: string) => new RegExp(`^\\s*- ${name}: (.*)$`, 'm').exec(block)?.[1]?.trim();
        const ranges = [...block.matchAll(/\[(\d+) - (\d+)\]/g)].map((m) => [Number(m[1]), Number(m[2])] as [number, number]);
        let der: Buffer | undefined;
        try {
          der = firstDerObject(readFileSync(join(dir, `doc.pdf.sig${i}`)));
        } catch {
          der = undefined;
        }
        return {
          signerName: field('Signer Certificate Common Name'),
          validation: field('Signature Validation'),
          certificateValidation: field('Certificate Validation'),
          type: field('Signature Type'),
          ranges,
          totalDocumentSigned: /Total document signed/.test(block),
          der,
        };
      });
  });
}

/** The DER object at the start of `bytes`, without what follows it (a PDF pads /Contents with zeros). */
export function firstDerObject(bytes: Buffer): Buffer {
  if (bytes[0] !== 0x30) throw new Error('Not a DER SEQUENCE.');
  const first = bytes[1];
  if (first < 0x80) return bytes.subarray(0, 2 + first);
  const lengthBytes = first & 0x7f;
  return bytes.subarray(0, 2 + lengthBytes + bytes.readUIntBE(2, lengthBytes));
}

/** The bytes a signature's byte range covers, joined. */
export function signedBytes(pdf: Buffer, ranges: readonly [number, number][]): Buffer {
  return Buffer.concat(ranges.map(([start, end]) => pdf.subarray(start, end)));
}

/**
 * OpenSSL's verdict on a detached CMS signature over `content`: 'ok', or its
 * error. Certificates are checked against `trusted` when given, not at all otherwise.
 */
export function opensslVerify(der: Buffer, content: Buffer, trusted?: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'sig.der'), der);
    writeFileSync(join(dir, 'content.bin'), content);
    if (trusted) writeFileSync(join(dir, 'trusted.pem'), trusted);
    try {
      execFileSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          'sig.der',
          '-content',
          'content.bin',
          '-out',
          '/dev/null',
          ...(trusted ? ['-CAfile', 'trusted.pem', '-purpose', 'any'] : ['-noverify']),
        ],
        { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      return 'ok';
    } catch (error) {
      return String((error as { stderr?: Buffer }).stderr ?? error);
    }
  });
}

/** The certificates a CMS object carries, PEM, as OpenSSL prints them (with its subject/issuer lines). */
export function cmsCertificates(der: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'sig.der'), der);
    return execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', 'sig.der', '-print_certs'], { cwd: dir, encoding: 'utf8' });
  });
}

/** The signer's certificate of a CMS object, DER (OpenSSL verifies the signature to name it). */
export function cmsSignerCertificate(der: Buffer, content: Buffer): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'sig.der'), der);
    writeFileSync(join(dir, 'content.bin'), content);
    execFileSync(
      'openssl',
      ['cms', '-verify', '-noverify', '-binary', '-inform', 'DER', '-in', 'sig.der', '-content', 'content.bin', '-out', '/dev/null', '-signer', 'signer.pem'],
      { cwd: dir, stdio: 'ignore' },
    );
    return execFileSync('openssl', ['x509', '-in', 'signer.pem', '-outform', 'DER'], { cwd: dir });
  });
}

export interface OpensslSignature {
  /** PEM key and certificate of the signer. */
  key: Buffer;
  cert: Buffer;
  /** Further certificates to embed, PEM. */
  chain?: Buffer;
  /** /Name, /Reason, /Location of the signature dictionary. */
  name?: string;
  reason?: string;
  /** /M as written. e.g. "D:20250106100000+05'30'" */
  signingTime?: string;
  /** The page's text. */
  text?: string;
}

const SIGNATURE_HEX_DIGITS = 32_768;
const BYTE_RANGE_SLOT = '[0 0000000000 0000000000 0000000000]';

/**
 * A one-page PDF signed by OpenSSL's `cms -sign`, written here by hand (classic
 * cross-reference table, one revision): a signature made without any of the
 * server's code, for the validator to be checked against.
 */
export function opensslSignedPdf(signature: OpensslSignature): Buffer {
  const sigDict = [
    `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange ${BYTE_RANGE_SLOT} /Contents <${'0'.repeat(SIGNATURE_HEX_DIGITS)}>`,
    signature.signingTime ? ` /M (${signature.signingTime})` : '',
    signature.name ? ` /Name (${signature.name})` : '',
    signature.reason ? ` /Reason (${signature.reason})` : '',
    ' >>',
  ].join('');
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'key.pem'), signature.key);
    writeFileSync(join(dir, 'cert.pem'), signature.cert);
    if (signature.chain) writeFileSync(join(dir, 'chain.pem'), signature.chain);
    return fillSignature(handSignedPdf(sigDict, signature.text ?? 'Signed by OpenSSL'), (content) => {
      writeFileSync(join(dir, 'content.bin'), content);
      execFileSync(
        'openssl',
        [
          'cms',
          '-sign',
          '-binary',
          '-md',
          'sha256',
          '-in',
          'content.bin',
          '-signer',
          'cert.pem',
          '-inkey',
          'key.pem',
          ...(signature.chain ? ['-certfile', 'chain.pem'] : []),
          '-outform',
          'DER',
          '-out',
          'sig.der',
        ],
        { cwd: dir, stdio: 'ignore' },
      );
      return readFileSync(join(dir, 'sig.der'));
    });
  });
}

/**
 * A one-page PDF whose only signature is an RFC 3161 document timestamp
 * (ETSI.RFC3161) issued by OpenSSL's `ts -reply` with a test TSA certificate.
 * `tamperImprint` makes the token vouch for other bytes than the document's.
 */
export function opensslTimestampedPdf(options: { tamperImprint?: boolean } = {}): Buffer {
  const sigDict = `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 /ByteRange ${BYTE_RANGE_SLOT} /Contents <${'0'.repeat(SIGNATURE_HEX_DIGITS)}> >>`;
  return withTempDir((dir) => {
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    writeFileSync(join(dir, 'tsa.ext'), 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n');
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'tsa.key',
      '-out',
      'tsa.pem',
      '-days',
      '30',
      '-subj',
      '/CN=Folio Test TSA',
      '-addext',
      'extendedKeyUsage=critical,timeStamping',
      '-addext',
      'keyUsage=critical,digitalSignature',
    );
    writeFileSync(join(dir, 'tsaserial'), '01\n');
    writeFileSync(
      join(dir, 'tsa.cnf'),
      [
        '[tsa]',
        'default_tsa = test',
        '[test]',
        `serial = ${join(dir, 'tsaserial')}`,
        'signer_digest = sha256',
        'default_policy = 1.2.3.4.1',
        'digests = sha256',
        'accuracy = secs:1',
        'ess_cert_id_alg = sha256',
        'certs = tsa.pem',
        '',
      ].join('\n'),
    );
    return fillSignature(handSignedPdf(sigDict, 'Timestamped by OpenSSL'), (content) => {
      writeFileSync(join(dir, 'content.bin'), options.tamperImprint ? Buffer.concat([content, Buffer.from('other bytes')]) : content);
      openssl('ts', '-query', '-data', 'content.bin', '-sha256', '-cert', '-out', 'request.tsq');
      openssl('ts', '-reply', '-config', 'tsa.cnf', '-queryfile', 'request.tsq', '-signer', 'tsa.pem', '-inkey', 'tsa.key', '-token_out', '-out', 'token.der');
      return readFileSync(join(dir, 'token.der'));
    });
  });
}

/** A one-page PDF with a signature field whose value is `sigDict` (holding the byte range and contents slots). */
function handSignedPdf(sigDict: string, text: string): Buffer {
  const content = `BT /F1 18 Tf 20 150 Td (${text}) Tj ET`;
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R] /SigFlags 3 >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /Annots [6 0 R] >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature1) /V 7 0 R /F 132 /P 3 0 R /Rect [0 0 0 0] >>',
    sigDict,
  ]);
}

/** Fills the byte range slot, signs the bytes it names with `sign`, and writes the result into the contents slot. */
function fillSignature(pdf: Buffer, sign: (content: Buffer) => Buffer): Buffer {
  const text = pdf.toString('latin1');
  const contentsStart = text.indexOf(`<${'0'.repeat(SIGNATURE_HEX_DIGITS)}>`);
  const contentsEnd = contentsStart + SIGNATURE_HEX_DIGITS + 2;
  const range = `[0 ${contentsStart} ${contentsEnd} ${pdf.length - contentsEnd}]`.padEnd(BYTE_RANGE_SLOT.length, ' ');
  const filled = Buffer.from(text.replace(BYTE_RANGE_SLOT, range), 'latin1');
  const signature = sign(Buffer.concat([filled.subarray(0, contentsStart), filled.subarray(contentsEnd)])).toString('hex');
  if (signature.length > SIGNATURE_HEX_DIGITS) throw new Error('The test signature does not fit its slot.');
  filled.write(signature, contentsStart + 1, 'latin1');
  return filled;
}
