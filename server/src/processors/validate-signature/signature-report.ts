import type { CertificateDetails } from '../../pdf-signatures/certificates';
import { parsePdfDate } from '../../pdf-objects/pdf-dates';
import type { SignatureDictionary } from '../../pdf-signatures/signature-fields';
import type { ChangesAfterSigning, SignatureCoverage } from '@folio/registry';

/**
 * One entry of the answer (reference §5.8): every key always present, null
 * where nothing is known, in the reference's order. Dates are written as Java's
 * Date.toString() writes them, in UTC.
 */
export interface SignatureReport {
  valid: boolean;
  chainValid: boolean;
  trustValid: boolean;
  chainValidationError: string | null;
  certPathLength: number;
  notExpired: boolean;
  coversEntireDocument: boolean;
  revocationChecked: boolean;
  revocationStatus: 'not-checked' | 'good' | 'revoked' | 'soft-fail' | 'unknown' | null;
  validationTimeSource: 'current' | 'signing-time' | 'timestamp' | 'document-timestamp' | null;
  signerName: string | null;
  signatureDate: string | null;
  reason: string | null;
  location: string | null;
  errorMessage: string | null;
  issuerDN: string | null;
  subjectDN: string | null;
  serialNumber: string | null;
  validFrom: string | null;
  validUntil: string | null;
  signatureAlgorithm: string | null;
  keySize: number;
  version: string | null;
  keyUsages: string[] | null;
  selfSigned: boolean;
  /**
   * Beyond the reference, for this signature alone: 'entire-document' when its
   * byte range reaches the end of the file, 'signed-revision-only' when the
   * file was added to after it (`valid` then speaks for the signed revision
   * only), null when its byte range does not fit the file.
   */
  coverage: SignatureCoverage;
  /** Beyond the reference: what was done after signing, when `coverage` is 'signed-revision-only'; else null. */
  changedAfterSigning: ChangesAfterSigning | null;
}

/** A report with what the signature dictionary says, and nothing verified yet. */
export function reportFor(signature: SignatureDictionary, coversEntireDocument: boolean): SignatureReport {
  const signedAt = signature.signingTime ? parsePdfDate(signature.signingTime) : undefined;
  return {
    valid: false,
    chainValid: false,
    trustValid: false,
    chainValidationError: null,
    certPathLength: 0,
    notExpired: false,
    coversEntireDocument,
    revocationChecked: false,
    revocationStatus: null,
    validationTimeSource: null,
    signerName: signature.name ?? null,
    signatureDate: signedAt ? javaDateString(signedAt) : null,
    reason: signature.reason ?? null,
    location: signature.location ?? null,
    errorMessage: null,
    issuerDN: null,
    subjectDN: null,
    serialNumber: null,
    validFrom: null,
    validUntil: null,
    signatureAlgorithm: null,
    keySize: 0,
    version: null,
    keyUsages: null,
    selfSigned: false,
    coverage: null,
    changedAfterSigning: null,
  };
}

/** The signer certificate's part of the report. */
export function certificatePart(details: CertificateDetails): Partial<SignatureReport> {
  return {
    issuerDN: details.issuerDN,
    subjectDN: details.subjectDN,
    serialNumber: details.serialNumber,
    validFrom: javaDateString(details.notBefore),
    validUntil: javaDateString(details.notAfter),
    signatureAlgorithm: details.signatureAlgorithm,
    keySize: details.keySize,
    version: String(details.version),
    keyUsages: details.keyUsages,
    selfSigned: details.selfSigned,
  };
}

/**
 * Whether every byte of the file is under some signature: the furthest any
 * byte range reaches is the end of the file (reference §5.8: one answer for the
 * whole document, so an earlier signature of a twice-signed file, which
 * rightly stops short, does not count as "changed after signing").
 */
export function documentCovered(signatures: readonly SignatureDictionary[], fileSize: number): boolean {
  let furthest = 0;
  for (const { byteRange } of signatures) if (byteRange?.length === 4) furthest = Math.max(furthest, byteRange[2] + byteRange[3]);
  return furthest <= 0 || furthest >= fileSize;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Java's Date.toString() in UTC. e.g. 'Mon Jan 06 04:30:00 UTC 2025' */
export function javaDateString(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[at.getUTCDay()]} ${MONTHS[at.getUTCMonth()]} ${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC ${at.getUTCFullYear()}`;
}
