import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transform } from 'node:stream';
import { constants, createInflate } from 'node:zlib';
import type { InputFile } from '@folio/registry';
import { PdfTooComplexError } from '../../engines/pdf-errors';
import type { EngineOptions } from '../../engines/process';
import { LOSSLESS_FILTERS } from '../../engines/qpdf/qpdf-decompression';
import { copyStreams, decodedStreamSize, listStreams, type ListedStream, type StoredStream } from '../../engines/qpdf/qpdf-streams';
import { Ascii85Decoder, AsciiHexDecoder } from '../../input-checks/ascii-filters';
import { ContentTooLargeError } from '../../refusals/input-errors';
import type { Workspace } from '../../workspace/workspace';
import { LzwDecoder, RunLengthDecoder } from './lossless-decoders';

/**
 * Streams whose filters Node cannot read (a /Filter or /DecodeParms named
 * indirectly) are measured by qpdf, one process each: at most this many.
 */
const MAX_ENGINE_MEASURED = 50;

/**
 * Refuses a PDF whose streams would inflate past `limit` bytes in all once
 * written decoded, before qpdf writes them (it holds each decoded stream in
 * memory): the server's content budget (FOLIO_MAX_DECODED_CONTENT_MB), which
 * the runner applies to page content before rendering, applied here to every
 * stream this tool decodes, images with lossless filters included. What is
 * written as stored (a JPEG, a stream without filters) is bounded by the upload.
 *
 * Streams are measured as content-budget.ts measures them: their stored bytes
 * copied out in one qpdf run, then inflated in Node (counted, never kept),
 * every lossless filter included; only a chain Node cannot read (named
 * indirectly) goes through qpdf's decoders.
 */
export async function refuseDecompressionBombs(file: InputFile, limit: number, context: { workspace: Workspace; engine: EngineOptions }): Promise<void> {
  const decoded = (await listStreams(file.path, context.engine)).filter(isDecodedWhenWritten);
  if (decoded.length === 0) return;
  const parms = new Map(decoded.map((stream) => [Number(stream.ref.split(' ')[0]), stream.dict['/DecodeParms']]));
  const folder = await context.workspace.newFolder();
  try {
    const streams = await copyStreams(
      file.path,
      decoded.map((stream) => stream.ref),
      join(folder, 'stream'),
      context.engine,
    );
    let remaining = limit;
    let engineMeasured = 0;
    for (const stream of streams) {
      const decoders = stream.filters && nodeDecoders(stream.filters, parms.get(stream.object));
      if (!decoders && ++engineMeasured > MAX_ENGINE_MEASURED)
        throw new PdfTooComplexError(`more than ${MAX_ENGINE_MEASURED} streams name their filters indirectly`);
      remaining -= decoders ? await countDecoded(stream.dataFile, decoders, remaining) : await engineDecodedSize(file.path, stream, remaining, context.engine);
      if (remaining < 0) throw new ContentTooLargeError(file.originalName, Math.round(limit / 1024 / 1024));
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * A stream qpdf decodes when writing: every filter lossless. An indirect
 * /Filter (the listing cannot name it) is measured too, to be safe.
 */
function isDecodedWhenWritten(stream: ListedStream): boolean {
  const filter = stream.dict['/Filter'];
  if (filter === undefined) return false;
  const names = Array.isArray(filter) ? filter : [filter];
  if (names.some((name) => typeof name !== 'string' || !name.startsWith('/'))) return true;
  return names.length > 0 && names.every((name) => LOSSLESS_FILTERS.has(name as string));
}

/** Decoders for filters Node reads, by their full and abbreviated names; LZW with its /EarlyChange. */
const NODE_DECODERS: Record<string, (earlyChange: 0 | 1) => Transform> = {
  '/ASCII85Decode': () => new Ascii85Decoder(),
  '/A85': () => new Ascii85Decoder(),
  '/ASCIIHexDecode': () => new AsciiHexDecoder(),
  '/AHx': () => new AsciiHexDecoder(),
  '/FlateDecode': () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }),
  '/Fl': () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }),
  '/RunLengthDecode': () => new RunLengthDecoder(),
  '/RL': () => new RunLengthDecoder(),
  '/LZWDecode': (earlyChange) => new LzwDecoder(earlyChange),
  '/LZW': (earlyChange) => new LzwDecoder(earlyChange),
};

/** Node's decoders for the chain, in order; undefined when one cannot be known from the listing. */
function nodeDecoders(filters: readonly string[], parms: unknown): Transform[] | undefined {
  const decoders: Transform[] = [];
  for (const [index, filter] of filters.entries()) {
    const lzw = filter === '/LZWDecode' || filter === '/LZW';
    const earlyChange = lzw ? earlyChangeOf(Array.isArray(parms) ? parms[index] : parms) : 1;
    if (!(filter in NODE_DECODERS) || earlyChange === undefined) return undefined;
    decoders.push(NODE_DECODERS[filter](earlyChange));
  }
  return decoders.length > 0 ? decoders : undefined;
}

/** LZW's /EarlyChange (1 when absent); undefined for parameters named indirectly or out of range. */
function earlyChangeOf(parms: unknown): 0 | 1 | undefined {
  if (parms === undefined || parms === null) return 1;
  if (typeof parms !== 'object' || Array.isArray(parms)) return undefined;
  const value = (parms as Record<string, unknown>)['/EarlyChange'];
  return value === undefined || value === 1 ? 1 : value === 0 ? 0 : undefined;
}

/** What qpdf's decoders make of a stream, counted up to `limit + 1`. */
async function engineDecodedSize(pdf: string, stream: StoredStream, limit: number, engine: EngineOptions): Promise<number> {
  try {
    return await decodedStreamSize(pdf, stream.object, limit, engine);
  } catch {
    // A stream qpdf cannot decode is written as it is stored, bounded by the upload.
    return 0;
  }
}

/**
 * Bytes the file decodes to through `decoders` in turn, up to `limit + 1`; a
 * broken stream counts what came out before the break, as qpdf writes it.
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
