import type { PdfEdits } from './object-edits';
import { readPdfDate } from './pdf-dates';
import { isReference, nameOf, numberOf, textOf, type PdfObjects } from './pdf-objects';

/**
 * The files a PDF carries in its catalog's /Names /EmbeddedFiles name tree, as
 * the attachment tools (list, extract, rename, delete) read and rewrite it;
 * FileAttachment annotations are not part of it. Read from qpdf's listing of
 * the objects (no stream data), so a file of any size is read in flat memory.
 */

/** Name-tree nodes deeper than this are not walked (a balanced tree of millions of names is a few levels deep). */
const MAX_TREE_DEPTH = 64;
/** Entries read at most: a file cannot make the answer grow without end. */
const MAX_ENTRIES = 100_000;

/** One entry of the name tree. */
export interface EmbeddedFileEntry {
  /** The entry's key as qpdf lists it, written back as it was. e.g. 'u:report.pdf' */
  rawKey: unknown;
  /** The key as text. e.g. 'report.pdf' */
  key: string;
  /** The file specification as the tree holds it: a reference, or a dictionary written in place. */
  spec: unknown;
  /** The name readers show: /UF, else /F, else the key (all blank: 'unknown_attachment_<epoch ms>', as the reference names it). */
  displayName: string;
  /** The embedded file stream (/EF /UF, else /F, /DOS, /Mac, /Unix); absent when the specification embeds none. */
  stream?: string;
}

/** What the list of attachments says about one (reference-beyond §5). */
export interface EmbeddedFileDetails {
  /** /Params /Size, the size the file declares; -1 when it declares none. */
  size: number;
  /** The stream's /Subtype. e.g. 'text/plain' */
  contentType: string | null;
  /** The specification's /Desc. */
  description: string | null;
  creationDate: Date | null;
  modificationDate: Date | null;
}

/** Which of /EF's streams is read, first found first (PDFBox's order, the reference's). */
const STREAM_KEYS = ['/UF', '/F', '/DOS', '/Mac', '/Unix'] as const;

/**
 * Every entry of the EmbeddedFiles tree, nested nodes flattened in tree
 * order; a key met again replaces the earlier entry where it stood (as the
 * reference's map does). Loops and over-deep trees are cut where they start.
 */
export function embeddedFileEntries(pdf: PdfObjects): EmbeddedFileEntry[] {
  const root = pdf.dict(pdf.catalog?.['/Names'])?.['/EmbeddedFiles'];
  const entries = new Map<string, EmbeddedFileEntry>();
  const seen = new Set<unknown>();
  const walk = (node: unknown, depth: number) => {
    if (depth > MAX_TREE_DEPTH || seen.has(node) || entries.size >= MAX_ENTRIES) return;
    if (isReference(node)) seen.add(node);
    const dict = pdf.dict(node);
    const leaves = pdf.array(dict?.['/Names']) ?? [];
    for (let i = 0; i + 1 < leaves.length && entries.size < MAX_ENTRIES; i += 2) {
      const rawKey = pdf.resolve(leaves[i]);
      const key = textOf(rawKey) ?? '';
      entries.set(key, entryOf(pdf, rawKey, key, leaves[i + 1]));
    }
    for (const kid of pdf.array(dict?.['/Kids']) ?? []) walk(kid, depth + 1);
  };
  walk(root, 0);
  return [...entries.values()];
}

function entryOf(pdf: PdfObjects, rawKey: unknown, key: string, spec: unknown): EmbeddedFileEntry {
  const dict = pdf.dict(spec);
  const nameIn = (entry: string) => {
    const text = textOf(pdf.resolve(dict?.[entry]));
    return text !== undefined && text.trim() !== '' ? text : undefined;
  };
  const displayName = nameIn('/UF') ?? nameIn('/F') ?? (key.trim() !== '' ? key : `unknown_attachment_${Date.now()}`);
  const files = pdf.dict(dict?.['/EF']);
  const stream = STREAM_KEYS.map((entry) => files?.[entry]).find((value) => isReference(value) && pdf.objects[`obj:${value}`]?.stream);
  return { rawKey, key, spec, displayName, ...(typeof stream === 'string' ? { stream } : {}) };
}

/** What the entry's specification and embedded file stream declare about the file. */
export function embeddedFileDetails(pdf: PdfObjects, entry: EmbeddedFileEntry): EmbeddedFileDetails {
  const stream = pdf.dict(entry.stream);
  const params = pdf.dict(stream?.['/Params']);
  const date = (value: unknown) => {
    const text = textOf(pdf.resolve(value));
    return (text === undefined ? undefined : readPdfDate(text)?.at) ?? null;
  };
  return {
    size: numberOf(pdf.resolve(params?.['/Size'])) ?? -1,
    contentType: nameOf(pdf.resolve(stream?.['/Subtype'])) ?? null,
    description: textOf(pdf.resolve(pdf.dict(entry.spec)?.['/Desc'])) ?? null,
    creationDate: date(params?.['/CreationDate']),
    modificationDate: date(params?.['/ModDate']),
  };
}

/**
 * Sets the EmbeddedFiles tree to exactly `entries`, as one node whose /Names
 * array is sorted by key (a name tree must be), as the reference rewrites it.
 * The old nodes, and specifications no longer listed, are no longer referred
 * to: qpdf leaves them out when the edits are written (unless something else,
 * such as a FileAttachment annotation, still refers to them).
 */
export function setEmbeddedFiles(edits: PdfEdits, entries: readonly Pick<EmbeddedFileEntry, 'rawKey' | 'spec'>[]): void {
  const catalog = edits.catalog;
  if (!catalog) return;
  let names = edits.open(catalog.dict['/Names'], catalog.owner);
  if (!names) {
    catalog.dict['/Names'] = {};
    names = edits.open(catalog.dict['/Names'], catalog.owner)!;
  }
  const sorted = [...entries].sort((a, b) => Buffer.compare(keyBytes(a.rawKey), keyBytes(b.rawKey)));
  names.dict['/EmbeddedFiles'] = { '/Names': sorted.flatMap((entry) => [entry.rawKey, entry.spec]) };
  edits.touch(names.owner);
}

/** A key as text for the tree ('u:…', which qpdf writes as PDFDocEncoding or UTF-16). */
export function treeKey(text: string): string {
  return `u:${text}`;
}

/**
 * The bytes a key is written with, which a name tree is sorted by: text
 * within Latin-1 as single bytes, other text as UTF-16BE after its FE FF mark
 * (as qpdf writes it), a binary string as its bytes.
 */
function keyBytes(rawKey: unknown): Buffer {
  if (typeof rawKey !== 'string') return Buffer.alloc(0);
  if (rawKey.startsWith('b:')) return Buffer.from(rawKey.slice(2), 'hex');
  const text = rawKey.startsWith('u:') ? rawKey.slice(2) : rawKey;
  if (/^[\u0000-\u00ff]*$/.test(text)) return Buffer.from(text, 'latin1');
  return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
}
