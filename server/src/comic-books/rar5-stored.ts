import { createReadStream } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/**
 * A RAR 5 archive writer for stored entries only (method 0, no compression),
 * what `rar a -ma5 -m0` writes, from RARLAB's "RAR 5.0 archive format" note.
 * No free RAR compressor exists, and storing is all comic books need: their
 * pictures are PNG or JPEG, already compressed.
 *
 * Entries are streamed from their files to the archive: each file header is
 * written with a blank data CRC, the data copied after it while its CRC-32 is
 * summed, then the header written again in place with the CRC (its length
 * does not change), so nothing is held in memory and every file is read once.
 */

export interface StoredEntry {
  /** File on disk to store. */
  path: string;
  /** Name inside the archive: flat, UTF-8, unique. */
  name: string;
  /** Modification time recorded for the entry; the file's own when absent. */
  modified?: Date;
}

const SIGNATURE = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]);

const HEADER_MAIN = 1;
const HEADER_FILE = 2;
const HEADER_END = 5;
/** Header flag: a data area follows the header. */
const HAS_DATA = 0x0002;
/** File flags: a Unix modification time and a data CRC-32 are present. */
const HAS_TIME = 0x0002;
const HAS_CRC = 0x0004;
/** Compression information 0: format version 0, not solid, method 0 (store), smallest dictionary. */
const STORED = 0;
/** Host OS Unix, so the attributes are a Unix mode: a regular file, rw-r--r--. */
const HOST_UNIX = 1;
const REGULAR_FILE_MODE = 0o100644;

export async function writeStoredRar5(output: string, entries: readonly StoredEntry[]): Promise<void> {
  checkNames(entries);
  const archive = await open(output, 'w');
  try {
    let position = 0;
    const append = async (bytes: Buffer) => {
      await archive.write(bytes, 0, bytes.length, position);
      position += bytes.length;
    };
    await append(SIGNATURE);
    await append(header(HEADER_MAIN, 0, [vint(0)])); // archive flags: one volume, not solid, no locator
    for (const entry of entries) {
      const { size, mtimeMs } = await stat(entry.path);
      const fileHeader = (crc: number) => header(HEADER_FILE, HAS_DATA, fileFields(entry, size, entry.modified ?? new Date(mtimeMs), crc), size);
      const headerAt = position;
      await append(fileHeader(0));
      const { crc, copied } = await copyWithCrc(entry.path, archive, position);
      if (copied !== size) throw new Error(`${entry.name} changed size while it was stored (${size} then ${copied} bytes)`);
      position += copied;
      const final = fileHeader(crc);
      await archive.write(final, 0, final.length, headerAt);
    }
    await append(header(HEADER_END, 0, [vint(0)])); // end of archive flags: last volume
  } finally {
    await archive.close();
  }
}

/** Names a reader could not unpack side by side are refused: the caller chooses them. */
function checkNames(entries: readonly StoredEntry[]): void {
  if (entries.length === 0) throw new Error('A RAR archive needs at least one entry');
  const seen = new Set<string>();
  for (const { name } of entries) {
    if (name === '' || /[\u0000/\\]/.test(name)) throw new Error(`Not a flat entry name: ${JSON.stringify(name)}`);
    if (seen.has(name)) throw new Error(`Entry name used twice: ${name}`);
    seen.add(name);
  }
}

/** The file header's fields after its data size, in the note's order. */
function fileFields(entry: StoredEntry, size: number, modified: Date, crc: number): Buffer[] {
  const name = Buffer.from(entry.name, 'utf8');
  return [
    vint(HAS_TIME | HAS_CRC),
    vint(size), // unpacked size: stored, so the data size
    vint(REGULAR_FILE_MODE),
    uint32(Math.max(0, Math.floor(modified.getTime() / 1000))),
    uint32(crc),
    vint(STORED),
    vint(HOST_UNIX),
    vint(name.length),
    name,
  ];
}

/**
 * A block: CRC-32 of what follows it, the size of what follows the size
 * field, then type, header flags, the data size when data follows, and fields.
 */
function header(type: number, flags: number, fields: Buffer[], dataSize?: number): Buffer {
  const body = Buffer.concat([vint(type), vint(flags), ...(dataSize === undefined ? [] : [vint(dataSize)]), ...fields]);
  const sized = Buffer.concat([vint(body.length), body]);
  return Buffer.concat([uint32(crc32(sized)), sized]);
}

async function copyWithCrc(path: string, archive: FileHandle, start: number): Promise<{ crc: number; copied: number }> {
  let crc = 0;
  let copied = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    crc = crc32(chunk, crc);
    await archive.write(chunk, 0, chunk.length, start + copied);
    copied += chunk.length;
  }
  return { crc, copied };
}

/** RAR 5's variable-length integer: 7 bits a byte, low first, the top bit saying more follow. */
function vint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0, 0);
  return bytes;
}
