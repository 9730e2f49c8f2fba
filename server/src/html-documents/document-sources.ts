import { posix } from 'node:path';
import type { HtmlDocument } from '../engines/chromium';
import { dataUriImages, imageDimensions } from '../engines/image-dimensions';
import { ArchiveRefusedError, readZipFiles, type ArchiveFiles } from '../engines/zip-reading';
import { InvalidInputError } from '../refusals/input-errors';

/**
 * What HTML to PDF and Markdown to PDF share: reading an uploaded ZIP safely,
 * choosing its main document, serving its other files to the browser, turning
 * bytes of unknown encoding into text, and refusing pixel bombs before a
 * renderer tries to decode them.
 */

/** Largest canvas one image may declare (about 7000 × 7000): a renderer allocates 4 bytes per pixel. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Largest sum over all images of one document. */
export const MAX_TOTAL_IMAGE_PIXELS = 200_000_000;

/** The upload's files, with ZIP refusals turned into 400s for the visitor. */
export async function readUploadedZip(path: string): Promise<ArchiveFiles> {
  try {
    return await readZipFiles(path);
  } catch (error) {
    if (error instanceof ArchiveRefusedError) throw new InvalidInputError(error.message);
    throw error;
  }
}

/**
 * The archive's main document: `preferred` at the root (any case), else the
 * shallowest file with one of `extensions`, in archive order.
 */
export function mainDocument(files: ArchiveFiles, preferred: string, extensions: readonly string[]): string | undefined {
  const candidates = [...files.keys()].filter((path) => extensions.some((ext) => path.toLowerCase().endsWith(ext)) && !isMacResourceFork(path));
  const root = candidates.find((path) => path.toLowerCase() === preferred);
  if (root) return root;
  const depth = (path: string) => path.split('/').length;
  return candidates.sort((a, b) => depth(a) - depth(b))[0];
}

/** macOS zips add `__MACOSX/._name` shadows of every file: never documents. */
function isMacResourceFork(path: string): boolean {
  return path.startsWith('__MACOSX/') || posix.basename(path).startsWith('._');
}

/** Serves the archive's files by path relative to the document's folder. */
export function archiveAssets(files: ArchiveFiles, documentPath: string): NonNullable<HtmlDocument['asset']> {
  const folder = posix.dirname(documentPath);
  return async (relativePath) => {
    const path = posix.normalize(posix.join(folder, relativePath));
    const body = files.get(path);
    return body ? { body, contentType: contentTypeOf(path) } : undefined;
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[posix.extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Text from bytes whose encoding is unknown: a byte-order mark wins, then a
 * `<meta charset>` near the start, then UTF-8 if the bytes are valid UTF-8,
 * else Windows-1252 (what browsers assume for old Western pages).
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const declared = /<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_.:-]+)/i.exec(bytes.subarray(0, 2048).toString('latin1'))?.[1];
  if (declared) {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // An unknown label: fall through to the guesses.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Refuses a document whose images declare more pixels than a renderer should
 * allocate: raster files among the upload's assets, and base64 data: URIs in
 * the document and in its text assets (CSS, SVG).
 */
export function refusePixelBombs(documentText: string, assets: ArchiveFiles | undefined): void {
  let total = 0;
  const check = (image: Buffer, where: string) => {
    const size = imageDimensions(image);
    if (!size) return;
    const pixels = size.width * size.height;
    total += pixels;
    if (pixels > MAX_IMAGE_PIXELS) {
      throw new InvalidInputError(
        `The image ${where} declares ${size.width} × ${size.height} pixels; images of up to ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted.`,
      );
    }
    if (total > MAX_TOTAL_IMAGE_PIXELS) {
      throw new InvalidInputError(`The document's images add up to more than ${MAX_TOTAL_IMAGE_PIXELS / 1_000_000} megapixels.`);
    }
  };
  for (const image of dataUriImages(documentText)) check(image, 'embedded in the document');
  for (const [path, body] of assets ?? []) {
    check(body, `"${path}"`);
    if (/\.(css|svg|html?)$/i.test(path)) for (const image of dataUriImages(body.toString('latin1'))) check(image, `embedded in "${path}"`);
  }
}
