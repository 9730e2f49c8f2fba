import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { InputFile } from '@folio/registry';
import { PdfTooComplexError } from '../../engines/pdf-errors';
import type { EngineOptions } from '../../engines/process';
import { LOSSLESS_FILTERS } from '../../engines/qpdf/qpdf-decompression';
import { copyStreams, decodedStreamSize, listStreams, type ListedStream, type StoredStream } from '../../engines/qpdf/qpdf-streams';
import { countDecoded, nodeDecoders } from '../../pdf-filters/decoded-size';
import { ContentTooLargeError } from '../../refusals/input-errors';
import type { Workspace } from '../../workspace/workspace';

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

/** What qpdf's decoders make of a stream, counted up to `limit + 1`. */
async function engineDecodedSize(pdf: string, stream: StoredStream, limit: number, engine: EngineOptions): Promise<number> {
  try {
    return await decodedStreamSize(pdf, stream.object, limit, engine);
  } catch {
    // A stream qpdf cannot decode is written as it is stored, bounded by the upload.
    return 0;
  }
}
