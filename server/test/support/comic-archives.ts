import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { withTempDir } from './pdfs';

/**
 * Comic archives as other programs write them: ZIPs by Info-ZIP's `zip` and by
 * Python's zipfile, pictures by ImageMagick, and RAR archives (no RAR writer is
 * free software, so they are built here byte by byte from RARLAB's technical
 * notes, stored without compression, which is what `rar -m0` writes; unar reads them).
 */

/** ImageMagick 6 by its full name: `convert` on the PATH may be a stand-in. */
const IMAGEMAGICK = '/usr/bin/convert-im6.q16';

/** A picture `width` × `height` in `format` ('jpeg', 'png', 'webp', 'gif', 'bmp3'), its colour and a label drawn on it. */
export function picture(format: string, width: number, height: number, colour = '#2f6fdf'): Buffer {
  return execFileSync(IMAGEMAGICK, [
    '-size',
    `${width}x${height}`,
    `xc:${colour}`,
    '-fill',
    '#f2b705',
    '-draw',
    `rectangle 0,0 ${Math.floor(width / 3)},${height - 1}`,
    `${format}:-`,
  ]);
}

/** Entries in the order they are written: name → content ('' names a folder when it ends with '/'). */
export type ArchiveEntries = [string, Buffer | string][];

/** A ZIP written by Info-ZIP's `zip` (-X: no extra fields), entries in the order given. */
export function zipWithInfoZip(entries: ArchiveEntries): Buffer {
  return withTempDir((dir) => {
    const root = join(dir, 'root');
    mkdirSync(root);
    for (const [name, content] of entries) {
      if (name.endsWith('/')) mkdirSync(join(root, name), { recursive: true });
      else {
        mkdirSync(dirname(join(root, name)), { recursive: true });
        writeFileSync(join(root, name), content);
      }
    }
    execFileSync('zip', ['-q', '-X', '-D', join(dir, 'out.zip'), ...entries.map(([name]) => name).filter((name) => !name.endsWith('/'))], { cwd: root });
    return readFileSync(join(dir, 'out.zip'));
  });
}

/** A ZIP written by Python's zipfile (deflated), entry names taken as they are (`../x` included). */
export function zipWithPython(entries: ArchiveEntries): Buffer {
  return withTempDir((dir) => {
    const listing = join(dir, 'entries.json');
    writeFileSync(listing, JSON.stringify(entries.map(([name, content]) => [name, Buffer.from(content).toString('base64')])));
    const script = [
      'import base64, json, sys, zipfile',
      'entries = json.load(open(sys.argv[1]))',
      'with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as z:',
      '    for name, data in entries: z.writestr(name, base64.b64decode(data))',
    ].join('\n');
    execFileSync('/usr/bin/python3', ['-c', script, listing, join(dir, 'out.zip')]);
    return readFileSync(join(dir, 'out.zip'));
  });
}

/** Each page's size in points, as Poppler's pdfinfo reads it. */
export function pdfPageSizes(pdf: Buffer): { width: number; height: number }[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100000', join(dir, 'x.pdf')], { encoding: 'utf8' });
    return [...info.matchAll(/Page +\d+ size: +([\d.]+) x ([\d.]+) pts/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  });
}

/** Each image of the PDF as Poppler's pdfimages lists it: page, pixel size and how it is stored ('jpeg', 'image' for Flate...). */
export function pdfImages(pdf: Buffer): { page: number; width: number; height: number; encoding: string }[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const lines = execFileSync('pdfimages', ['-list', join(dir, 'x.pdf')], { encoding: 'utf8' })
      .split('\n')
      .slice(2);
    return lines
      .filter((line) => line.trim() !== '')
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[2] === 'image')
      .map((cols) => ({ page: Number(cols[0]), width: Number(cols[3]), height: Number(cols[4]), encoding: cols[8] }));
  });
}

// ------------------------------------------------------------------ RAR 4

const RAR4_SIGNATURE = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]);

/** A RAR 4 block: CRC16 (the low half of the CRC-32 of what follows it), type, flags, size, body. */
function rar4Block(type: number, flags: number, body: Buffer): Buffer {
  const rest = Buffer.alloc(5);
  rest.writeUInt8(type, 0);
  rest.writeUInt16LE(flags, 1);
  rest.writeUInt16LE(7 + body.length, 3);
  const crc = Buffer.alloc(2);
  crc.writeUInt16LE(crc32(Buffer.concat([rest, body])) & 0xffff, 0);
  return Buffer.concat([crc, rest, body]);
}

export interface Rar4Options {
  /** Mark every file encrypted (flag 0x04, a salt): its data cannot be read without the password. */
  encrypted?: boolean;
  /** Entries written as Unix symbolic links, their content the link's target. */
  symlinks?: readonly string[];
}

/** A RAR 4.x archive storing `entries` uncompressed (method 0x30), as `rar a -m0` writes. */
export function rar4(entries: ArchiveEntries, options: Rar4Options = {}): Buffer {
  const main = rar4Block(0x73, 0, Buffer.alloc(6));
  const files = entries.map(([name, raw]) => {
    const data = Buffer.from(raw);
    const fileName = Buffer.from(name.replace(/\//g, '\\'), 'utf8');
    const isFolder = name.endsWith('/');
    const salt = options.encrypted ? Buffer.from('folio-qa') : Buffer.alloc(0);
    const head = Buffer.alloc(25);
    head.writeUInt32LE(data.length, 0); // packed size
    head.writeUInt32LE(data.length, 4); // unpacked size
    const isLink = options.symlinks?.includes(name) ?? false;
    head.writeUInt8(isLink ? 3 : 2, 8); // host OS: Unix for a link (its mode says so), else Windows
    head.writeUInt32LE(crc32(data) >>> 0, 9);
    head.writeUInt32LE(0x5a210000, 13); // DOS time
    head.writeUInt8(29, 17); // version needed: 2.9
    head.writeUInt8(0x30, 18); // method: store
    head.writeUInt16LE(fileName.length, 19);
    head.writeUInt32LE(isLink ? 0o120777 : isFolder ? 0x10 : 0x20, 21);
    // 0x8000: a data area follows; 0x04: encrypted; 0x400: a salt follows the name; 0xe0: a folder.
    const flags = 0x8000 | (options.encrypted ? 0x404 : 0) | (isFolder ? 0xe0 : 0);
    return Buffer.concat([rar4Block(0x74, flags, Buffer.concat([head, fileName, salt])), data]);
  });
  const end = rar4Block(0x7b, 0x4000, Buffer.alloc(0));
  return Buffer.concat([RAR4_SIGNATURE, main, ...files, end]);
}

// ------------------------------------------------------------------ RAR 5

const RAR5_SIGNATURE = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]);

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

/** A RAR 5 header: CRC-32 of everything after it, its size, then type, flags and fields. */
function rar5Header(fields: Buffer): Buffer {
  const size = vint(fields.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(Buffer.concat([size, fields])) >>> 0, 0);
  return Buffer.concat([crc, size, fields]);
}

/** A RAR 5 archive storing `entries` uncompressed (method 0), as `rar a -ma5 -m0` writes. */
export function rar5(entries: ArchiveEntries): Buffer {
  const main = rar5Header(Buffer.concat([vint(1), vint(0), vint(0)]));
  const files = entries.map(([name, raw]) => {
    const data = Buffer.from(raw);
    const fileName = Buffer.from(name, 'utf8');
    const crc = Buffer.alloc(4);
    crc.writeUInt32LE(crc32(data) >>> 0, 0);
    const header = rar5Header(
      Buffer.concat([
        vint(2), // type: file
        vint(0x02), // header flags: a data area follows
        vint(data.length), // data size
        vint(0x04), // file flags: CRC-32 present
        vint(data.length), // unpacked size
        vint(0x20), // attributes
        crc,
        vint(0), // compression: version 0, store, smallest dictionary
        vint(0), // host OS: Windows
        vint(fileName.length),
        fileName,
      ]),
    );
    return Buffer.concat([header, data]);
  });
  const end = rar5Header(Buffer.concat([vint(5), vint(0), vint(0)]));
  return Buffer.concat([RAR5_SIGNATURE, main, ...files, end]);
}
