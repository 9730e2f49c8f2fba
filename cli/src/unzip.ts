import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { refusal } from './exit-codes';

/** Whether a file starts like a ZIP archive (a local file header, or the end record of an empty one). */
export function isZipSignature(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}

/**
 * Unpacks a ZIP into `folder`, returning the files written. yauzl refuses absolute
 * names and `..` itself; every target is checked to stay inside the folder too.
 */
export async function unzipInto(zipPath: string, folder: string): Promise<string[]> {
  const root = resolve(folder);
  mkdirSync(root, { recursive: true });
  const zip = await new Promise<yauzl.ZipFile>((done, fail) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: true }, (error, opened) => (error ? fail(error) : done(opened))),
  );
  const written: string[] = [];
  const openEntry = (entry: yauzl.Entry) =>
    new Promise<Readable>((done, fail) => zip.openReadStream(entry, (error, stream) => (error ? fail(error) : done(stream))));
  try {
    await new Promise<void>((done, fail) => {
      zip.on('error', fail);
      zip.on('end', done);
      zip.on('entry', (entry: yauzl.Entry) => {
        const target = resolve(root, entry.fileName);
        if (target !== root && !target.startsWith(root + sep)) return fail(new Error(`the entry ${entry.fileName} would land outside ${folder}`));
        if (entry.fileName.endsWith('/')) {
          mkdirSync(target, { recursive: true });
          return zip.readEntry();
        }
        mkdirSync(dirname(target), { recursive: true });
        openEntry(entry)
          .then((stream) => pipeline(stream, createWriteStream(target)))
          .then(() => {
            written.push(join(folder, entry.fileName));
            zip.readEntry();
          }, fail);
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw refusal(`Could not unpack the ZIP result: ${error instanceof Error ? error.message : String(error)}`);
  }
  return written;
}
