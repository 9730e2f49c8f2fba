import { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * X.509 certificates read in JavaScript (PKI.js over asn1js: parsing an
 * uploaded certificate cannot corrupt memory), described the way the
 * reference's Java reports them: RFC 2253 names, Java's algorithm names, key
 * usages by their Java labels.
 */

/** A certificate could not be read (not DER, not PEM, not X.509). */
export class CertificateFormatError extends Error {
  constructor(detail: string) {
    super(`Not an X.509 certificate: ${detail}`);
    this.name = 'CertificateFormatError';
  }
}

/** One certificate, its encoding kept for comparisons and for handing to OpenSSL. */
export interface ParsedCertificate {
  der: Buffer;
  cert: pkijs.Certificate;
}

const PEM_BLOCK = /-----BEGIN (?:X509 |TRUSTED )?CERTIFICATE-----([\s\S]*?)-----END (?:X509 |TRUSTED )?CERTIFICATE-----/g;

/** Parses one DER certificate. */
export function parseCertificateDer(der: Buffer): ParsedCertificate {
  let cert: pkijs.Certificate;
  try {
    const asn1 = asn1js.fromBER(new Uint8Array(der));
    if (asn1.offset === -1) throw new Error(asn1.result.error || 'not DER');
    cert = new pkijs.Certificate({ schema: asn1.result });
  } catch (error) {
    throw new CertificateFormatError(error instanceof Error ? error.message : String(error));
  }
  // Only the certificate: a longer input holds something else after it.
  const length = cert.toSchema().toBER(false).byteLength;
  return { der: der.subarray(0, length), cert };
}

/** Every certificate in a file: PEM blocks (a chain), or one DER certificate. */
export function parseCertificates(bytes: Buffer): ParsedCertificate[] {
  const text = bytes.toString('latin1');
  const blocks = [...text.matchAll(PEM_BLOCK)];
  if (blocks.length > 0) return blocks.map((block) => parseCertificateDer(Buffer.from(block[1].replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')));
  if (text.includes('-----BEGIN ')) throw new CertificateFormatError('the PEM file holds no certificate');
  return [parseCertificateDer(bytes)];
}

/** PEM armour for a DER certificate, as OpenSSL reads it. */
export function toPem(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** The SubjectPublicKeyInfo, DER: equal for a certificate and the private key it certifies. */
export function publicKeyInfoOf(parsed: ParsedCertificate): Buffer {
  return Buffer.from(parsed.cert.subjectPublicKeyInfo.toSchema().toBER(false));
}

/** The public key in a PEM "PUBLIC KEY" block, DER. */
export function publicKeyPemToDer(pem: string): Buffer {
  const body = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/.exec(pem)?.[1] ?? '';
  return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
}

/** What the validation report says about a certificate (reference §5.8). */
export interface CertificateDetails {
  /** RFC 2253, as Java's X500Principal.getName() writes it. e.g. 'CN=Folio QA,O=Folio,C=IN' */
  subjectDN: string;
  issuerDN: string;
  /** The subject's first common name. e.g. 'Folio QA' */
  commonName?: string;
  /** Hexadecimal, lower case, no leading zeros. e.g. '1a2b' */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** Java's name for the certificate's signature algorithm. e.g. 'SHA256withRSA' */
  signatureAlgorithm: string;
  /** RSA modulus size in bits; 0 for other keys. */
  keySize: number;
  /** X.509 version. e.g. 3 */
  version: number;
  /** e.g. ['Digital Signature', 'Non-Repudiation'] */
  keyUsages: string[];
  /** Issued by itself: the same name, and its signature verifies with its own key. */
  selfSigned: boolean;
}

export function describeCertificate(parsed: ParsedCertificate): CertificateDetails {
  const { cert } = parsed;
  return {
    subjectDN: rfc2253(cert.subject.valueBeforeDecode),
    issuerDN: rfc2253(cert.issuer.valueBeforeDecode),
    commonName: commonNameOf(parsed),
    serialNumber: signedHex(cert.serialNumber.valueBlock.valueHexView),
    notBefore: cert.notBefore.value,
    notAfter: cert.notAfter.value,
    signatureAlgorithm: JAVA_SIGNATURE_ALGORITHMS[cert.signatureAlgorithm.algorithmId] ?? cert.signatureAlgorithm.algorithmId,
    keySize: rsaKeySize(cert),
    version: cert.version + 1,
    keyUsages: keyUsagesOf(cert),
    selfSigned: isSelfSigned(parsed),
  };
}

/** The subject's first common name (CN), if it has one. */
export function commonNameOf(parsed: ParsedCertificate): string | undefined {
  const cn = parsed.cert.subject.typesAndValues.find((atv) => atv.type === COMMON_NAME);
  return cn ? attributeText(cn.value) : undefined;
}

/** The issuer and serial number, DER-encoded, that a CMS signer identifier names a certificate by. */
export function issuerAndSerialOf(parsed: ParsedCertificate): { issuer: Buffer; serial: Buffer } {
  return { issuer: Buffer.from(parsed.cert.issuer.valueBeforeDecode), serial: Buffer.from(parsed.cert.serialNumber.valueBlock.valueHexView) };
}

/** The subject key identifier extension's value, if the certificate has one. */
export function subjectKeyIdentifierOf(parsed: ParsedCertificate): Buffer | undefined {
  const extension = parsed.cert.extensions?.find((e) => e.extnID === '2.5.29.14');
  const value = extension?.parsedValue as asn1js.OctetString | undefined;
  return value?.valueBlock ? Buffer.from(value.valueBlock.valueHexView) : undefined;
}

function isSelfSigned(parsed: ParsedCertificate): boolean {
  const { cert } = parsed;
  if (!Buffer.from(cert.subject.valueBeforeDecode).equals(Buffer.from(cert.issuer.valueBeforeDecode))) return false;
  try {
    const x509 = new X509Certificate(parsed.der);
    return x509.verify(x509.publicKey);
  } catch {
    return false;
  }
}

const COMMON_NAME = '2.5.4.3';

/** Attribute keywords Java's RFC 2253 form uses; other attributes appear as `<oid>=#<hex of the value's DER>`. */
const RFC2253_KEYWORDS: Readonly<Record<string, string>> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.9': 'STREET',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
};

/**
 * A distinguished name (DER) in RFC 2253 form: relative names last to first,
 * separated by commas, multi-valued ones joined by '+', special characters
 * escaped with a backslash.
 */
export function rfc2253(nameDer: ArrayBuffer | Uint8Array): string {
  const asn1 = asn1js.fromBER(nameDer instanceof Uint8Array ? nameDer : new Uint8Array(nameDer));
  if (asn1.offset === -1 || !(asn1.result instanceof asn1js.Sequence)) return '';
  const rdns = asn1.result.valueBlock.value.map((set) =>
    (set instanceof asn1js.Set ? set.valueBlock.value : [])
      .map((atv) => {
        const [type, value] = atv instanceof asn1js.Sequence ? atv.valueBlock.value : [];
        if (!(type instanceof asn1js.ObjectIdentifier) || !value) return '';
        const oid = type.valueBlock.toString();
        const keyword = RFC2253_KEYWORDS[oid];
        const text = attributeText(value);
        if (keyword && text !== undefined) return `${keyword}=${escapeRfc2253(text)}`;
        return `${oid}=#${Buffer.from(value.toBER(false)).toString('hex')}`;
      })
      .join('+'),
  );
  return rdns.reverse().join(',');
}

function escapeRfc2253(value: string): string {
  let escaped = value.replace(/[,+"\\<>;]/g, (c) => `\\${c}`);
  if (escaped.startsWith('#') || escaped.startsWith(' ')) escaped = `\\${escaped}`;
  if (escaped.endsWith(' ') && !escaped.endsWith('\\ ')) escaped = `${escaped.slice(0, -1)}\\ `;
  return escaped;
}

/** The text of a directory string (UTF8String, PrintableString, IA5String, BMPString ...). */
function attributeText(value: unknown): string | undefined {
  const block = (value as { valueBlock?: { value?: unknown } } | undefined)?.valueBlock;
  return typeof block?.value === 'string' ? block.value : undefined;
}

/** A DER INTEGER's content as Java's BigInteger.toString(16) writes it. */
function signedHex(bytes: Uint8Array): string {
  if (bytes.length === 0) return '0';
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
  if (bytes[0] & 0x80) value -= 1n << BigInt(bytes.length * 8);
  return value.toString(16);
}

function rsaKeySize(cert: pkijs.Certificate): number {
  const info = cert.subjectPublicKeyInfo;
  if (info.algorithm.algorithmId !== '1.2.840.113549.1.1.1') return 0;
  const key = info.parsedKey;
  if (!(key instanceof pkijs.RSAPublicKey)) return 0;
  const modulus = Buffer.from(key.modulus.valueBlock.valueHexView);
  const first = modulus.findIndex((byte) => byte !== 0);
  if (first === -1) return 0;
  return (modulus.length - first - 1) * 8 + (32 - Math.clz32(modulus[first]));
}

/** Java's X509Certificate.getKeyUsage() labels, bit 0 first. */
const KEY_USAGE_LABELS = [
  'Digital Signature',
  'Non-Repudiation',
  'Key Encipherment',
  'Data Encipherment',
  'Key Agreement',
  'Certificate Signing',
  'CRL Signing',
  'Encipher Only',
  'Decipher Only',
];

function keyUsagesOf(cert: pkijs.Certificate): string[] {
  const extension = cert.extensions?.find((e) => e.extnID === '2.5.29.15');
  const bits = extension?.parsedValue as asn1js.BitString | undefined;
  if (!bits?.valueBlock) return [];
  const bytes = bits.valueBlock.valueHexView;
  return KEY_USAGE_LABELS.filter((_, i) => i < bytes.length * 8 && (bytes[i >> 3] & (0x80 >> (i & 7))) !== 0);
}

/** Java's names for certificate signature algorithms (Sun and BouncyCastle providers). */
const JAVA_SIGNATURE_ALGORITHMS: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.1.4': 'MD5withRSA',
  '1.2.840.113549.1.1.5': 'SHA1withRSA',
  '1.2.840.113549.1.1.14': 'SHA224withRSA',
  '1.2.840.113549.1.1.11': 'SHA256withRSA',
  '1.2.840.113549.1.1.12': 'SHA384withRSA',
  '1.2.840.113549.1.1.13': 'SHA512withRSA',
  '1.2.840.113549.1.1.10': 'RSASSA-PSS',
  '1.2.840.10045.4.1': 'SHA1withECDSA',
  '1.2.840.10045.4.3.1': 'SHA224withECDSA',
  '1.2.840.10045.4.3.2': 'SHA256withECDSA',
  '1.2.840.10045.4.3.3': 'SHA384withECDSA',
  '1.2.840.10045.4.3.4': 'SHA512withECDSA',
  '1.2.840.10040.4.3': 'SHA1withDSA',
  '2.16.840.1.101.3.4.3.1': 'SHA224withDSA',
  '2.16.840.1.101.3.4.3.2': 'SHA256withDSA',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
};
