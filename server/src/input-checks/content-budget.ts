import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transform } from 'node:stream';
import { constants, createInflate } from 'node:zlib';
import { copyStreams, decodedStreamSize, listStreams, type ListedStream, type StoredStream } from '../engines/qpdf/qpdf-streams';
import type { EngineOptions } from '../engines/process';
import { Ascii85Decoder, AsciiHexDecoder } from './ascii-filters';
import { ContentTooLargeError } from '../refusals/input-errors';
import type { InputFile } from '@folio/registry';
import type { Workspace } from '../workspace/workspace';

/**
 * Refuses a PDF whose content streams inflate past `limit` bytes in all, or
 * that holds one image declaring more than `limit` bytes of pixels, before a
 * renderer or text extractor is given it: Poppler takes about ten seconds per
 * gigabyte it decodes, so a 2 MB upload holding a stream of 2 GiB of zeros (a
 * decompression bomb) would hold a core for the whole job time limit and end
 * in a timeout rather than a clear 400.
 *
 * Images are weighed by their declared size (a renderer decodes the rows the
 * size declares, no more), each on its own: a long scan is many large images.
 * Other streams are weighed by what they really inflate to: Flate (nearly all),
 * behind ASCII85 or hex encoding or not, decoded in Node (zlib's thread pool),
 * counted and never kept; other filter chains through qpdf's decoders, counted
 * the same way.
 */
export async function refuseContentBombs(file: InputFile, limit: number, context: { workspace: Workspace; engine: EngineOptions }): Promise<void> {
  const tooLarge = () => new ContentTooLargeError(file.originalName, Math.round(limit / 1024 / 1024));
  const listed = await listStreams(file.path, context.engine);
  const isImage = (stream: ListedStream) => stream.dict['/Subtype'] === '/Image';
  if (listed.some((stream) => isImage(stream) && declaredImageBytes(stream.dict) > limit)) throw tooLarge();
  const folder = await context.workspace.newFolder();
  try {
    const refs = listed.filter((stream) => !isImage(stream)).map((stream) => stream.ref);
    const streams = await copyStreams(file.path, refs, join(folder, 'stream'), context.engine);
    let remaining = limit;
    for (const stream of streams) {
      remaining -= await decodedSize(file.path, stream, remaining, context.engine);
      if (remaining < 0) throw tooLarge();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Colour components per pixel of the device spaces; anything else (ICC, calibrated, Lab) is taken as up to four. */
const COMPONENTS: Record<string, number> = { '/DeviceGray': 1, '/G': 1, '/DeviceRGB': 3, '/RGB': 3, '/DeviceCMYK': 4, '/CMYK': 4 };

/** Bytes of pixels an image dictionary declares: width × height × components × bits per component. */
export function declaredImageBytes(dict: Record<string, unknown>): number {
  const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);
  const width = number(dict['/Width'], 0);
  const height = number(dict['/Height'], 0);
  const space = dict['/ColorSpace'];
  const indexed = Array.isArray(space) && space[0] === '/Indexed';
  const mask = dict['/ImageMask'] === true;
  const components = mask || indexed ? 1 : typeof space === 'string' ? (COMPONENTS[space] ?? 4) : 4;
  const bits = mask ? 1 : number(dict['/BitsPerComponent'], 8);
  return (width * height * components * bits) / 8;
}

/** Filters Node decodes itself, by their full and abbreviated names. */
const NODE_DECODERS: Record<string, () => Transform> = {
  '/ASCII85Decode': () => new Ascii85Decoder(),
  '/A85': () => new Ascii85Decoder(),
  '/ASCIIHexDecode': () => new AsciiHexDecoder(),
  '/AHx': () => new AsciiHexDecoder(),
  '/FlateDecode': () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }),
  '/Fl': () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }),
};

async function decodedSize(pdf: string, stream: StoredStream, limit: number, engine: EngineOptions): Promise<number> {
  const { filters } = stream;
  if (filters && filters.length === 0) return (await stat(stream.dataFile)).size;
  if (filters && filters.every((filter) => filter in NODE_DECODERS))
    return countDecoded(
      stream.dataFile,
      filters.map((f) => NODE_DECODERS[f]()),
      limit,
    );
  try {
    return await decodedStreamSize(pdf, stream.object, limit, engine);
  } catch {
    // A stream qpdf cannot decode stopped short of the limit; the converter will meet the damage itself.
    return 0;
  }
}

/**
 * Bytes the file decodes to through `decoders` in turn, up to `limit + 1`; a
 * broken stream counts what came out before the break, as viewers read it.
 */
function countDecoded(path: string, decoders: Transform[], limit: number): Promise<number> {
  return new Promise((resolve) => {
    let bytes = 0;
    const source = createReadStream(path);
    const stages = [source, ...decoders];
    const finish = (size: number) => {
      for (const stage of stages) stage.destroy();
      resolve(size);
    };
    const last = stages[stages.length - 1];
    last.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) finish(limit + 1);
    });
    last.on('end', () => finish(bytes));
    for (const stage of stages) stage.on('error', () => finish(bytes));
    stages.reduce((from, to) => from.pipe(to as Transform));
  });
}
