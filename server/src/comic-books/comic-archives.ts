import { copyFile, lstat, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { InvalidInputError } from '../refusals/input-errors';
import { imageDimensions } from '../engines/image-dimensions';
import type { EngineOptions, ScratchFiles } from '../engines/process';
import { giveToEngines, makeEngineFolder } from '../engines/confinement';
import { EncryptedArchiveError, listArchive, unpackEntries, UnreadableArchiveError, type ArchiveEntry } from '../engines/unar';
import { ArchiveRefusedError, readZipFiles, safeEntryPath } from '../engines/zip-reading';

/**
 * The pages of a comic book archive (CBZ: a ZIP, CBR: a RAR): its pictures, in
 * the natural order of their paths, each written to a file of its own in the
 * job's folder, with every budget checked before a pixel is decoded: entries,
 * bytes unpacked, pictures, and pixels (declared in each picture's header) per
 * picture and all together (reference-beyond §7.4, §11.5).
 */

/** Kinds of picture a comic may hold, as their content says (never their name). */
export type PictureKind = 'jpeg' | 'png' | 'gif' | 'bmp' | 'webp';

export interface ComicPicture {
  /** Its path inside the archive. e.g. 'Vol 1/page 02.jpg' */
  name: string;
  /** The picture unpacked, in the job's folder. */
  path: string;
  kind: PictureKind;
  width: number;
  height: number;
}

export interface ComicBudgets {
  /** Most entries (files and folders) the archive may list. */
  maxEntries: number;
  /** Most bytes its files may hold once unpacked. */
  maxUnpackedBytes: number;
  /** Most pictures (pages). */
  maxPictures: number;
  /** Most pixels one picture may declare. */
  maxPixelsPerPicture: number;
  /** Most pixels all pictures together may declare. */
  maxPixelsTotal: number;
  /** Most pixels of the pictures that must be decoded (all but JPEGs, which go in as they are), so the work ends within the job's time. */
  maxDecodedPixels: number;
}

/** Pixels a second the pdf-lib engine decodes and compresses again (PNG), with room for a busy machine: about 9 measured on one core. */
const DECODED_PIXELS_PER_SECOND = 4_000_000;

/**
 * The budgets from the server's raster limits, plus the archive's own: entries
 * enough for a 2,000-page omnibus with a folder, metadata and macOS's copy of
 * every picture, unpacked bytes the pdf-lib engine can hold (its heap is
 * 1 GiB, and a PDF is written out whole), and decoded pixels it can get
 * through within the job's time limit (`timeLimitMs`).
 */
export function comicBudgets(config: Pick<ServerConfig, 'maxRasterPages' | 'maxPixelsPerPage' | 'maxPixelsPerRequest'>, timeLimitMs: number): ComicBudgets {
  return {
    maxDecodedPixels: (timeLimitMs / 1000) * DECODED_PIXELS_PER_SECOND,
    maxEntries: 10_000,
    maxUnpackedBytes: 256 * 1024 * 1024,
    maxPictures: config.maxRasterPages,
    maxPixelsPerPicture: config.maxPixelsPerPage,
    maxPixelsTotal: config.maxPixelsPerRequest,
  };
}

/** Entries taken for pictures, by name as the reference takes them (any case). */
const PICTURE_NAME = /\.(jpe?g|png|gif|bmp|webp)$/i;

/**
 * Not pages, though named like them: what macOS's archiver adds (`__MACOSX/`,
 * AppleDouble `._page1.jpg` files) and hidden files. The reference takes them
 * and fails on them; they are never what the reader meant.
 */
function isJunk(path: string): boolean {
  return path.split('/').some((part) => part === '__MACOSX' || part.startsWith('.'));
}

const isPictureName = (path: string) => PICTURE_NAME.test(path) && !isJunk(path);

/** The pictures of a CBZ, read with the ZIP reader's own budgets (entries, bytes, compression ratio). */
export async function readCbzPictures(archive: string, budgets: ComicBudgets, scratch: ScratchFiles): Promise<ComicPicture[]> {
  let files: Map<string, Buffer>;
  try {
    files = await readZipFiles(archive, {
      maxEntries: budgets.maxEntries,
      maxTotalBytes: budgets.maxUnpackedBytes,
      maxRatio: 100,
      ratioFreeBytes: 1024 * 1024,
    });
  } catch (error) {
    if (error instanceof ArchiveRefusedError) throw new InvalidInputError(error.message);
    throw error;
  }
  const names = [...files.keys()].filter(isPictureName).sort(naturalOrder);
  refuseTooManyPictures(names.length, budgets);
  const pictures: ComicPicture[] = [];
  for (const name of names) {
    const data = files.get(name)!;
    const path = scratch.newPath();
    await writeFile(path, data);
    pictures.push({ name, path, ...describePicture(name, data) });
  }
  return checkPixels(pictures, budgets);
}

/**
 * The pictures of a CBR, listed with lsar and unpacked with unar, both
 * confined. The declared sizes are checked first; what unar writes is checked
 * again, and only regular files are read (never a link an archive planted).
 */
export async function readCbrPictures(archive: string, budgets: ComicBudgets, scratch: ScratchFiles, engine: EngineOptions): Promise<ComicPicture[]> {
  // Alone in a folder: unar would take a neighbour named like the next part of a set for one.
  const home = scratch.newPath();
  await makeEngineFolder(home);
  const copy = join(home, 'comic.rar');
  await copyFile(archive, copy);
  await giveToEngines(copy);

  const listing = await listArchive(copy, engine).catch(rarRefusal);
  if (listing.isEncrypted) throw rarRefusal(new EncryptedArchiveError());
  if (listing.isMultiVolume) throw new InvalidInputError('The RAR archive is one part of a multi-part set; join the parts into one archive first.');
  if (listing.entries.length > budgets.maxEntries) throw new InvalidInputError(`The archive holds more than ${budgets.maxEntries} entries.`);

  const wanted: ArchiveEntry[] = [];
  for (const entry of listing.entries) {
    const name = safeRarName(entry.name);
    if (!entry.isFolder && !entry.isSpecial && isPictureName(name)) wanted.push(entry);
  }
  refuseTooManyPictures(wanted.length, budgets);
  const declared = wanted.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > budgets.maxUnpackedBytes) throw tooManyBytes(budgets);

  const folder = scratch.newPath();
  await makeEngineFolder(folder);
  const largest = wanted.reduce((most, entry) => Math.max(most, entry.size), 0);
  // A little over the largest declared size, so a file that grows past its own header stops there.
  await unpackEntries(
    copy,
    wanted.map((entry) => entry.index),
    folder,
    { maxFileBytes: Math.min(budgets.maxUnpackedBytes, largest + 1024 * 1024), totalBytes: declared },
    engine,
  ).catch(rarRefusal);

  const unpacked = (await regularFilesUnder(folder)).filter((file) => isPictureName(file.name)).sort((a, b) => naturalOrder(a.name, b.name));
  refuseTooManyPictures(unpacked.length, budgets);
  let total = 0;
  const pictures: ComicPicture[] = [];
  for (const { name, path, size } of unpacked) {
    total += size;
    if (total > budgets.maxUnpackedBytes) throw tooManyBytes(budgets);
    pictures.push({ name, path, ...describePicture(name, await readFile(path)) });
  }
  return checkPixels(pictures, budgets);
}

function refuseTooManyPictures(count: number, budgets: ComicBudgets): void {
  if (count === 0) throw new InvalidInputError('The archive holds no pictures (JPEG, PNG, GIF, BMP or WebP files) to make pages of.');
  if (count > budgets.maxPictures)
    throw new InvalidInputError(`The archive holds ${count} pictures; at most ${budgets.maxPictures} can become pages of one PDF.`);
}

function tooManyBytes(budgets: ComicBudgets): InvalidInputError {
  return new InvalidInputError(`The archive's pictures exceed ${Math.round(budgets.maxUnpackedBytes / 1024 / 1024)} MB once unpacked.`);
}

/** An entry name that climbs out of the archive is refused, as the ZIP reader refuses one. */
function safeRarName(name: string): string {
  try {
    return safeEntryPath(name);
  } catch {
    throw new InvalidInputError(`The archive entry "${name.slice(0, 200)}" points outside the archive.`);
  }
}

/** lsar's and unar's refusals in the visitor's words; anything else goes on as it is. */
function rarRefusal(error: unknown): never {
  if (error instanceof EncryptedArchiveError)
    throw new InvalidInputError(
      'The RAR archive is encrypted: it cannot be converted without its password. Unpack it and convert the pictures, or re-pack them without a password.',
    );
  if (error instanceof UnreadableArchiveError)
    throw new InvalidInputError(`The file is not a RAR archive that can be read (damaged or truncated?): ${error.reason}`);
  throw error;
}

/** Regular files below `folder`, with their paths relative to it; links and anything else are skipped, never followed. */
async function regularFilesUnder(folder: string, prefix = ''): Promise<{ name: string; path: string; size: number }[]> {
  const found: { name: string; path: string; size: number }[] = [];
  for (const entry of await readdir(folder)) {
    const path = join(folder, entry);
    const info = await lstat(path);
    const name = prefix ? `${prefix}/${entry}` : entry;
    if (info.isDirectory()) found.push(...(await regularFilesUnder(path, name)));
    else if (info.isFile()) found.push({ name, path, size: info.size });
  }
  return found;
}

/** A picture's kind and size from its first bytes; a name that promises a picture the content is not is refused. */
function describePicture(name: string, data: Buffer): { kind: PictureKind; width: number; height: number } {
  const kind = pictureKind(data);
  const size = kind && imageDimensions(data.subarray(0, 256 * 1024));
  if (!kind || !size || !(size.width > 0 && size.height > 0)) {
    throw new InvalidInputError(
      `"${name.slice(0, 200)}" is not a JPEG, PNG, GIF, BMP or WebP picture that can be read (damaged, or another format under a picture's name).`,
    );
  }
  return { kind, ...size };
}

function pictureKind(data: Buffer): PictureKind | undefined {
  if (data.length < 12) return undefined;
  if (data[0] === 0xff && data[1] === 0xd8) return 'jpeg';
  if (data.readUInt32BE(0) === 0x89504e47) return 'png';
  if (data.toString('latin1', 0, 4) === 'GIF8') return 'gif';
  if (data.toString('latin1', 0, 2) === 'BM') return 'bmp';
  if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** Refuses a picture past the per-picture budget, and pictures past the total one, by the sizes their headers declare. */
function checkPixels(pictures: ComicPicture[], budgets: ComicBudgets): ComicPicture[] {
  let total = 0;
  for (const { name, width, height } of pictures) {
    if (width * height > budgets.maxPixelsPerPicture) {
      throw new InvalidInputError(
        `The picture "${name.slice(0, 200)}" is ${width} × ${height} pixels; pictures of up to ${megapixels(budgets.maxPixelsPerPicture)} megapixels can become pages.`,
      );
    }
    total += width * height;
  }
  if (total > budgets.maxPixelsTotal) {
    throw new InvalidInputError(
      `The archive's pictures hold ${megapixels(total)} megapixels together; one conversion takes up to ${megapixels(budgets.maxPixelsTotal)}.`,
    );
  }
  const decoded = pictures.filter((picture) => picture.kind !== 'jpeg').reduce((sum, { width, height }) => sum + width * height, 0);
  if (decoded > budgets.maxDecodedPixels) {
    throw new InvalidInputError(
      `The archive's PNG, GIF, BMP and WebP pictures hold ${megapixels(decoded)} megapixels together; one conversion decodes up to ${megapixels(budgets.maxDecodedPixels)} (JPEG pictures need no decoding). Convert the comic in parts.`,
    );
  }
  return pictures;
}

const megapixels = (pixels: number) => Math.round(pixels / 100_000) / 10;

/**
 * Natural order of paths, as readers of comics expect and the reference sorts:
 * runs of digits compare by value (`page2` before `page10`), other runs by
 * their characters (case counts), over the whole path. Numbers of any length
 * compare exactly (the reference refuses one past 2³¹ − 1).
 */
export function naturalOrder(a: string, b: string): number {
  const left = a.match(/\d+|\D+/g) ?? [];
  const right = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const [x, y] = [left[i], right[i]];
    if (x === y) continue;
    const bothNumbers = /^\d/.test(x) && /^\d/.test(y);
    if (bothNumbers) {
      const [p, q] = [BigInt(x), BigInt(y)];
      if (p !== q) return p < q ? -1 : 1;
      // Equal values, different spellings ('02' and '2'): the shorter first, so the order is total.
      return x.length - y.length;
    }
    return x < y ? -1 : 1;
  }
  return left.length - right.length;
}
