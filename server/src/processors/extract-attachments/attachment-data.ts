import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createInflate } from 'node:zlib';
import type { EngineOptions } from '../../engines/process';
import { copyDecodedStreams, decodedStreamSize, type StoredStream } from '../../engines/qpdf/qpdf-streams';

/**
 * An embedded file's data, decoded to a file of its own without ever being
 * held whole in memory, and given up as soon as it decodes past `limit`
 * bytes (a compressed stream may inflate to gigabytes).
 *
 * Nearly every producer stores attachments as they are or Flate-compressed:
 * those are inflated here from the stored bytes qpdf copied out for all of
 * them in one run. Anything else (other filters, predictors, data zlib
 * refuses) is weighed by qpdf's decoders first and then decoded by qpdf, two
 * runs for that file alone.
 */
export async function decodeAttachment(
  pdf: string,
  stored: StoredStream,
  decodeParms: unknown,
  output: string,
  limit: number,
  engine: EngineOptions,
): Promise<number | 'too large'> {
  const inNode = stored.filters !== undefined && decodeParms === undefined && stored.filters.every((filter) => filter === '/FlateDecode' || filter === '/Fl');
  if (inNode) {
    const decoded = await decodeInNode(stored.dataFile, stored.filters!.length, output, limit);
    if (decoded !== 'refused') return decoded;
  }
  const size = await decodedStreamSize(pdf, stored.object, limit, engine);
  if (size > limit) return 'too large';
  const [copied] = await copyDecodedStreams(pdf, [`${stored.object} 0 R`], `${output}-qpdf`, engine);
  if (!copied) return 'too large';
  await rename(copied.dataFile, output);
  return size;
}

/** Past the limit: the decoding stops there. */
class OverLimitError extends Error {}

/** Counts what passes through, failing past `limit` bytes. */
class ByteLimit extends Transform {
  bytes = 0;
  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) done(new OverLimitError());
    else done(null, chunk);
  }
}

/**
 * `path` inflated `layers` times (none: copied as it is) into `output`;
 * 'too large' past `limit`, 'refused' when zlib cannot read the data (qpdf,
 * which reads damaged data as far as it goes, decides then).
 */
async function decodeInNode(path: string, layers: number, output: string, limit: number): Promise<number | 'too large' | 'refused'> {
  const counter = new ByteLimit(limit);
  const inflaters = Array.from({ length: layers }, () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }));
  try {
    await pipeline([createReadStream(path), ...inflaters, counter, createWriteStream(output)]);
    return counter.bytes;
  } catch (error) {
    await rm(output, { force: true });
    return error instanceof OverLimitError ? 'too large' : 'refused';
  }
}
