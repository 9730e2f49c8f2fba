import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PdfCorruptedError, PdfPasswordError } from './pdf-errors';
import { EngineFailedError, measureOutput, pageWatchdog, runProcess, type EngineOptions } from './process';
import { makeEngineFolder, writeForEngines } from './confinement';

/**
 * qpdf: structural page work (select, reorder, rotate, merge, split) without
 * decoding content streams, so memory stays flat however large the file.
 * Outputs never keep the input's encryption (like the reference's loader).
 */

const QPDF = 'qpdf';
/** qpdf exits 3 when it succeeded with warnings (e.g. a repaired xref). */
const OK = [0, 3] as const;
/**
 * Structural work never needs to touch stream data: copying it as it is (no
 * decode, no recompress) keeps large files fast and memory flat.
 */
const PRESERVE_STREAMS = '--stream-data=preserve';

/** One input of an assembly: a file and a qpdf page range of it. e.g. `{ path, range: '1-3,7' }` */
export interface PageSource {
  path: string;
  /** qpdf page-range syntax, 1-based; `1-z` is every page. */
  range: string;
}

/**
 * A file holding the password that opens a protected PDF (its first line): qpdf
 * reads it from there, so a password never shows on a command line.
 */
export interface PasswordFile {
  passwordFile?: string;
}

/** The argument that hands qpdf the password, if any. */
const passwordArgs = (password: PasswordFile = {}) => (password.passwordFile ? [`--password-file=${password.passwordFile}`] : []);

/** Page count of a PDF; throws PdfPasswordError or PdfCorruptedError for unreadable input. */
export async function countPages(path: string, options: EngineOptions, password?: PasswordFile): Promise<number> {
  try {
    const { stdout } = await runProcess(QPDF, ['--show-npages', ...passwordArgs(password), path], { ...options, okExitCodes: OK });
    const pages = Number(stdout.trim());
    if (!Number.isInteger(pages)) throw new PdfCorruptedError(undefined, 'no page count');
    return pages;
  } catch (error) {
    throw classify(error);
  }
}

/** Writes `output` made of the given page ranges, in order (merge, split, select, reorder). */
export async function assemblePages(output: string, sources: readonly PageSource[], options: EngineOptions): Promise<void> {
  const pageArgs = sources.flatMap((source) => [source.path, source.range]);
  await run([PRESERVE_STREAMS, '--empty', '--pages', ...pageArgs, '--', output], options);
}

/**
 * Writes one file per page range of `input` (0-based, inclusive, in order) into
 * `folder` and answers their paths in that order. Ranges of equal length that
 * follow each other are cut in one qpdf pass (`--split-pages`), so splitting a
 * 10,000-page document into single pages is one process, not 10,000.
 */
export async function splitIntoRanges(input: string, ranges: readonly [number, number][], folder: string, options: EngineOptions): Promise<string[]> {
  const groups: { first: number; last: number; length: number }[] = [];
  for (const [first, last] of ranges) {
    const length = last - first + 1;
    const group = groups[groups.length - 1];
    if (group && group.length === length && group.last + 1 === first) group.last = last;
    else groups.push({ first, last, length });
  }
  const parts: string[] = [];
  for (const [index, group] of groups.entries()) {
    const groupFolder = join(folder, `group-${index}`);
    await makeEngineFolder(groupFolder);
    await run([PRESERVE_STREAMS, '--empty', '--pages', input, `${group.first + 1}-${group.last + 1}`, '--', `--split-pages=${group.length}`, join(groupFolder, 'part-%d.pdf')], options);
    // qpdf pads the page numbers in the names to one width, so names sort in page order.
    parts.push(...(await readdir(groupFolder)).sort().map((name) => join(groupFolder, name)));
  }
  return parts;
}

/**
 * Writes `output` made of `input`'s pages in the order listed (1-based), each
 * as often as it is listed: a repeat is a copy of the page object sharing the
 * page's content and resources, so a page listed a hundred times adds a
 * hundred small dictionaries, not a hundred copies of its content. Only the
 * pages are kept (no document information or bookmarks), unless `keepDocument`:
 * then what `input`'s trailer and catalog hold stays, as the caller has pared
 * it down. `argumentFile` (in the job's folder) carries the page list, which
 * can be long.
 */
export async function repeatPages(
  input: string,
  pages: readonly number[],
  output: string,
  argumentFile: string,
  options: EngineOptions,
  keepDocument = false,
): Promise<void> {
  if (pages.length === 0) throw new Error('repeatPages: a PDF needs at least one page.');
  // Kept documents are written without object streams: qpdf 11.3 then ignored JSON updates to some page
  // objects it had packed into one (seen on the first page of a PDF written by pdf-lib); `--empty` writes none.
  const from = keepDocument ? [input, '--decrypt', '--object-streams=disable', '--pages', '.'] : ['--empty', '--pages', input];
  await writeFile(argumentFile, [PRESERVE_STREAMS, ...from, pages.join(','), '--', output].join('\n'));
  await run([`@${argumentFile}`], options);
}

/**
 * Like `splitIntoRanges`, but each part keeps what `input`'s trailer and
 * catalog hold (its document information, XMP, form), which the caller has
 * pared down to what every part should carry; one qpdf pass per part
 * (`--split-pages` would write the pages alone).
 */
export async function splitIntoRangesKeepingDocument(input: string, ranges: readonly [number, number][], folder: string, options: EngineOptions): Promise<string[]> {
  const parts: string[] = [];
  for (const [index, [first, last]] of ranges.entries()) {
    const part = join(folder, `part-${index + 1}.pdf`);
    await run([PRESERVE_STREAMS, input, '--decrypt', '--pages', '.', `${first + 1}-${last + 1}`, '--', part], options);
    parts.push(part);
  }
  return parts;
}

/**
 * Writes one file per page range of `input` (0-based, inclusive; in any order,
 * overlapping or repeated) into `folder` and answers their paths in the order
 * of `ranges`. Ranges of one length share qpdf passes: each pass assembles
 * ranges that share no page and cuts them apart again (`--split-pages`), so a
 * part comes out exactly as a cut of that range alone would (the same objects,
 * numbered alike). `argumentFile` (in the job's folder) carries the page
 * lists, which can be long.
 */
export async function cutRanges(
  input: string,
  ranges: readonly (readonly [number, number])[],
  folder: string,
  argumentFile: string,
  options: EngineOptions,
): Promise<string[]> {
  const paths: string[] = new Array(ranges.length);
  const byLength = new Map<number, number[]>();
  ranges.forEach(([first, last], index) => {
    const length = last - first + 1;
    if (length < 1) throw new Error(`cutRanges: range ${first}-${last} is empty.`);
    byLength.set(length, [...(byLength.get(length) ?? []), index]);
  });
  let pass = 0;
  for (const [length, indices] of byLength) {
    // Passes of ranges that share no page: a page met twice in one pass would be a copy, not the page itself.
    const passes: { end: number; members: number[] }[] = [];
    for (const index of [...indices].sort((a, b) => ranges[a][0] - ranges[b][0])) {
      const free = passes.find((p) => p.end < ranges[index][0]);
      if (free) {
        free.members.push(index);
        free.end = ranges[index][1];
      } else {
        passes.push({ end: ranges[index][1], members: [index] });
      }
    }
    for (const { members } of passes) {
      const passFolder = join(folder, `pass-${pass++}`);
      await makeEngineFolder(passFolder);
      const selection = members.map((index) => `${ranges[index][0] + 1}-${ranges[index][1] + 1}`).join(',');
      await writeFile(argumentFile, [PRESERVE_STREAMS, '--empty', '--pages', input, selection, '--', `--split-pages=${length}`, join(passFolder, 'part-%d.pdf')].join('\n'));
      await run([`@${argumentFile}`], options);
      const written = (await readdir(passFolder)).sort();
      if (written.length !== members.length) throw new Error(`cutRanges: qpdf wrote ${written.length} parts for ${members.length} ranges.`);
      members.forEach((index, k) => (paths[index] = join(passFolder, written[k])));
    }
  }
  return paths;
}

/** One command-line argument may not exceed 128 KB (Linux MAX_ARG_STRLEN); long page lists are split below that. */
const MAX_RANGE_ARG = 32 * 1024;

/**
 * Writes `output` as `input` with its pages replaced by `ranges`, in order (a page
 * may repeat): the reorder, keep and remove operations. Unlike `assemblePages`,
 * what belongs to the document stays: metadata, bookmarks (moved with their
 * pages), page labels, and the form fields of the pages kept, as the reference's
 * in-place page-tree rebuild keeps them. `ranges` are qpdf ranges, 1-based,
 * e.g. ['3', '1-2', '9-5'].
 */
export async function selectPages(input: string, output: string, ranges: readonly string[], options: EngineOptions): Promise<void> {
  if (ranges.length === 0) throw new Error('selectPages: a PDF needs at least one page; refuse empty selections before calling.');
  const chunks: string[] = [];
  for (const range of ranges) {
    const last = chunks.length - 1;
    if (last >= 0 && chunks[last].length + range.length < MAX_RANGE_ARG) chunks[last] += `,${range}`;
    else chunks.push(range);
  }
  // '.' is the primary input; giving it once per chunk keeps every argument short.
  await run([PRESERVE_STREAMS, input, '--decrypt', '--pages', ...chunks.flatMap((chunk) => ['.', chunk]), '--', output], options);
}

/**
 * Rotates every page by `angle` degrees clockwise, on top of its current rotation.
 * Any multiple of 90 is accepted; qpdf stores the result normalised to 0–270.
 */
export async function rotatePages(input: string, output: string, angle: number, options: EngineOptions): Promise<void> {
  const quarterTurns = (((angle / 90) % 4) + 4) % 4;
  const rotate = quarterTurns === 0 ? [] : [`--rotate=+${quarterTurns * 90}`];
  await run([PRESERVE_STREAMS, input, '--decrypt', ...rotate, output], options);
}

/**
 * Writes `output` as `input` with pages of `overlay` drawn on top of some of its
 * pages: target page `targets[i]` gets overlay page `sources[i]` (both 1-based;
 * an overlay page may serve many targets). qpdf makes each overlay page a form
 * XObject once, fits it to the target's trim box (undoing the target's /Rotate,
 * so it shows upright) and appends one content stream per page: no content is
 * decoded or re-rendered, and everything else in the document stays.
 * `argumentFile` (in the job's folder) carries the page lists, which can be long.
 */
export async function overlayPages(
  input: string,
  overlay: string,
  output: string,
  pairs: { targets: readonly number[]; sources: readonly number[] },
  argumentFile: string,
  options: EngineOptions,
): Promise<void> {
  await layerPages('overlay', input, overlay, output, pairs, argumentFile, options);
}

/**
 * `overlayPages`, or with `'underlay'` the pages of `layer` drawn beneath the
 * target pages' own content (the target's opaque content hides them).
 */
export async function layerPages(
  position: 'overlay' | 'underlay',
  input: string,
  layer: string,
  output: string,
  pairs: { targets: readonly number[]; sources: readonly number[] },
  argumentFile: string,
  options: EngineOptions,
): Promise<void> {
  if (pairs.targets.length === 0 || pairs.targets.length !== pairs.sources.length) throw new Error('layerPages: one source page per target page, at least one.');
  const list = (pages: readonly number[]) => pages.join(',');
  await writeFile(argumentFile, [PRESERVE_STREAMS, input, '--decrypt', `--${position}`, layer, `--to=${list(pairs.targets)}`, `--from=${list(pairs.sources)}`, '--', output].join('\n'));
  await run([`@${argumentFile}`], options);
}

/** True when the file is encrypted (even with an empty user password). */
export async function isEncrypted(path: string, options: EngineOptions): Promise<boolean> {
  // qpdf --is-encrypted answers through its exit code: 0 encrypted, 2 not.
  const { exitCode } = await runProcess(QPDF, ['--is-encrypted', path], { ...options, okExitCodes: [0, 2] });
  return exitCode === 0;
}

/** Writes an unencrypted copy; the file must open with the given password, or without one. */
export async function decrypt(input: string, output: string, options: EngineOptions, password?: PasswordFile): Promise<void> {
  await run([PRESERVE_STREAMS, ...passwordArgs(password), input, '--decrypt', output], options);
}

/**
 * The standard security handlers qpdf writes: `rc4-40` is revision 2, `rc4-128`
 * revision 3, `aes-128` revision 4 (AESV2), `aes-256` revision 6 (AESV3).
 */
export type EncryptionCipher = 'rc4-40' | 'rc4-128' | 'aes-128' | 'aes-256';

/** What a reader opening with the user password may do (the owner password may do everything). */
export interface EncryptionPermissions {
  print: 'full' | 'low' | 'none';
  /** Changes other than assembly, forms and annotations (qpdf's --modify-other; revision 2's --modify). */
  modifyOther: boolean;
  annotate: boolean;
  fillForms: boolean;
  assemble: boolean;
  extract: boolean;
  /**
   * Text extraction for accessibility tools. Only the RC4 formats can refuse it:
   * PDF 2.0 retired the bit, and qpdf always sets it for AES.
   */
  accessibility: boolean;
}

export interface EncryptionSettings {
  /** Opens the document; '' lets anyone open it. */
  userPassword: string;
  /** Opens it with every permission. Not '' with a user password: that would open it without one. */
  ownerPassword: string;
  cipher: EncryptionCipher;
  allow: EncryptionPermissions;
}

/** A password that a 40- or 128-bit format cannot store (only PDFDocEncoding characters fit). */
export class PasswordNotEncodableError extends Error {
  constructor() {
    super('The password has characters that 40-bit and 128-bit encryption cannot store');
    this.name = 'PasswordNotEncodableError';
  }
}

/** qpdf job JSON's key for each format, and the settings that choose the cipher within it. */
const CIPHER_JOB: Record<EncryptionCipher, { key: '40bit' | '128bit' | '256bit'; options: Record<string, string> }> = {
  'rc4-40': { key: '40bit', options: {} },
  'rc4-128': { key: '128bit', options: { useAes: 'n' } },
  'aes-128': { key: '128bit', options: { useAes: 'y' } },
  'aes-256': { key: '256bit', options: {} },
};

const yn = (allowed: boolean) => (allowed ? 'y' : 'n');

function permissionOptions(cipher: EncryptionCipher, allow: EncryptionPermissions): Record<string, string> {
  if (cipher === 'rc4-40') {
    // Revision 2 has four permission bits; the rest need revision 3 (rc4-128 or better).
    if (allow.print === 'low' || !allow.fillForms || !allow.assemble || !allow.accessibility) {
      throw new Error('encrypt: rc4-40 carries only print, modify, extract and annotate restrictions; choose rc4-128 for the others.');
    }
    // qpdf 11's job JSON checks 40bit print and modify against the 128-bit choices,
    // then reads any value as "restrict": they are given only to restrict.
    return {
      ...(allow.print === 'full' ? {} : { print: 'none' }),
      ...(allow.modifyOther ? {} : { modify: 'none' }),
      extract: yn(allow.extract),
      annotate: yn(allow.annotate),
    };
  }
  return {
    print: allow.print,
    modifyOther: yn(allow.modifyOther),
    annotate: yn(allow.annotate),
    form: yn(allow.fillForms),
    assemble: yn(allow.assemble),
    extract: yn(allow.extract),
    // qpdf ignores the accessibility bit for AES, with a warning: PDF 2.0 says writers always set it.
    ...(cipher === 'rc4-128' ? { accessibility: yn(allow.accessibility) } : {}),
  };
}

/**
 * Writes `output` as `input` encrypted (any encryption the input had is replaced;
 * it must open without a password). qpdf takes the whole job from `jobFile`, a
 * qpdf job JSON file written only readable by us in the job's folder and removed
 * after the run: the passwords never show on a command line, and as JSON strings
 * they may be anything (an @file's lines would misread a password starting with
 * "-"). Passwords are read as Unicode; for the 40- and 128-bit formats they must
 * fit PDFDocEncoding, or PasswordNotEncodableError.
 */
export async function encrypt(input: string, output: string, settings: EncryptionSettings, jobFile: string, options: EngineOptions): Promise<void> {
  const { userPassword, ownerPassword, cipher, allow } = settings;
  const format = CIPHER_JOB[cipher];
  const job = {
    inputFile: input,
    outputFile: output,
    streamData: 'preserve',
    passwordMode: 'unicode',
    ...(cipher.startsWith('rc4') ? { allowWeakCrypto: '' } : {}),
    encrypt: { userPassword, ownerPassword, [format.key]: { ...format.options, ...permissionOptions(cipher, allow) } },
  };
  await writeForEngines(jobFile, JSON.stringify(job));
  try {
    await runProcess(QPDF, [`--job-json-file=${jobFile}`], { ...options, okExitCodes: OK });
  } catch (error) {
    if (error instanceof EngineFailedError && /cannot be encoded/i.test(error.stderr)) throw new PasswordNotEncodableError();
    throw classify(error);
  } finally {
    await rm(jobFile, { force: true });
  }
}

/**
 * Draws every annotation that has an appearance into its page's content
 * (form fields' appearances generated first where the form asks for it) and
 * removes every annotation, hidden ones and those without an appearance
 * included; then removes the form itself. Decrypted.
 */
export async function flattenAnnotations(input: string, output: string, options: EngineOptions): Promise<void> {
  // Not PRESERVE_STREAMS: qpdf writes a generated text appearance's value through a filter applied only as streams are rewritten.
  await run([input, '--decrypt', '--generate-appearances', '--flatten-annotations=all', output], options);
}

/**
 * Turns every inline image (BI … ID … EI) of the pages' contents, and of the
 * forms they draw, into an image object the content draws by name (`/IIm1 Do`);
 * everything else is copied as it is. Decrypted. A form without resources of
 * its own (inheriting its page's, as PDF 1.1 allowed) has nowhere to name the
 * new object: its inline images are dropped (qpdf warns), not kept. With
 * `minBytes`, only inline images of at least that many bytes of data move.
 */
export async function externaliseInlineImages(input: string, output: string, options: EngineOptions, minBytes = 0): Promise<void> {
  await run([PRESERVE_STREAMS, input, '--decrypt', '--externalize-inline-images', `--ii-min-bytes=${minBytes}`, output], options);
}

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

/** A stream as the file stores it, its bytes copied out still encoded. */
export interface StoredStream {
  /** Object number. */
  object: number;
  /** Filters in decoding order, e.g. ['/FlateDecode']; undefined when the listing cannot say (an indirect /Filter). */
  filters: string[] | undefined;
  /** The encoded bytes. */
  dataFile: string;
}

/** A stream object and its dictionary, as qpdf lists it (nothing decoded). */
export interface ListedStream {
  /** Object and generation, e.g. '12 0'. */
  ref: string;
  dict: Record<string, unknown>;
}

/** qpdf's JSON v2 objects: `obj:N G R` → its value, or its stream's dictionary (and data file, when copied out); `trailer`. */
export type QpdfObjects = Record<string, { value?: unknown; stream?: { dict: Record<string, unknown>; datafile?: string } }>;

/** Every object of the file as qpdf's JSON v2 shows it, stream data left out, and the highest object number in use. */
export async function readObjects(path: string, options: EngineOptions): Promise<{ objects: QpdfObjects; maxObjectId: number }> {
  // Only the object table: other keys (pages, outlines) make qpdf walk trees a hostile file can loop forever.
  const [header, objects] = (await readJson<{ qpdf: [{ maxobjectid: number }, QpdfObjects] }>(path, ['--json-key=qpdf', '--json-stream-data=none'], options)).qpdf;
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
export async function readSomeObjects(path: string, which: readonly (number | string)[], options: EngineOptions, argumentFile?: string): Promise<{ objects: QpdfObjects; maxObjectId: number }> {
  // The trailer is always asked for: with no --json-object at all qpdf would list every object.
  const selectors = [...new Set(['trailer', ...which.map(objectSelector)])].map((selector) => `--json-object=${selector}`);
  if (argumentFile) await writeFile(argumentFile, selectors.join('\n'));
  const [header, objects] = (
    await readJson<{ qpdf: [{ maxobjectid: number }, QpdfObjects] }>(path, ['--json-key=qpdf', '--json-stream-data=none', ...(argumentFile ? [`@${argumentFile}`] : selectors)], options)
  ).qpdf;
  return { objects, maxObjectId: header.maxobjectid };
}

/** qpdf's --json-object selector for an object number, a reference ('12 0 R') or 'trailer'. */
function objectSelector(object: number | string): string {
  if (typeof object === 'number') return String(object);
  return object === 'trailer' ? object : object.split(' ').slice(0, 2).join(',');
}

/** One file to embed: qpdf's `--add-attachment` and its options. */
export interface Attachment {
  /** The file's path (inside the job's folder). */
  path: string;
  /** Its name in the EmbeddedFiles tree, and the file name readers show. e.g. 'invoice.xml' */
  name: string;
  /** e.g. 'text/xml' */
  mimeType: string;
  description: string;
  /** PDF dates. e.g. 'D:20240102030405Z' */
  creationDate: string;
  modDate: string;
}

/**
 * Writes `output` as `input` with the files embedded in the EmbeddedFiles name
 * tree (an entry of the same name replaced), each with its MIME subtype, size,
 * MD5 checksum and dates; qpdf also sets /PageMode /UseAttachments. The tree
 * stays sorted and balanced (qpdf's name-tree helper), the attached bytes are
 * streamed from disk and compressed; other streams are copied as they are.
 * `jobFile` (inside the job's folder) carries the job as qpdf job JSON, so names
 * and descriptions may hold any character. Encryption is removed.
 */
export async function addAttachments(input: string, output: string, attachments: readonly Attachment[], jobFile: string, options: EngineOptions): Promise<void> {
  const job = {
    inputFile: input,
    outputFile: output,
    decrypt: '',
    // New streams (the attachments) compressed; existing ones neither decoded nor recompressed.
    compressStreams: 'y',
    decodeLevel: 'none',
    addAttachment: attachments.map((a) => ({
      file: a.path,
      key: a.name,
      filename: a.name,
      mimetype: a.mimeType,
      description: a.description,
      creationdate: a.creationDate,
      moddate: a.modDate,
      replace: '',
    })),
  };
  await writeFile(jobFile, JSON.stringify(job));
  await run([`--job-json-file=${jobFile}`], options);
}

/**
 * `readObjects`, with the warnings qpdf gave reading the file: a damaged
 * cross-reference table it had to rebuild, objects it could not find. A file it
 * warned about is read as qpdf repaired it, which other readers may not do.
 */
export async function readObjectsWithWarnings(path: string, options: EngineOptions): Promise<{ objects: QpdfObjects; maxObjectId: number; warnings: string[] }> {
  try {
    const { stdout, stderr } = await runProcess(QPDF, ['--json=2', '--json-key=qpdf', '--json-stream-data=none', path], { ...options, okExitCodes: OK, maxBuffer: 512 * 1024 * 1024 });
    const [header, objects] = parseQpdfJson<{ qpdf: [{ maxobjectid: number }, QpdfObjects] }>(stdout).qpdf;
    const warnings = stderr.split('\n').filter((line) => /^WARNING:/.test(line));
    return { objects, maxObjectId: header.maxobjectid, warnings };
  } catch (error) {
    throw classify(error);
  }
}

/** A stream's data, decoded, as text (an XMP packet). `ref` e.g. '12 0 R' */
export async function readStreamText(path: string, ref: string, options: EngineOptions): Promise<string> {
  const [id, generation] = ref.split(' ');
  try {
    return (await runProcess(QPDF, [`--show-object=${id},${generation}`, '--filtered-stream-data', path], { ...options, okExitCodes: OK })).stdout;
  } catch (error) {
    throw classify(error);
  }
}

/** Every stream object in the file with its dictionary (one qpdf call, no stream data read). */
export async function listStreams(path: string, options: EngineOptions): Promise<ListedStream[]> {
  return Object.entries((await readObjects(path, options)).objects).flatMap(([key, entry]) =>
    key.startsWith('obj:') && entry.stream ? [{ ref: key.slice('obj:'.length), dict: entry.stream.dict }] : [],
  );
}

/**
 * Copies out the given streams' bytes, undecoded, into files named after
 * `prefix`: what they inflate to can then be weighed without trusting the file.
 */
export async function copyStreams(path: string, refs: readonly string[], prefix: string, options: EngineOptions): Promise<StoredStream[]> {
  if (refs.length === 0) return [];
  // Thousands of objects would overflow a command line: qpdf reads arguments from a file named after '@'.
  const argumentFile = `${prefix}arguments`;
  await writeFile(argumentFile, refs.map((ref) => `--json-object=${ref}`).join('\n'));
  const copied = await readJson<{ qpdf: [unknown, QpdfObjects] }>(
    path,
    ['--json-key=qpdf', '--json-stream-data=file', `--json-stream-prefix=${prefix}`, '--decode-level=none', `@${argumentFile}`],
    options,
  );
  return Object.entries(copied.qpdf[1]).flatMap(([key, entry]) => {
    if (!entry.stream?.datafile) return [];
    const filter = entry.stream.dict['/Filter'];
    const filters = filter === undefined ? [] : typeof filter === 'string' && filter.startsWith('/') ? [filter] : Array.isArray(filter) && filter.every((f) => typeof f === 'string' && f.startsWith('/')) ? (filter as string[]) : undefined;
    return [{ object: Number(key.slice('obj:'.length).split(' ')[0]), filters, dataFile: entry.stream.datafile }];
  });
}

/**
 * How many bytes a stream decodes to (qpdf's decoders, streamed, nothing held),
 * counting no further than `limit`: past it, answers `limit + 1`.
 */
export async function decodedStreamSize(path: string, object: number, limit: number, options: EngineOptions): Promise<number> {
  try {
    return await measureOutput(QPDF, [`--show-object=${object}`, '--filtered-stream-data', path], limit, { ...options, okExitCodes: OK });
  } catch (error) {
    throw classify(error);
  }
}

async function readJson<T>(path: string, keys: readonly string[], options: EngineOptions): Promise<T> {
  try {
    const { stdout } = await runProcess(QPDF, ['--json=2', ...keys, path], { ...options, okExitCodes: OK, maxBuffer: 512 * 1024 * 1024 });
    return parseQpdfJson<T>(stdout);
  } catch (error) {
    throw classify(error);
  }
}

/**
 * qpdf writes real numbers as the PDF spells them, and PDF allows spellings
 * JSON does not (`4.`, `.5`, `-.002`, `+3`): when the text does not parse,
 * such numbers outside strings are rewritten as JSON numbers. What still does
 * not parse is a damaged file's doing.
 */
export function parseQpdfJson<T>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    const mended = text.replace(/"(?:[^"\\]|\\.)*"|[-+]?(?:\d+\.\d*|\.\d+|\d+)/g, (token) => (token.startsWith('"') ? token : String(Number(token))));
    try {
      return JSON.parse(mended) as T;
    } catch (error) {
      throw new PdfCorruptedError(undefined, `qpdf's description of the file does not parse: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function run(args: readonly string[], options: EngineOptions): Promise<void> {
  try {
    await runProcess(QPDF, args, { ...options, okExitCodes: OK });
  } catch (error) {
    throw classify(error);
  }
}

/**
 * Maps qpdf's failures to the typed PDF errors the API reports. qpdf exits 2 on
 * errors in its input (our own arguments are fixed and tested), so any such exit
 * is the file's fault: a damaged PDF, or one that needs a password.
 */
function classify(error: unknown): unknown {
  if (!(error instanceof EngineFailedError) || error.exitCode !== 2) return error;
  if (/invalid password/i.test(error.stderr)) return new PdfPasswordError();
  return new PdfCorruptedError(undefined, error.stderr.trim().split('\n')[0]);
}

/**
 * Rewrites a PDF as qpdf reads it: repaired cross-reference table, no
 * encryption left (an owner-password-only file opens; one needing a user
 * password throws PdfPasswordError), object streams regenerated.
 */
export async function normalisePdf(input: string, output: string, options: EngineOptions): Promise<void> {
  await run([input, '--decrypt', '--object-streams=generate', output], options);
}

/** What `qpdf --check` found in a file: nothing, or the problems it names (streams that do not decode, damaged structure). */
export interface CheckReport {
  /** qpdf found errors (a content stream that does not decode), not just warnings. */
  errors: boolean;
  /** qpdf's warnings and errors, one per line. e.g. 'ERROR: page 2: content stream (content stream object 9 0): errors while decoding content stream' */
  problems: string[];
}

/**
 * Checks a file as `qpdf --check` does: its structure, and every page's content
 * streams decoded and parsed. `pages` scales the run's watchdog.
 */
export async function checkPdf(path: string, pages: number, options: EngineOptions): Promise<CheckReport> {
  try {
    const { stdout, stderr, exitCode } = await runProcess(QPDF, ['--check', path], { ...options, okExitCodes: [0, 2, 3], watchdogMs: pageWatchdog(pages) });
    const problems = `${stdout}\n${stderr}`.split('\n').filter((line) => /^(WARNING|ERROR)\b|^qpdf: /.test(line) && !/operation succeeded/.test(line));
    return { errors: exitCode === 2, problems };
  } catch (error) {
    throw classify(error);
  }
}

/**
 * Copies out the given streams' data decoded by qpdf's decoders (Flate with
 * predictors, LZW, run-length, the ASCII encodings; not images' DCT or JBIG2)
 * into files named after `prefix`; `filters` are those left undone. Weigh each
 * first with `decodedStreamSize`: this writes whatever they inflate to.
 */
export async function copyDecodedStreams(path: string, refs: readonly string[], prefix: string, options: EngineOptions): Promise<StoredStream[]> {
  if (refs.length === 0) return [];
  const argumentFile = `${prefix}arguments`;
  await writeFile(argumentFile, refs.map((ref) => `--json-object=${ref}`).join('\n'));
  const copied = await readJson<{ qpdf: [unknown, QpdfObjects] }>(
    path,
    ['--json-key=qpdf', '--json-stream-data=file', `--json-stream-prefix=${prefix}`, '--decode-level=generalized', `@${argumentFile}`],
    options,
  );
  return Object.entries(copied.qpdf[1]).flatMap(([key, entry]) => {
    if (!entry.stream?.datafile) return [];
    const filter = entry.stream.dict['/Filter'];
    const filters = filter === undefined ? [] : typeof filter === 'string' ? [filter] : Array.isArray(filter) ? (filter as string[]) : undefined;
    return [{ object: Number(key.slice('obj:'.length).split(' ')[0]), filters, dataFile: entry.stream.datafile }];
  });
}

/** One page of a PDF made of pictures: a baseline JPEG shown over the whole page. */
export interface PicturePage {
  /** The JPEG's path (inside the job's folder). */
  jpeg: string;
  /** Its pixel size and colours, as written. */
  pixelWidth: number;
  pixelHeight: number;
  colour: 'grey' | 'rgb';
  /** The page's size in points. */
  width: number;
  height: number;
}

/**
 * Writes a new PDF whose pages each show one JPEG stretched over the whole
 * page (a page size in points, the picture's pixels over it), the JPEG's bytes
 * stored as they are (DCTDecode): qpdf builds the file from a JSON description
 * (`jsonFile`, in the job's folder) that names each JPEG's file, so no picture
 * is held in memory here.
 */
export async function writePicturePdf(pages: readonly PicturePage[], jsonFile: string, output: string, options: EngineOptions): Promise<void> {
  if (pages.length === 0) throw new Error('writePicturePdf: a PDF needs at least one page.');
  const objects: Record<string, unknown> = {};
  const pageRefs: string[] = [];
  const round = (n: number) => Math.round(n * 1000) / 1000;
  pages.forEach((page, i) => {
    const [pageObject, contents, image] = [3 + i * 3, 4 + i * 3, 5 + i * 3];
    pageRefs.push(`${pageObject} 0 R`);
    const draw = `q ${round(page.width)} 0 0 ${round(page.height)} 0 0 cm /Im0 Do Q`;
    objects[`obj:${pageObject} 0 R`] = {
      value: { '/Type': '/Page', '/Parent': '2 0 R', '/MediaBox': [0, 0, round(page.width), round(page.height)], '/Resources': { '/XObject': { '/Im0': `${image} 0 R` } }, '/Contents': `${contents} 0 R` },
    };
    objects[`obj:${contents} 0 R`] = { stream: { dict: {}, data: Buffer.from(draw).toString('base64') } };
    objects[`obj:${image} 0 R`] = {
      stream: {
        dict: { '/Type': '/XObject', '/Subtype': '/Image', '/Width': page.pixelWidth, '/Height': page.pixelHeight, '/ColorSpace': page.colour === 'grey' ? '/DeviceGray' : '/DeviceRGB', '/BitsPerComponent': 8, '/Filter': '/DCTDecode' },
        datafile: page.jpeg,
      },
    };
  });
  const maxObjectId = 2 + pages.length * 3;
  objects['obj:1 0 R'] = { value: { '/Type': '/Catalog', '/Pages': '2 0 R' } };
  objects['obj:2 0 R'] = { value: { '/Type': '/Pages', '/Kids': pageRefs, '/Count': pages.length } };
  objects.trailer = { value: { '/Root': '1 0 R', '/Size': maxObjectId + 1 } };
  const header = { jsonversion: 2, pdfversion: '1.7', pushedinheritedpageresources: false, calledgetallpages: false, maxobjectid: maxObjectId };
  await writeFile(jsonFile, JSON.stringify({ qpdf: [header, objects] }));
  // The JPEGs are stored as they are; the small content streams compressed.
  await run(['--json-input', jsonFile, '--compress-streams=y', '--decode-level=generalized', '--object-streams=generate', output], options);
}

export interface CompactWriteOptions {
  /** qpdf --linearize: the first page can be shown before the rest has arrived. */
  linearize?: boolean;
  /** qpdf --normalize-content=y: page content rewritten in a regular form. */
  normalizeContent?: boolean;
  /**
   * Leave pages as they are: no content streams joined, no unused resources
   * dropped (those need qpdf to walk the page tree, which a damaged one can
   * make it refuse).
   */
  pagesAsTheyAre?: boolean;
}

/**
 * Writes `output` as `input` with the objects of a JSON update file replaced
 * (see `updateObjects`; streams may name their new data in a `datafile`), as
 * compactly as qpdf writes: object streams, streams without compression or
 * with old filters (LZW, ASCII85) deflated at level 9, each page's content
 * streams made one (and deflated anew), resources no page draws and objects
 * nothing refers to left out. Flate streams are not decoded again (their PNG predictors are
 * kept); encryption is removed.
 */
export async function writeWithUpdates(input: string, output: string, updateFile: string | undefined, write: CompactWriteOptions, options: EngineOptions): Promise<void> {
  await run(
    [
      input,
      '--decrypt',
      ...(updateFile ? [`--update-from-json=${updateFile}`] : []),
      '--object-streams=generate',
      '--compress-streams=y',
      '--compression-level=9',
      ...(write.normalizeContent ? ['--normalize-content=y'] : []),
      ...(write.linearize ? ['--linearize'] : []),
      ...(write.pagesAsTheyAre
        ? []
        : [
            // A page's content streams as one: deflated together they share one dictionary.
            '--coalesce-contents',
            // Fonts and images named in a page's resources but never drawn go (qpdf reads the content
            // to know); it does that only while selecting pages, so every page of the file itself is
            // selected, which keeps what belongs to the document (outline, form, names, metadata).
            '--remove-unreferenced-resources=yes',
            '--pages',
            '.',
            '1-z',
            '--',
          ]),
      output,
    ],
    options,
  );
}
