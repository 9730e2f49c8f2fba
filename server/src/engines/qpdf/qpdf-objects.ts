import { writeFile } from 'node:fs/promises';
import { runProcess, type EngineOptions } from '../process';
import { OK, PRESERVE_STREAMS, QPDF, classify, parseQpdfJson, readJson, run } from './qpdf-process';

/** A PDF's objects as qpdf's JSON describes them, read whole or in part, and written back changed. */

/** True when the document has at least one signature field. */
export async function hasSignatureFields(path: string, options: EngineOptions): Promise<boolean> {
  const json = await readJson<{ acroform: { fields: { fieldtype: string }[] } }>(path, ['--json-key=acroform'], options);
  return json.acroform.fields.some((field) => field.fieldtype === '/Sig');
}

/**
 * One object of a JSON update: a new value; a stream's new dictionary, its data
 * kept as it is; or a new stream with its data (base64).
 */
export type ObjectUpdate = { value: unknown } | { stream: { dict: Record<string, unknown>; data?: string } };

/**
 * Writes `output` as `input` with the given objects added or replaced, through
 * qpdf's JSON update mode (only those objects are written; everything else is
 * copied as it is, and objects nothing refers to any more are left out).
 * `maxObjectId` is the input's, as `readObjects` answers it, or past it when
 * objects are added; `scratchJson` is where the update is written (inside the
 * job's folder). The input's encryption is kept unless `write.decrypt`.
 */
export async function updateObjects(
  input: string,
  output: string,
  update: { maxObjectId: number; objects: Record<string, ObjectUpdate> },
  scratchJson: string,
  options: EngineOptions,
  write: { decrypt?: boolean } = {},
): Promise<void> {
  const header = { jsonversion: 2, pushedinheritedpageresources: false, calledgetallpages: false, maxobjectid: update.maxObjectId };
  await writeFile(scratchJson, JSON.stringify({ qpdf: [header, update.objects] }));
  await run([PRESERVE_STREAMS, input, ...(write.decrypt ? ['--decrypt'] : []), `--update-from-json=${scratchJson}`, output], options);
}

/** qpdf's JSON v2 objects: `obj:N G R` → its value, or its stream's dictionary (and data file, when copied out); `trailer`. */
export type QpdfObjects = Record<string, { value?: unknown; stream?: { dict: Record<string, unknown>; datafile?: string } }>;

/** Every object of the file as qpdf's JSON v2 shows it, stream data left out, and the highest object number in use. */
export async function readObjects(path: string, options: EngineOptions): Promise<{ objects: QpdfObjects; maxObjectId: number }> {
  // Only the object table: other keys (pages, outlines) make qpdf walk trees a hostile file can loop forever.
  const [header, objects] = (await readJson<{ qpdf: [{ maxobjectid: number }, QpdfObjects] }>(path, ['--json-key=qpdf', '--json-stream-data=none'], options))
    .qpdf;
  return { objects, maxObjectId: header.maxobjectid };
}

/**
 * Where each object of the file lives now, as its cross-reference sections
 * say (qpdf --show-xref): the byte offset of an uncompressed object, or for
 * one packed in an object stream, that stream's offset. Keyed by object number.
 */
export async function objectOffsets(path: string, options: EngineOptions): Promise<Map<number, number>> {
  let stdout: string;
  try {
    ({ stdout } = await runProcess(QPDF, ['--show-xref', path], { ...options, okExitCodes: OK }));
  } catch (error) {
    throw classify(error);
  }
  const direct = new Map<number, number>();
  const packed: [number, number][] = [];
  for (const match of stdout.matchAll(/^(\d+)\/\d+: (?:uncompressed; offset = (\d+)|compressed; stream = (\d+))/gm)) {
    if (match[2] !== undefined) direct.set(Number(match[1]), Number(match[2]));
    else packed.push([Number(match[1]), Number(match[3])]);
  }
  const offsets = new Map(direct);
  for (const [object, stream] of packed) {
    const at = direct.get(stream);
    if (at !== undefined) offsets.set(object, at);
  }
  return offsets;
}

/** What qpdf says about a file's encryption (its JSON `encrypt` key), opened without a password. */
export interface QpdfEncryption {
  encrypted: boolean;
  /** The empty password opened it as the owner: every permission holds. */
  ownerpasswordmatched: boolean;
  /** What a reader opening it with the user password may do. */
  capabilities: {
    accessibility: boolean;
    extract: boolean;
    modifyannotations: boolean;
    modifyassembly: boolean;
    modifyforms: boolean;
    modifyother: boolean;
    printhigh: boolean;
    printlow: boolean;
  };
  /** The security handler's numbers: /P, /R, /V, the key length in bits and the cipher. e.g. `{ P: -3376, R: 6, V: 5, bits: 256, method: 'AESv3' }` */
  parameters: { P: number; R: number; V: number; bits: number; method: string };
}

/** A document as one qpdf run describes it: every object (stream data left out), its header's version and its encryption. */
export interface DocumentListing {
  objects: QpdfObjects;
  maxObjectId: number;
  /** The version in the file's header. e.g. '1.7' */
  pdfVersion: string;
  encryption: QpdfEncryption;
}

/**
 * `readObjects`, plus the header's version and the encryption, in the same run
 * (an owner-password-only file opens without a password and is listed decrypted).
 */
export async function readDocument(path: string, options: EngineOptions): Promise<DocumentListing> {
  const json = await readJson<{ qpdf: [{ maxobjectid: number; pdfversion: string }, QpdfObjects]; encrypt: QpdfEncryption }>(
    path,
    ['--json-key=qpdf', '--json-key=encrypt', '--json-stream-data=none'],
    options,
  );
  const [header, objects] = json.qpdf;
  return { objects, maxObjectId: header.maxobjectid, pdfVersion: header.pdfversion, encryption: json.encrypt };
}

/**
 * Only the named objects (by number, or references like '12 0 R') and the
 * trailer, stream data left out, and the highest object number in use: what an
 * edit of some objects (the document information, the catalog, the streams
 * Compress recodes) needs, without listing every object of a large file.
 * Objects that do not exist are simply absent. A long list goes through
 * `argumentFile` (in the job's folder), not the command line.
 */
export async function readSomeObjects(
  path: string,
  which: readonly (number | string)[],
  options: EngineOptions,
  argumentFile?: string,
): Promise<{ objects: QpdfObjects; maxObjectId: number }> {
  // The trailer is always asked for: with no --json-object at all qpdf would list every object.
  const selectors = [...new Set(['trailer', ...which.map(objectSelector)])].map((selector) => `--json-object=${selector}`);
  if (argumentFile) await writeFile(argumentFile, selectors.join('\n'));
  const [header, objects] = (
    await readJson<{ qpdf: [{ maxobjectid: number }, QpdfObjects] }>(
      path,
      ['--json-key=qpdf', '--json-stream-data=none', ...(argumentFile ? [`@${argumentFile}`] : selectors)],
      options,
    )
  ).qpdf;
  return { objects, maxObjectId: header.maxobjectid };
}

/** qpdf's --json-object selector for an object number, a reference ('12 0 R') or 'trailer'. */
function objectSelector(object: number | string): string {
  if (typeof object === 'number') return String(object);
  return object === 'trailer' ? object : object.split(' ').slice(0, 2).join(',');
}

/**
 * `readObjects`, with the warnings qpdf gave reading the file: a damaged
 * cross-reference table it had to rebuild, objects it could not find. A file it
 * warned about is read as qpdf repaired it, which other readers may not do.
 */
export async function readObjectsWithWarnings(
  path: string,
  options: EngineOptions,
): Promise<{ objects: QpdfObjects; maxObjectId: number; warnings: string[] }> {
  try {
    const { stdout, stderr } = await runProcess(QPDF, ['--json=2', '--json-key=qpdf', '--json-stream-data=none', path], {
      ...options,
      okExitCodes: OK,
      maxBuffer: 512 * 1024 * 1024,
    });
    const [header, objects] = parseQpdfJson<{ qpdf: [{ maxobjectid: number }, QpdfObjects] }>(stdout).qpdf;
    const warnings = stderr.split('\n').filter((line) => /^WARNING:/.test(line));
    return { objects, maxObjectId: header.maxobjectid, warnings };
  } catch (error) {
    throw classify(error);
  }
}
