import { open } from 'node:fs/promises';
import { extensionOf } from '@folio/registry';

/**
 * The MIME type an attachment is embedded with (/Subtype of its embedded-file
 * stream). The reference uses the part's Content-Type, which a browser derives
 * from the name's extension; the server does not see that header for `file`
 * fields, so the type comes from the extension here as well, then from the
 * first bytes for a name without a known one, else application/octet-stream.
 */

const BY_EXTENSION: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.text': 'text/plain',
  '.log': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.htm': 'text/html',
  '.html': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.xml': 'application/xml',
  '.json': 'application/json',
  '.rtf': 'application/rtf',
  '.ics': 'text/calendar',
  '.vcf': 'text/vcard',
  '.eml': 'message/rfc822',
  '.msg': 'application/vnd.ms-outlook',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.heic': 'image/heic',
  '.ico': 'image/vnd.microsoft.icon',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.avi': 'video/x-msvideo',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.tar': 'application/x-tar',
  '.7z': 'application/x-7z-compressed',
  '.rar': 'application/vnd.rar',
  '.doc': 'application/msword',
  '.dot': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.odp': 'application/vnd.oasis.opendocument.presentation',
  '.odg': 'application/vnd.oasis.opendocument.graphics',
  '.epub': 'application/epub+zip',
  '.p7s': 'application/pkcs7-signature',
  '.p12': 'application/x-pkcs12',
  '.pfx': 'application/x-pkcs12',
  '.cer': 'application/pkix-cert',
  '.crt': 'application/x-x509-ca-cert',
  '.pem': 'application/x-pem-file',
  '.dwg': 'image/vnd.dwg',
  '.dxf': 'image/vnd.dxf',
};

/** Signatures of common formats, for names without a known extension. */
const BY_CONTENT: readonly [prefix: Buffer, type: string][] = [
  [Buffer.from('%PDF-'), 'application/pdf'],
  [Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png'],
  [Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg'],
  [Buffer.from('GIF8'), 'image/gif'],
  [Buffer.from('PK\x03\x04', 'latin1'), 'application/zip'],
  [Buffer.from([0x1f, 0x8b]), 'application/gzip'],
  [Buffer.from('<?xml'), 'application/xml'],
];

export async function mediaTypeOf(path: string, name: string): Promise<string> {
  const byName = BY_EXTENSION[extensionOf(name)];
  if (byName) return byName;
  const head = Buffer.alloc(8);
  const handle = await open(path, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  return BY_CONTENT.find(([prefix]) => head.subarray(0, prefix.length).equals(prefix))?.[1] ?? 'application/octet-stream';
}
