import { open } from 'node:fs/promises';
import { FILE_TYPES, hasExtensionOf, type FileTypeKey } from '@folio/registry';

/** How many leading bytes the checks look at. */
const HEAD_BYTES = 4096;

const startsWith = (head: Buffer, ...signatures: (string | number[])[]) =>
  signatures
    .map((signature) => (typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature)))
    .some((signature) => head.subarray(0, signature.length).equals(signature));

/** ASN.1 DER starts with a SEQUENCE (keys, certificates, PKCS#12). */
const isDer = (head: Buffer) => head[0] === 0x30;
/** PEM armour: '-----BEGIN CERTIFICATE-----', '-----BEGIN PRIVATE KEY-----', ... */
const isPem = (head: Buffer) => head.includes('-----BEGIN ');

/** RAR 4 and RAR 5 share their first six bytes: 'Rar!', 0x1A, 0x07. */
const isRar = (head: Buffer) => startsWith(head, 'Rar!\x1a\x07\x00', 'Rar!\x1a\x07\x01\x00');

/** Text files carry no NUL bytes (UTF-16 text is not taken). */
const isText = (head: Buffer) => !head.includes(0);

/**
 * Content checks per file type: the browser's extension and MIME type are not
 * trusted. A PDF may have junk before its header (PDF 32000 §7.5.2 readers
 * accept it within the first 1024 bytes). Types known by their name
 * (`identifiedBy: 'extension'`) must also carry one of their extensions.
 */
const CONTENT_CHECKS = {
  pdf: (head) => head.subarray(0, 1024).includes('%PDF-'),
  jpeg: (head) => startsWith(head, [0xff, 0xd8, 0xff]),
  png: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (head) => startsWith(head, 'GIF87a', 'GIF89a'),
  bmp: (head) => startsWith(head, 'BM'),
  tiff: (head) => startsWith(head, [0x49, 0x49, 0x2a, 0x00], [0x4d, 0x4d, 0x00, 0x2a]),
  eml: isText,
  msg: (head) => startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  html: isText,
  // Processing instructions (the XML declaration, a stylesheet), comments or a doctype, with an
  // internal subset or not, may come first; the root element must be <svg>.
  svg: (head) =>
    isText(head) && /^(\uFEFF)?\s*(<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i.test(head.toString('utf8')),
  zip: (head) => startsWith(head, 'PK\x03\x04'),
  cbz: (head) => startsWith(head, 'PK\x03\x04'),
  cbr: isRar,
  rar: isRar,
  // '%!' (PostScript's own header), or the binary header of a DOS EPS (a preview picture beside the program).
  postscript: (head) => startsWith(head, '%!', [0xc5, 0xd0, 0xd3, 0xc6]),
  // A ZIP; that it holds a FixedDocumentSequence is checked before an engine opens it (Vector to PDF).
  xps: (head) => startsWith(head, 'PK\x03\x04'),
  // A ZIP (EPUB, DOCX), a Mobipocket database ('BOOKMOBI' at byte 60: MOBI, AZW3) or text (FictionBook, plain text);
  // that it is the kind its name says is checked before Calibre opens it (E-book to PDF).
  ebook: (head) => startsWith(head, 'PK\x03\x04') || head.subarray(60, 68).toString('latin1') === 'BOOKMOBI' || isText(head),
  markdown: isText,
  pkcs12: isDer,
  // JKS, JCEKS, or the PKCS#12 key stores Java writes by default since version 9.
  jks: (head) => startsWith(head, [0xfe, 0xed, 0xfe, 0xed], [0xce, 0xce, 0xce, 0xce]) || isDer(head),
  privateKey: (head) => isPem(head) || isDer(head),
  certificate: (head) => isPem(head) || isDer(head),
  // The office suite reads dozens of formats, binary and text: it is the judge.
  convertible: () => true,
  anyFile: () => true,
} satisfies Record<FileTypeKey, (head: Buffer) => boolean>;

/** The first accepted type the upload is, by its content (and, where the type says so, its name). */
export async function sniffFileType(path: string, fileName: string, accepted: readonly FileTypeKey[]): Promise<FileTypeKey | undefined> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    const content = head.subarray(0, bytesRead);
    return accepted.find((key) => {
      if (FILE_TYPES[key].identifiedBy === 'extension' && !hasExtensionOf(fileName, key)) return false;
      return CONTENT_CHECKS[key](content);
    });
  } finally {
    await handle.close();
  }
}
