import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, createInflate } from 'node:zlib';
import { copyNonImageStreams, decodedStreamSize, type StoredStream } from '../engines/qpdf';
import type { EngineOptions } from '../engines/process';
import { ApiError } from '../http/api-error';
import type { InputFile } from './processor';
import type { Workspace } from './workspace';

/**
 * Refuses a PDF whose content streams inflate past `limit` bytes in all, before
 * a renderer or text extractor is given it: Poppler takes about ten seconds per
 * gigabyte of page content, so a 2 MB upload holding a stream of 2 GiB of zeros
 * (a decompression bomb) would hold a core for the whole job time limit and end
 * in a timeout rather than a clear 400.
 *
 * Flate streams (nearly all) are inflated here in zlib's thread pool and counted,
 * never kept; other filter chains are decoded by qpdf and counted the same way.
 */
export async function refuseContentBombs(file: InputFile, limit: number, context: { workspace: Workspace; engine: EngineOptions }): Promise<void> {
  const folder = context.workspace.newPath();
  await mkdir(folder);
  try {
    const streams = await copyNonImageStreams(file.path, join(folder, 'stream'), context.engine);
    let remaining = limit;
    for (const stream of streams) {
      remaining -= await decodedSize(file.path, stream, remaining, context.engine);
      if (remaining < 0) throw ApiError.contentTooLarge(file.originalName, Math.round(limit / 1024 / 1024));
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function decodedSize(pdf: string, stream: StoredStream, limit: number, engine: EngineOptions): Promise<number> {
  const { filters } = stream;
  if (filters && filters.length === 0) return (await stat(stream.dataFile)).size;
  if (filters && filters.length === 1 && filters[0] === '/FlateDecode') return inflatedSize(stream.dataFile, limit);
  try {
    return await decodedStreamSize(pdf, stream.object, limit, engine);
  } catch {
    // A stream qpdf cannot decode stopped short of the limit; the converter will meet the damage itself.
    return 0;
  }
}

/** Bytes the file inflates to, up to `limit + 1`; a broken stream counts what came out before the break, as viewers read it. */
function inflatedSize(path: string, limit: number): Promise<number> {
  return new Promise((resolve) => {
    let bytes = 0;
    const source = createReadStream(path);
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    const finish = (size: number) => {
      source.destroy();
      inflate.destroy();
      resolve(size);
    };
    inflate.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) finish(limit + 1);
    });
    inflate.on('end', () => finish(bytes));
    inflate.on('error', () => finish(bytes));
    source.on('error', () => finish(bytes));
    source.pipe(inflate);
  });
}
