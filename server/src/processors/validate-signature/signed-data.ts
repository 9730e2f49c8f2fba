import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { parseCertificateDer, subjectKeyIdentifierOf, type ParsedCertificate } from '../../pdf-signatures/certificates';

/**
 * What a PDF signature's CMS object (SignedData) says about itself, read with
 * PKI.js: who signed (the certificate its signer identifier names), the other
 * certificates it carries, and the times it claims. Whether it verifies is
 * OpenSSL's to judge (engines/openssl.ts).
 */

/** The signature's bytes are not a CMS SignedData object. */
export class SignedDataFormatError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'SignedDataFormatError';
  }
}

export interface SignedDataInfo {
  /** The object's own bytes, without the zeros a PDF pads /Contents with. */
  der: Buffer;
  /** The signer's certificate, when the object carries it. */
  signer?: ParsedCertificate;
  /** Every other certificate it carries (the chain, as sent). */
  others: ParsedCertificate[];
  /** The signed signing-time attribute. */
  signingTime?: Date;
  /** The time of an RFC 3161 timestamp over the signature (unsigned attribute). */
  timestampTime?: Date;
  /** For a document timestamp (ETSI.RFC3161): the token's time, and the digest it vouches for. */
  timestampInfo?: { genTime: Date; hashAlgorithm: string; hashedMessage: Buffer };
}

const SIGNED_DATA = '1.2.840.113549.1.7.2';
const TST_INFO = '1.2.840.113549.1.9.16.1.4';
const SIGNING_TIME = '1.2.840.113549.1.9.5';
const TIMESTAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';

/** Reads a DER ContentInfo holding SignedData; anything else, or anything malformed inside, is a SignedDataFormatError. */
export function readSignedData(bytes: Buffer): SignedDataInfo {
  try {
    return signedDataInfo(bytes);
  } catch (error) {
    if (error instanceof SignedDataFormatError) throw error;
    throw new SignedDataFormatError(`the signature could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

function signedDataInfo(bytes: Buffer): SignedDataInfo {
  const { signed, length } = parseSignedData(bytes);
  const certificates = (signed.certificates ?? []).flatMap((item) => {
    if (!(item instanceof pkijs.Certificate)) return [];
    try {
      return [parseCertificateDer(Buffer.from(item.toSchema().toBER(false)))];
    } catch {
      return [];
    }
  });
  const signerInfo = signed.signerInfos[0];
  if (!signerInfo) throw new SignedDataFormatError('it has no signer');
  const signer = certificates.find((cert) => identifies(signerInfo.sid, cert));
  const info: SignedDataInfo = {
    der: bytes.subarray(0, length),
    signer,
    others: certificates.filter((cert) => cert !== signer),
    signingTime: signingTimeOf(signerInfo),
    timestampTime: timestampTimeOf(signerInfo),
  };
  if (signed.encapContentInfo.eContentType === TST_INFO && signed.encapContentInfo.eContent) {
    const tst = new pkijs.TSTInfo({ schema: asn1js.fromBER(signed.encapContentInfo.eContent.getValue()).result });
    info.timestampInfo = {
      genTime: tst.genTime,
      hashAlgorithm: tst.messageImprint.hashAlgorithm.algorithmId,
      hashedMessage: Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView),
    };
  }
  return info;
}

/** The SignedData at the start of `bytes`, and how many bytes it takes. */
function parseSignedData(bytes: Buffer): { signed: pkijs.SignedData; length: number } {
  try {
    const asn1 = asn1js.fromBER(new Uint8Array(bytes));
    if (asn1.offset === -1) throw new Error(asn1.result.error || 'not DER');
    const contentInfo = new pkijs.ContentInfo({ schema: asn1.result });
    if (contentInfo.contentType !== SIGNED_DATA) throw new Error(`its content type is ${contentInfo.contentType}, not SignedData`);
    return { signed: new pkijs.SignedData({ schema: contentInfo.content }), length: asn1.offset };
  } catch (error) {
    throw new SignedDataFormatError(error instanceof Error ? error.message : String(error));
  }
}

/** Whether a signer identifier (issuer and serial number, or subject key identifier) names this certificate. */
function identifies(sid: unknown, parsed: ParsedCertificate): boolean {
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return sid.issuer.isEqual(parsed.cert.issuer) && sid.serialNumber.isEqual(parsed.cert.serialNumber);
  }
  const keyId = (sid as { valueBlock?: { valueHexView?: Uint8Array; value?: { valueBlock?: { valueHexView?: Uint8Array } }[] } } | undefined)?.valueBlock;
  const bytes = keyId?.valueHexView?.length ? keyId.valueHexView : keyId?.value?.[0]?.valueBlock?.valueHexView;
  const own = subjectKeyIdentifierOf(parsed);
  return !!bytes && !!own && own.equals(Buffer.from(bytes));
}

function signingTimeOf(signerInfo: pkijs.SignerInfo): Date | undefined {
  const value = signerInfo.signedAttrs?.attributes.find((a) => a.type === SIGNING_TIME)?.values[0];
  return value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime ? value.toDate() : undefined;
}

/** The time of a timestamp token in the unsigned attributes, read without judging the token (as the reference does). */
function timestampTimeOf(signerInfo: pkijs.SignerInfo): Date | undefined {
  const token = signerInfo.unsignedAttrs?.attributes.find((a) => a.type === TIMESTAMP_TOKEN)?.values[0];
  if (!token) return undefined;
  try {
    const signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: token }).content });
    const eContent = signed.encapContentInfo.eContent;
    if (!eContent) return undefined;
    return new pkijs.TSTInfo({ schema: asn1js.fromBER(eContent.getValue()).result }).genTime;
  } catch {
    return undefined;
  }
}
