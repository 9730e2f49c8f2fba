import { writeFile } from 'node:fs/promises';
import { measureOutput, runProcess, type EngineOptions } from '../process';
import { readObjects, type QpdfObjects } from './qpdf-objects';
import { OK, QPDF, classify, readJson } from './qpdf-process';

/** A PDF's streams through qpdf: listed, copied out as stored or decoded, measured without holding them. */

/** A stream as the file stores it, its bytes copied out still encoded. */
export interface StoredStream {
  /** Object number. */
  object: number;
  /** Filters in decoding order, e.g. ['/FlateDecode']; undefined when the listing cannot say (an indirect /Filter). */
  filters: string[] | undefined;
  /** The encoded bytes. */
  dataFile: string;
}

/** A stream object and its dictionary, as qpdf lists it (nothing decoded). */
export interface ListedStream {
  /** Object and generation, e.g. '12 0'. */
  ref: string;
  dict: Record<string, unknown>;
}

/** A stream's data, decoded, as text (an XMP packet). `ref` e.g. '12 0 R' */
export async function readStreamText(path: string, ref: string, options: EngineOptions): Promise<string> {
  const [id, generation] = ref.split(' ');
  try {
    return (await runProcess(QPDF, [`--show-object=${id},${generation}`, '--filtered-stream-data', path], { ...options, okExitCodes: OK })).stdout;
  } catch (error) {
    throw classify(error);
  }
}

/** Every stream object in the file with its dictionary (one qpdf call, no stream data read). */
export async function listStreams(path: string, options: EngineOptions): Promise<ListedStream[]> {
  return Object.entries((await readObjects(path, options)).objects).flatMap(([key, entry]) =>
    key.startsWith('obj:') && entry.stream ? [{ ref: key.slice('obj:'.length), dict: entry.stream.dict }] : [],
  );
}

/**
 * Copies out the given streams' bytes, undecoded, into files named after
 * `prefix`: what they inflate to can then be weighed without trusting the file.
 */
export async function copyStreams(path: string, refs: readonly string[], prefix: string, options: EngineOptions): Promise<StoredStream[]> {
  if (refs.length === 0) return [];
  // Thousands of objects would overflow a command line: qpdf reads arguments from a file named after '@'.
  const argumentFile = `${prefix}arguments`;
  await writeFile(argumentFile, refs.map((ref) => `--json-object=${ref}`).join('\n'));
  const copied = await readJson<{ qpdf: [unknown, QpdfObjects] }>(
    path,
    ['--json-key=qpdf', '--json-stream-data=file', `--json-stream-prefix=${prefix}`, '--decode-level=none', `@${argumentFile}`],
    options,
  );
  return Object.entries(copied.qpdf[1]).flatMap(([key, entry]) => {
    if (!entry.stream?.datafile) return [];
    const filter = entry.stream.dict['/Filter'];
    const filters =
      filter === undefined
        ? []
        : typeof filter === 'string' && filter.startsWith('/')
          ? [filter]
          : Array.isArray(filter) && filter.every((f) => typeof f === 'string' && f.startsWith('/'))
            ? (filter as string[])
            : undefined;
    return [{ object: Number(key.slice('obj:'.length).split(' ')[0]), filters, dataFile: entry.stream.datafile }];
  });
}

/**
 * How many bytes a stream decodes to (qpdf's decoders, streamed, nothing held),
 * counting no further than `limit`: past it, answers `limit + 1`.
 */
export async function decodedStreamSize(path: string, object: number, limit: number, options: EngineOptions): Promise<number> {
  try {
    return await measureOutput(QPDF, [`--show-object=${object}`, '--filtered-stream-data', path], limit, { ...options, okExitCodes: OK });
  } catch (error) {
    throw classify(error);
  }
}

/**
 * Copies out the given streams' data decoded by qpdf's decoders (Flate with
 * predictors, LZW, run-length, the ASCII encodings; not images' DCT or JBIG2)
 * into files named after `prefix`; `filters` are those left undone. Weigh each
 * first with `decodedStreamSize`: this writes whatever they inflate to.
 */
export async function copyDecodedStreams(path: string, refs: readonly string[], prefix: string, options: EngineOptions): Promise<StoredStream[]> {
  if (refs.length === 0) return [];
  const argumentFile = `${prefix}arguments`;
  await writeFile(argumentFile, refs.map((ref) => `--json-object=${ref}`).join('\n'));
  const copied = await readJson<{ qpdf: [unknown, QpdfObjects] }>(
    path,
    ['--json-key=qpdf', '--json-stream-data=file', `--json-stream-prefix=${prefix}`, '--decode-level=generalized', `@${argumentFile}`],
    options,
  );
  return Object.entries(copied.qpdf[1]).flatMap(([key, entry]) => {
    if (!entry.stream?.datafile) return [];
    const filter = entry.stream.dict['/Filter'];
    const filters = filter === undefined ? [] : typeof filter === 'string' ? [filter] : Array.isArray(filter) ? (filter as string[]) : undefined;
    return [{ object: Number(key.slice('obj:'.length).split(' ')[0]), filters, dataFile: entry.stream.datafile }];
  });
}
