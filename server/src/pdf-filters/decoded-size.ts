import { createReadStream } from 'node:fs';
import type { Transform } from 'node:stream';
import { constants, createInflate } from 'node:zlib';
import { Ascii85Decoder, AsciiHexDecoder } from './ascii-filters';
import { LzwDecoder, RunLengthDecoder } from './lzw-run-length';

/** Decoders for the lossless filters Node reads itself, by their full and abbreviated names; LZW with its /EarlyChange. */
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

/**
 * Node's decoders for a stream's filter chain, in order, given its
 * /DecodeParms (one dictionary, or an array beside the filters); undefined when
 * a filter is not one Node reads or its parameters cannot be known (named
 * indirectly): such a stream is left to qpdf's decoders.
 */
export function nodeDecoders(filters: readonly string[], parms: unknown): Transform[] | undefined {
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

/**
 * Bytes the file decodes to through `decoders` in turn, counted and never
 * kept, up to `limit + 1`; a broken stream counts what came out before the
 * break, as viewers and qpdf read it.
 */
export function countDecoded(path: string, decoders: Transform[], limit: number): Promise<number> {
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
