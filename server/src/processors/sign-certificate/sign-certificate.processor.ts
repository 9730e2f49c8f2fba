import { createReadStream, createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { signCertificateTool, type InputFile, type ToolParams } from '@folio/registry';
import { KeyMaterialError, signDetached } from '../../engines/openssl';
import type { EngineOptions } from '../../engines/process';
import { InvalidInputError } from '../../refusals/input-errors';
import { commonNameOf } from '../../pdf-signatures/certificates';
import { writeSignaturePlaceholder, writeSignatureContents, type Placeholder } from '../../pdf-signatures/signature-placeholder';
import { updatableDocument } from '../../pdf-signatures/updatable-document';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { loadSigningKey, type KeySource, type SigningKey } from './key-material';

type Params = ToolParams<typeof signCertificateTool>;

/** Room in the signature for what is not a certificate: signed attributes, the signature value, the structure. */
const SIGNATURE_OVERHEAD_BYTES = 8 * 1024;

/**
 * Signs a PDF with the visitor's key: reads the key and certificates (OpenSSL,
 * keytool for Java key stores), appends an empty signature as an incremental
 * update (the original bytes stay a prefix of the result), has OpenSSL make a
 * detached CMS signature over every byte but the signature's own, and writes
 * it into the space left for it.
 */
@ToolProcessor(signCertificateTool)
export class SignCertificateProcessor implements Processor<typeof signCertificateTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof signCertificateTool>): Promise<ProcessorOutput> {
    const key = await loadSigningKey(keySourceOf(params), params.password, workspace, engine);
    const { base, pdf } = await updatableDocument(file, workspace, engine);
    const signedAt = new Date();
    const signerName = params.name ?? commonNameOf(key.signerCertificate);
    const appearance = params.showSignature ? { pageIndex: (params.pageNumber ?? 1) - 1, lines: appearanceLines(key, signedAt, params) } : undefined;

    let reserve = key.certificateBytes + SIGNATURE_OVERHEAD_BYTES;
    for (;;) {
      const output = workspace.newPath('.pdf');
      const placeholder = await writeSignaturePlaceholder(base, pdf, output, {
        contentsBytes: reserve,
        signedAt,
        name: signerName,
        reason: params.reason,
        location: params.location,
        appearance,
      });
      const signature = await signByteRanges(output, placeholder, key, workspace, engine);
      // A chain far larger than its certificates' size says (never seen): once more with room for what it really took.
      if (signature.length * 2 > placeholder.contentsLength) {
        reserve = signature.length + SIGNATURE_OVERHEAD_BYTES;
        continue;
      }
      await writeSignatureContents(output, placeholder, signature);
      return { path: output };
    }
  }
}

/** Where the key comes from, by the certificate type chosen; the schema has made sure its files are there. */
function keySourceOf(params: Params): KeySource {
  switch (params.certType) {
    case 'PKCS12':
      return { kind: 'PKCS12', store: required(params.p12File), alias: params.alias };
    case 'JKS':
      return { kind: 'JKS', store: required(params.jksFile), alias: params.alias };
    case 'PEM':
      return { kind: 'PEM', privateKey: required(params.privateKeyFile), certificate: required(params.certFile) };
    default:
      throw new InvalidInputError('Please select a certificate type.');
  }
}

function required(file: InputFile | undefined): InputFile {
  if (!file) throw new Error('A file the certificate type requires reached the processor missing; the schema should have refused the request.');
  return file;
}

/** The visible signature's text (reference §5.7): who signed, when, why and where. */
function appearanceLines(key: SigningKey, signedAt: Date, params: Params): string[] {
  const signer = commonNameOf(key.signerCertificate) ?? params.name ?? 'Unknown';
  return [
    `Signed by ${signer}`,
    `Date: ${signedAt
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC')}`,
    ...(params.reason ? [`Reason: ${params.reason}`] : []),
    ...(params.location ? [`Location: ${params.location}`] : []),
  ];
}

/** Copies out the bytes the byte range names and has OpenSSL sign them; answers the DER CMS object. */
async function signByteRanges(path: string, placeholder: Placeholder, key: SigningKey, workspace: Workspace, engine: EngineOptions): Promise<Buffer> {
  const [, before, after, rest] = placeholder.byteRange;
  const content = workspace.newPath('.bin');
  const out = createWriteStream(content);
  await pipeline(createReadStream(path, { start: 0, end: before - 1 }), out, { end: false });
  await pipeline(createReadStream(path, { start: after, end: after + rest - 1 }), out);
  const signature = workspace.newPath('.p7s');
  try {
    await signDetached({ content, signer: key.signer, key: key.key, keyPasswordFile: key.keyPasswordFile, chain: key.chain, output: signature }, engine);
  } catch (error) {
    // The key opened and matches its certificate: OpenSSL refusing it now means a kind of key it cannot sign CMS with.
    if (error instanceof KeyMaterialError) throw new InvalidInputError('The private key cannot make a PDF signature (its type is not supported).');
    throw error;
  }
  return readFile(signature);
}
