import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { copyStreams, decodedStreamSize, listStreams, type ListedStream, type StoredStream } from '../engines/qpdf/qpdf-streams';
import type { EngineOptions } from '../engines/process';
import { countDecoded, nodeDecoders } from '../pdf-filters/decoded-size';
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
 * Other streams are weighed by what they really inflate to: the lossless
 * filters (Flate, nearly all, LZW, RunLength, behind ASCII85 or hex encoding or
 * not) decoded in Node (pdf-filters/decoded-size.ts), counted and never kept;
 * other filter chains through qpdf's decoders, counted the same way.
 */
export async function refuseContentBombs(file: InputFile, limit: number, context: { workspace: Workspace; engine: EngineOptions }): Promise<void> {
  const tooLarge = () => new ContentTooLargeError(file.originalName, Math.round(limit / 1024 / 1024));
  const listed = await listStreams(file.path, context.engine);
  const isImage = (stream: ListedStream) => stream.dict['/Subtype'] === '/Image';
  if (listed.some((stream) => isImage(stream) && declaredImageBytes(stream.dict) > limit)) throw tooLarge();
  const folder = await context.workspace.newFolder();
  try {
    const weighed = listed.filter((stream) => !isImage(stream));
    const parms = new Map(weighed.map((stream) => [Number(stream.ref.split(' ')[0]), stream.dict['/DecodeParms']]));
    const streams = await copyStreams(
      file.path,
      weighed.map((stream) => stream.ref),
      join(folder, 'stream'),
      context.engine,
    );
    let remaining = limit;
    for (const stream of streams) {
      remaining -= await decodedSize(file.path, stream, parms.get(stream.object), remaining, context.engine);
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

async function decodedSize(pdf: string, stream: StoredStream, parms: unknown, limit: number, engine: EngineOptions): Promise<number> {
  const { filters } = stream;
  if (filters && filters.length === 0) return (await stat(stream.dataFile)).size;
  const decoders = filters && nodeDecoders(filters, parms);
  if (decoders) return countDecoded(stream.dataFile, decoders, limit);
  try {
    return await decodedStreamSize(pdf, stream.object, limit, engine);
  } catch {
    // A stream qpdf cannot decode stopped short of the limit; the converter will meet the damage itself.
    return 0;
  }
}
