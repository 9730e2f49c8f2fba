import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * Reads an uploaded ZIP into memory, refusing archives that would cost far
 * more than their upload: too many entries, too many bytes once expanded, or
 * an entry that expands suspiciously far (a ZIP bomb). Sizes are counted while
 * inflating, so a header that lies about them does not help. Entry names that
 * climb out of the archive (`../`, absolute paths) are refused, not cleaned up.
 */

export interface ZipLimits {
  /** Most entries (files and folders). */
  maxEntries: number;
  /** Most bytes all files may hold once expanded. */
  maxTotalBytes: number;
  /** Largest expansion of one entry: uncompressed / compressed size... */
  maxRatio: number;
  /** ...once the entry is past this size (small, very repetitive files are normal). */
  ratioFreeBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2_000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxRatio: 100,
  ratioFreeBytes: 1024 * 1024,
};

/** The archive was refused; the message is meant for the visitor. */
export class ArchiveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRefusedError';
  }
}

/** The archive's files by normalised path ('folder/file.ext', forward slashes), folders left out. */
export type ArchiveFiles = Map<string, Buffer>;

export async function readZipFiles(zipPath: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ArchiveFiles> {
  const zip = await openZip(zipPath);
  try {
    if (zip.entryCount > limits.maxEntries) throw new ArchiveRefusedError(`The ZIP holds more than ${limits.maxEntries} entries.`);
    const files: ArchiveFiles = new Map();
    let total = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith('/')) continue;
      const path = safeEntryPath(entry.fileName);
      if (entry.uncompressedSize > limits.maxTotalBytes - total) throw tooLarge(limits);
      if (entry.uncompressedSize > limits.ratioFreeBytes && entry.uncompressedSize > entry.compressedSize * limits.maxRatio) {
        throw new ArchiveRefusedError('The ZIP expands too far for its size (a compression bomb?).');
      }
      const body = await readEntry(zip, entry, limits.maxTotalBytes - total, limits);
      total += body.length;
      files.set(path, body);
    }
    return files;
  } finally {
    zip.close();
  }
}

/** A file unpacked to disk: its name in the archive and where it now lies. */
export interface UnpackedFile {
  name: string;
  path: string;
}

/**
 * Unpacks a ZIP our own tools wrote (a split's parts, a conversion's pages) to
 * disk entry by entry, streaming, so large results never pass through memory.
 * `pathFor` gives each entry's new path. Folders are left out.
 */
export async function unpackZip(zipPath: string, pathFor: (entryName: string) => string): Promise<UnpackedFile[]> {
  const zip = await openZip(zipPath);
  try {
    const files: UnpackedFile[] = [];
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith('/')) continue;
      const name = safeEntryPath(entry.fileName);
      const path = pathFor(name);
      await pipeline(await openEntryStream(zip, entry), createWriteStream(path, { flags: 'wx' }));
      files.push({ name, path });
    }
    return files;
  } finally {
    zip.close();
  }
}

function openEntryStream(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(new ArchiveRefusedError('The ZIP file is damaged or uses an unsupported compression.'));
      else resolve(stream);
    });
  });
}

function tooLarge(limits: ZipLimits): ArchiveRefusedError {
  return new ArchiveRefusedError(`The ZIP's contents exceed ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB once expanded.`);
}

/** 'a\\b/./c.png' → 'a/b/c.png'; anything leaving the archive's root is refused. */
export function safeEntryPath(name: string): string {
  const parts = name.replace(/\\/g, '/').split('/');
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name)) throw unsafeName(name);
  const kept: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') throw unsafeName(name);
    kept.push(part);
  }
  if (kept.length === 0) throw unsafeName(name);
  return kept.join('/');
}

function unsafeName(name: string): ArchiveRefusedError {
  return new ArchiveRefusedError(`The ZIP entry "${name.slice(0, 200)}" points outside the archive.`);
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true, decodeStrings: true }, (error, zip) => {
      if (error || !zip) reject(new ArchiveRefusedError('The ZIP file could not be read.'));
      else resolve(zip);
    });
  });
}

function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry) => {
      cleanUp();
      resolve(entry);
    };
    const onEnd = () => {
      cleanUp();
      resolve(undefined);
    };
    const onError = (error: Error) => {
      cleanUp();
      // yauzl checks entry names itself and stops at one that climbs out.
      const escapes = /invalid relative path|absolute path/i.exec(error.message);
      reject(escapes ? new ArchiveRefusedError('A ZIP entry points outside the archive.') : new ArchiveRefusedError('The ZIP file is damaged.'));
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

/** Inflates one entry, stopping as soon as it passes what is left of the budget or its ratio. */
function readEntry(zip: ZipFile, entry: Entry, budget: number, limits: ZipLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new ArchiveRefusedError('The ZIP file is damaged or uses an unsupported compression.'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const ratioCap = Math.max(limits.ratioFreeBytes, entry.compressedSize * limits.maxRatio);
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > budget || size > ratioCap) {
          stream.destroy();
          reject(size > budget ? tooLarge(limits) : new ArchiveRefusedError('The ZIP expands too far for its size (a compression bomb?).'));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', () => reject(new ArchiveRefusedError('The ZIP file is damaged.')));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
