import { open } from 'node:fs/promises';
import { extensionOf } from '@folio/registry';
import { ArchiveRefusedError, readZipFiles, type ZipLimits } from '../../engines/zip-reading';
import { InvalidInputError, WrongFileTypeError } from '../../refusals/input-errors';

/**
 * The kinds of e-book Calibre is handed, each known by its name (the
 * reference's list) and then checked by its content, so a file of the wrong
 * kind is refused with a message that names it instead of crashing Calibre.
 * Archives are read through first with limits (entries, expanded size,
 * expansion ratio, names climbing out), as Calibre would unpack them whole.
 */

export interface EbookKind {
  /** What the visitor calls it. e.g. 'EPUB' */
  label: string;
  /** The extension Calibre is given, which tells it the format. e.g. '.epub' */
  extension: string;
}

const KINDS: Readonly<Record<string, EbookKind>> = {
  '.epub': { label: 'EPUB', extension: '.epub' },
  '.mobi': { label: 'MOBI', extension: '.mobi' },
  '.azw3': { label: 'AZW3', extension: '.azw3' },
  '.azw': { label: 'AZW', extension: '.azw' },
  '.fb2': { label: 'FictionBook (FB2)', extension: '.fb2' },
  '.txt': { label: 'text', extension: '.txt' },
  '.docx': { label: 'DOCX', extension: '.docx' },
};

/** What an e-book's archive may hold: a long illustrated book has a few hundred files and tens of MB. */
const EBOOK_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5_000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxRatio: 100,
  ratioFreeBytes: 1024 * 1024,
};

const HEAD_BYTES = 64 * 1024;
const EPUB_MIMETYPE = 'application/epub+zip';

/** The kind of e-book the upload is, checked against its content; WrongFileTypeError when it is not what its name says. */
export async function identifyEbook(path: string, fileName: string): Promise<EbookKind> {
  const kind = KINDS[extensionOf(fileName)];
  // The runner only lets the listed names through; this guards a new one added there and not here.
  if (!kind) throw new WrongFileTypeError(`"${fileName}" is not an e-book this tool converts (EPUB, MOBI, AZW3, FB2, TXT or DOCX).`);
  const head = await readHead(path);
  const notA = (why: string) => new WrongFileTypeError(`"${fileName}" is not a valid ${kind.label} file: ${why}.`);
  switch (kind.extension) {
    case '.epub': {
      const files = await readArchive(path, head, fileName, kind, notA);
      if (files.get('mimetype')?.toString('latin1').trim() !== EPUB_MIMETYPE) throw notA(`an EPUB is a ZIP whose "mimetype" entry says ${EPUB_MIMETYPE}`);
      break;
    }
    case '.docx': {
      const files = await readArchive(path, head, fileName, kind, notA);
      if (!files.has('word/document.xml')) throw notA('a DOCX is a ZIP holding word/document.xml');
      break;
    }
    case '.mobi':
    case '.azw3':
    case '.azw':
      if (head.subarray(60, 68).toString('latin1') !== 'BOOKMOBI') throw notA('a Kindle book is a Mobipocket database, "BOOKMOBI" at byte 60');
      break;
    case '.fb2':
      if (head.includes(0) || !/<(\w+:)?FictionBook[\s>]/.test(head.toString('utf8'))) throw notA('a FictionBook is XML whose root is <FictionBook>');
      break;
    case '.txt':
      if (head.includes(0)) throw notA('it holds binary data');
      break;
  }
  return kind;
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The archive's files, read within EBOOK_ZIP_LIMITS; a ZIP that is not one is the wrong kind, one past the limits a refusal. */
async function readArchive(path: string, head: Buffer, fileName: string, kind: EbookKind, notA: (why: string) => Error): Promise<Map<string, Buffer>> {
  if (!head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) throw notA(`a ${kind.label} is a ZIP archive`);
  try {
    return await readZipFiles(path, EBOOK_ZIP_LIMITS);
  } catch (error) {
    if (error instanceof ArchiveRefusedError) throw new InvalidInputError(`"${fileName}": ${error.message.replace(/\bZIP\b/g, `${kind.label} archive`)}`);
    throw error;
  }
}
