import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, writeFile } from 'node:fs/promises';
import { timestampPdfTool } from '@folio/registry';
import { verifyTimestampResponse } from '../../engines/openssl-timestamps';
import type { EngineOptions } from '../../engines/process';
import { writeSignatureContents, writeSignaturePlaceholder, type Placeholder } from '../../pdf-signatures/signature-placeholder';
import { updatableDocument } from '../../pdf-signatures/updatable-document';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { askTimestampAuthority } from './tsa-client';
import { chooseTsa, tsaConfiguration, type TsaConfiguration } from './tsa-configuration';
import { timestampQuery, tokenOf, TsaAnswerError } from './timestamp-token';

/** Room for the token at first: a token with its authority's chain is 3–8 KB (the reference reserves about 9.5 KB). */
const FIRST_RESERVE_BYTES = 12 * 1024;

/**
 * Adds a document timestamp (reference §9.3): picks the operator's authority,
 * appends an empty /DocTimeStamp as an incremental update (the original
 * bytes stay a prefix), hashes every byte but the reserved /Contents, asks the
 * authority for a token over that hash (only the hash leaves the server),
 * checks the answer (status, imprint, nonce, then OpenSSL: signature,
 * certificate path to the operator's trust, timeStamping key usage) and
 * writes the token into the reserved space.
 */
@ToolProcessor(timestampPdfTool)
export class TimestampPdfProcessor implements Processor<typeof timestampPdfTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof timestampPdfTool>): Promise<ProcessorOutput> {
    const configuration = tsaConfiguration();
    const authority = chooseTsa(configuration, params.tsaUrl);
    const { base, pdf } = await updatableDocument(file, workspace, engine);
    const signedAt = new Date();

    let reserve = FIRST_RESERVE_BYTES;
    for (;;) {
      const output = workspace.newPath('.pdf');
      const placeholder = await writeSignaturePlaceholder(base, pdf, output, { kind: 'document-timestamp', contentsBytes: reserve, signedAt });
      const digest = await digestOfSignedBytes(output, placeholder);
      const token = await checkedToken(authority, digest, configuration, workspace, engine);
      // A token larger than any seen (a long chain): once more, with room for it (a new hash, so a new token).
      if (token.length * 2 > placeholder.contentsLength && reserve === FIRST_RESERVE_BYTES) {
        reserve = token.length + 4 * 1024;
        continue;
      }
      await writeSignatureContents(output, placeholder, token);
      return { path: output };
    }
  }
}

/** SHA-256 of the bytes the byte range names: everything but the reserved /Contents. */
async function digestOfSignedBytes(path: string, placeholder: Placeholder): Promise<Buffer> {
  const [, before, after, rest] = placeholder.byteRange;
  const hash = createHash('sha256');
  for (const [start, length] of [
    [0, before],
    [after, rest],
  ]) {
    for await (const chunk of createReadStream(path, { start, end: start + length - 1 })) hash.update(chunk as Buffer);
  }
  return hash.digest();
}

/** Asks the authority for a token over `digest` and answers it once every check holds. */
async function checkedToken(authority: URL, digest: Buffer, configuration: TsaConfiguration, workspace: Workspace, engine: EngineOptions): Promise<Buffer> {
  const query = timestampQuery(digest);
  const timeoutMs = Math.max(1_000, Math.min(configuration.timeoutMs, engine.deadline - Date.now()));
  const answer = await askTimestampAuthority(authority, query.der, timeoutMs, engine.signal);
  const token = tokenOf(answer, query, authority.host);

  const queryFile = workspace.newPath('.tsq');
  const answerFile = workspace.newPath('.tsr');
  // The anchors are copied in by the server, so the engine's user needs no access to the operator's file.
  const anchors = workspace.newPath('.pem');
  await writeFile(queryFile, query.der);
  await writeFile(answerFile, answer);
  await copyTrustAnchors(configuration.trustFile, anchors);
  const check = await verifyTimestampResponse({ query: queryFile, response: answerFile, anchors }, engine);
  if (!check.ok) throw new TsaAnswerError(`The timestamp authority ${authority.host}'s token could not be trusted: ${check.error}.`);
  return token;
}

/** The operator's trust anchors into the job's folder; a file that cannot be read is the operator's to fix, said plainly. */
async function copyTrustAnchors(trustFile: string, destination: string): Promise<void> {
  try {
    await copyFile(trustFile, destination);
  } catch (error) {
    throw new Error(`The TSA trust anchors (FOLIO_TSA_CA_FILE or the system store) cannot be read: ${trustFile}`, { cause: error });
  }
}
