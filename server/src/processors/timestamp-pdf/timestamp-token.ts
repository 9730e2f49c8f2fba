import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { InvalidInputError } from '../../refusals/input-errors';

/**
 * RFC 3161 messages: the query Folio sends (SHA-256 imprint, a random nonce,
 * the authority's certificate asked for) and the reading of the answer
 * (status, token, the imprint and nonce inside it), with PKI.js. OpenSSL then
 * checks the token's signature and certificate (engines/openssl-timestamps.ts).
 */

const SHA256 = '2.16.840.1.101.3.4.2.1';

/** PKIStatus (RFC 3161 §2.4.2): granted, grantedWithMods. */
const GRANTED = [0, 1];

/** Something wrong with the authority's answer. */
export class TsaAnswerError extends InvalidInputError {}

export interface TimestampQuery {
  der: Buffer;
  digest: Buffer;
  nonce: bigint;
}

export function timestampQuery(digest: Buffer): TimestampQuery {
  const nonceBytes = randomBytes(16);
  // Positive, and its first byte never 0, so DER writes all 16 bytes.
  nonceBytes[0] = (nonceBytes[0] & 0x7f) | 0x40;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: digest }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonceBytes }),
    certReq: true,
  });
  return { der: Buffer.from(request.toSchema().toBER(false)), digest, nonce: unsigned(nonceBytes) };
}

/**
 * The timestamp token (a CMS ContentInfo, DER, as the authority wrote it) of
 * an answer, once the answer is a granted RFC 3161 response whose token names
 * the imprint and nonce of `query`.
 */
export function tokenOf(answer: Buffer, query: TimestampQuery, authority: string): Buffer {
  const garbage = new TsaAnswerError(`The timestamp authority ${authority} did not answer with an RFC 3161 timestamp response.`);
  const parsed = asn1js.fromBER(new Uint8Array(answer).buffer);
  if (parsed.offset === -1 || parsed.offset !== answer.length) throw garbage;
  let response: pkijs.TimeStampResp;
  try {
    response = new pkijs.TimeStampResp({ schema: parsed.result });
  } catch {
    throw garbage;
  }
  const status = response.status.status;
  if (!GRANTED.includes(status)) {
    const text = response.status.statusStrings?.map((s) => s.valueBlock.value).join(' ');
    throw new TsaAnswerError(`The timestamp authority ${authority} refused the request (status ${status}${text ? `: ${text}` : ''}).`);
  }
  if (!response.timeStampToken) throw new TsaAnswerError(`The timestamp authority ${authority} granted the request but sent no token.`);

  let info: pkijs.TSTInfo;
  try {
    const signed = new pkijs.SignedData({ schema: response.timeStampToken.content });
    const content = signed.encapContentInfo.eContent?.getValue();
    if (!content) throw garbage;
    info = new pkijs.TSTInfo({ schema: asn1js.fromBER(content).result });
  } catch {
    throw garbage;
  }
  const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (info.messageImprint.hashAlgorithm.algorithmId !== SHA256 || !imprint.equals(query.digest))
    throw new TsaAnswerError(`The timestamp authority ${authority} stamped other data than was sent (message imprint mismatch).`);
  if (!info.nonce || unsigned(info.nonce.valueBlock.valueHexView) !== query.nonce)
    throw new TsaAnswerError(`The timestamp authority ${authority} answered without the nonce sent: the answer is not one to this request.`);

  const tokenBlock = (parsed.result as asn1js.Sequence).valueBlock.value[1];
  return Buffer.from(tokenBlock.valueBeforeDecodeView);
}

function unsigned(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}
