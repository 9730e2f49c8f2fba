import yauzl, { type ZipFile } from 'yauzl';
import { InvalidInputError } from '../../refusals/input-errors';

/**
 * What an uploaded ZIP must be before MuPDF opens it as XPS: a package whose
 * root is a FixedDocumentSequence part (XPS and OpenXPS alike), of a size the
 * server will expand. Only the central directory is read: names and declared
 * sizes, nothing inflated. A header that lies about sizes still meets the
 * engine's memory limit and watchdog.
 */

/** More parts than any real document has (a page is a part or two, with its fonts and pictures). */
const MAX_PARTS = 20_000;

export async function checkXpsPackage(path: string, fileName: string, maxExpandedBytes: number): Promise<void> {
  const entries = await listEntries(path, fileName);
  if (entries.length > MAX_PARTS) throw new InvalidInputError(`The XPS document "${fileName}" holds more than ${MAX_PARTS} parts.`);
  if (!entries.some((entry) => /(^|\/)[^/]+\.fdseq$/i.test(entry.name))) {
    throw new InvalidInputError(`The file "${fileName}" is a ZIP but not an XPS document: it has no FixedDocumentSequence.`);
  }
  const expanded = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (expanded > maxExpandedBytes) {
    throw new InvalidInputError(
      `The XPS document "${fileName}" expands to more than ${Math.round(maxExpandedBytes / 1024 / 1024)} MB, more than this server will read.`,
    );
  }
}

async function listEntries(path: string, fileName: string): Promise<{ name: string; size: number }[]> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, opened) => (error || !opened ? reject(error) : resolve(opened))),
  ).catch(() => {
    throw new InvalidInputError(`The XPS document "${fileName}" is not a readable ZIP package.`);
  });
  try {
    return await new Promise((resolve, reject) => {
      const entries: { name: string; size: number }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push({ name: entry.fileName, size: entry.uncompressedSize });
        if (entries.length > MAX_PARTS) resolve(entries);
        else zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', () => reject(new InvalidInputError(`The XPS document "${fileName}" is not a readable ZIP package.`)));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}
