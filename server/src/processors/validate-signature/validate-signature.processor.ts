import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { validateSignatureTool, type InputFile } from '@folio/registry';
import { verifyCertificate, verifyCmsSignature } from '../../engines/openssl';
import type { EngineOptions } from '../../engines/process';
import { readObjects } from '../../engines/qpdf/qpdf-objects';
import { InvalidInputError } from '../../refusals/input-errors';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { CertificateFormatError, describeCertificate, parseCertificates, toPem, type ParsedCertificate } from '../../pdf-signatures/certificates';
import { signatureDictionaries, type SignatureDictionary } from '../../pdf-signatures/signature-fields';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import type { ChangesAfterSigning } from '@folio/registry';
import { changesAfterSigning } from './changes-after-signing';
import { readSignedData, SignedDataFormatError, type SignedDataInfo } from './signed-data';
import { certificatePart, documentCovered, reportFor, type SignatureReport } from './signature-report';

/** The system's trust store (Debian's ca-certificates): the anchors when no certificate is sent. */
const SYSTEM_TRUST_STORE = '/etc/ssl/certs/ca-certificates.crt';

/** A /Contents larger than this is no signature (real ones are a few KB, with long chains tens). */
const MAX_SIGNATURE_BYTES = 8 * 1024 * 1024;

/** Signatures checked in one document at most: each takes a few engine runs over the file. Real documents have a handful. */
const MAX_SIGNATURES = 100;

/** Where a chain may end: the certificate sent, else the system's trust store. */
interface TrustAnchors {
  path?: string;
  readable: string[];
}

/**
 * Validates every signature of a PDF: finds the signature dictionaries (qpdf),
 * checks each byte range, has OpenSSL verify the CMS signature over the bytes
 * it names and build the signer's certificate path to a trust anchor (the
 * certificate sent, else the system's trust store) at the signing time, and
 * reports the signer's certificate (PKI.js). Answers the reference's JSON array.
 */
@ToolProcessor(validateSignatureTool)
export class ValidateSignatureProcessor implements Processor<typeof validateSignatureTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof validateSignatureTool>): Promise<ProcessorOutput> {
    const anchors = await trustAnchors(params.certFile, workspace);
    const pdf = new PdfObjects((await readObjects(file.path, engine)).objects);
    const signatures = signatureDictionaries(pdf);
    if (signatures.length > MAX_SIGNATURES)
      throw new InvalidInputError(`The document has ${signatures.length} signatures; this tool checks up to ${MAX_SIGNATURES}.`);
    const covered = documentCovered(signatures, file.size);
    const changes = new Map<number, Promise<ChangesAfterSigning>>();
    const reports: SignatureReport[] = [];
    for (const signature of signatures) {
      const report = await validate(file, signature, covered, anchors, workspace, engine);
      const end = signedEnd(signature, file.size);
      if (end !== undefined) {
        report.coverage = end === file.size ? 'entire-document' : 'signed-revision-only';
        if (end < file.size) {
          // Signatures made in one revision share its comparison.
          if (!changes.has(end)) changes.set(end, changesAfterSigning(file.path, file.size, end, pdf, workspace, engine));
          report.changedAfterSigning = await changes.get(end)!;
        }
      }
      reports.push(report);
    }
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify(reports));
    return { path: output };
  }
}

/** Where the signed revision ends: the end of the byte range, when it is one a signature can have (else undefined). */
function signedEnd(signature: SignatureDictionary, fileSize: number): number | undefined {
  try {
    const [, , second, secondLength] = checkedRanges(signature, fileSize);
    return second + secondLength;
  } catch (error) {
    if (error instanceof SignatureProblem) return undefined;
    throw error;
  }
}

/** The anchors for this request: the uploaded certificate(s) alone when given (as the reference), else the system's. */
async function trustAnchors(certFile: InputFile | undefined, workspace: Workspace): Promise<TrustAnchors> {
  if (!certFile) return existsSync(SYSTEM_TRUST_STORE) ? { path: SYSTEM_TRUST_STORE, readable: [SYSTEM_TRUST_STORE] } : { readable: [] };
  let certificates: ParsedCertificate[];
  try {
    certificates = parseCertificates(await readFile(certFile.path));
  } catch (error) {
    if (error instanceof CertificateFormatError) throw new InvalidInputError('The certificate file could not be read as an X.509 certificate.');
    throw error;
  }
  const path = workspace.newPath('.pem');
  await writeFile(path, certificates.map((c) => toPem(c.der)).join(''));
  return { path, readable: [] };
}

/** A signature that cannot be checked, and why, in the reference's words ("Signature validation failed: ..."). */
class SignatureProblem extends Error {}

async function validate(
  file: InputFile,
  signature: SignatureDictionary,
  covered: boolean,
  anchors: TrustAnchors,
  workspace: Workspace,
  engine: EngineOptions,
): Promise<SignatureReport> {
  const report = reportFor(signature, covered);
  let cleanup = async () => {};
  try {
    const ranges = checkedRanges(signature, file.size);
    const signed = readSignedData(await signatureBytes(file.path, ranges, signature));
    const content = workspace.newPath('.bin');
    // The signed bytes are nearly the whole file: one copy at a time, removed when the signature is checked.
    cleanup = () => rm(content, { force: true });
    await copyRanges(file.path, ranges, content);
    const der = workspace.newPath('.p7s');
    await writeFile(der, signed.der);

    const documentTimestamp = signature.subFilter === '/ETSI.RFC3161';
    let time: { at: Date; source: NonNullable<SignatureReport['validationTimeSource']> };
    if (documentTimestamp) {
      // The token carries what it signs (a TSTInfo); what ties it to this document is the digest inside.
      const integrity = await verifyCmsSignature(der, undefined, engine);
      const imprint = signed.timestampInfo;
      if (!imprint) throw new SignatureProblem('the timestamp carries no TSTInfo');
      const matches = await digestOf(content, imprint.hashAlgorithm).then((digest) => digest?.equals(imprint.hashedMessage) ?? false);
      report.valid = integrity.ok && matches;
      if (!matches) report.errorMessage = 'Timestamp message imprint does not match the document';
      else if (!integrity.ok) report.errorMessage = `Signature validation failed: ${integrity.error}`;
      time = { at: imprint.genTime, source: 'document-timestamp' };
    } else {
      const integrity = await verifyCmsSignature(der, content, engine);
      report.valid = integrity.ok;
      if (!integrity.ok) report.errorMessage = `Signature validation failed: ${describeFailure(integrity.error)}`;
      time = validationTime(signed);
    }
    report.validationTimeSource = time.source;
    report.revocationStatus = 'not-checked';

    const signer = signed.signer;
    if (!signer) {
      report.valid = false;
      report.errorMessage = 'Signature validation failed: the signature does not carry its signer’s certificate';
      return report;
    }
    try {
      Object.assign(report, certificatePart(describeCertificate(signer)));
    } catch {
      throw new SignatureProblem('the signer’s certificate could not be read');
    }
    report.notExpired = signer.cert.notBefore.value.getTime() <= time.at.getTime() && time.at.getTime() <= signer.cert.notAfter.value.getTime();
    Object.assign(report, await chainOf(signer, signed, time.at, anchors, workspace, engine));
    return report;
  } catch (error) {
    if (!(error instanceof SignatureProblem || error instanceof SignedDataFormatError)) throw error;
    report.valid = false;
    report.errorMessage = `Signature validation failed: ${error.message}`;
    return report;
  } finally {
    await cleanup();
  }
}

/**
 * The byte range, if it is one a signature can have: two pieces from the start
 * of the file to its end or before, leaving out one gap for the signature.
 */
function checkedRanges(signature: SignatureDictionary, fileSize: number): [number, number, number, number] {
  const range = signature.byteRange;
  if (!range || range.length !== 4) throw new SignatureProblem('the signature has no byte range');
  const [start, firstLength, second, secondLength] = range;
  if (start !== 0 || firstLength < 0 || secondLength < 0 || second < firstLength || second + secondLength > fileSize) {
    throw new SignatureProblem(`the byte range [${range.join(' ')}] does not fit the file`);
  }
  return [start, firstLength, second, secondLength];
}

/**
 * The CMS object: the hex string in the gap the byte range leaves. It must be
 * the signature dictionary's own /Contents, or the range leaves out something
 * else and signs less than it seems to.
 */
async function signatureBytes(path: string, [, firstLength, second]: [number, number, number, number], signature: SignatureDictionary): Promise<Buffer> {
  const gap = second - firstLength;
  if (gap < 2 || gap > MAX_SIGNATURE_BYTES * 2 + 2) throw new SignatureProblem('the byte range leaves no room for a signature');
  const handle = await open(path, 'r');
  const bytes = Buffer.alloc(gap);
  try {
    await handle.read(bytes, 0, gap, firstLength);
  } finally {
    await handle.close();
  }
  const text = bytes.toString('latin1');
  const hex = /^<([0-9A-Fa-f\s]*)>$/.exec(text)?.[1]?.replace(/\s+/g, '');
  if (hex === undefined || hex.length % 2 !== 0) throw new SignatureProblem('the byte range does not leave out exactly the signature’s contents');
  const contents = Buffer.from(hex, 'hex');
  if (signature.contents && !signature.contents.equals(contents))
    throw new SignatureProblem('the byte range does not leave out exactly the signature’s contents');
  return contents;
}

/** The bytes the range names, joined, in a file for OpenSSL. */
async function copyRanges(path: string, [, firstLength, second, secondLength]: [number, number, number, number], output: string): Promise<void> {
  const out = createWriteStream(output);
  if (firstLength > 0) await pipeline(createReadStream(path, { start: 0, end: firstLength - 1 }), out, { end: false });
  if (secondLength > 0) await pipeline(createReadStream(path, { start: second, end: second + secondLength - 1 }), out, { end: false });
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

const DIGESTS: Readonly<Record<string, string>> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.4': 'sha224',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** The file's digest by the algorithm an OID names; undefined for one not known here. */
async function digestOf(path: string, oid: string): Promise<Buffer | undefined> {
  const algorithm = DIGESTS[oid];
  if (!algorithm) return undefined;
  const hash = createHash(algorithm);
  await pipeline(createReadStream(path), hash);
  return hash.digest();
}

/** OpenSSL's reason, in words a reader of the report understands. */
function describeFailure(reason: string | undefined): string {
  // OpenSSL's "content verify error": the bytes' digest is not the one the signature signed.
  if (reason && /content verify error|digest failure/i.test(reason)) return 'the signed bytes have changed since signing (digest mismatch)';
  return reason ?? 'the signature does not verify';
}

/** When to judge the certificates (as the reference): a timestamp's time, else the signed signing time, else now. */
function validationTime(signed: SignedDataInfo): { at: Date; source: 'timestamp' | 'signing-time' | 'current' } {
  if (signed.timestampTime) return { at: signed.timestampTime, source: 'timestamp' };
  if (signed.signingTime) return { at: signed.signingTime, source: 'signing-time' };
  return { at: new Date(), source: 'current' };
}

/** The certificate path from the signer to an anchor, built and checked by OpenSSL at `at`. */
async function chainOf(
  signer: ParsedCertificate,
  signed: SignedDataInfo,
  at: Date,
  anchors: TrustAnchors,
  workspace: Workspace,
  engine: EngineOptions,
): Promise<Partial<SignatureReport>> {
  if (!anchors.path) return { chainValid: false, trustValid: false, chainValidationError: 'No trust anchors available' };
  const certificate = workspace.newPath('.pem');
  await writeFile(certificate, toPem(signer.der));
  let untrusted: string | undefined;
  if (signed.others.length > 0) {
    untrusted = workspace.newPath('.pem');
    await writeFile(untrusted, signed.others.map((c) => toPem(c.der)).join(''));
  }
  const chain = await verifyCertificate({ certificate, untrusted, anchors: anchors.path, at: at.getTime(), readable: anchors.readable }, engine);
  if (!chain.ok) return { chainValid: false, trustValid: false, chainValidationError: chain.error ?? 'the certificate path could not be built' };
  // Java's certificate path leaves out the trust anchor, unless the signer is the anchor itself.
  return { chainValid: true, trustValid: true, chainValidationError: null, certPathLength: Math.max(1, (chain.length ?? 1) - 1) };
}
