import type { EngineOptions } from '../process';
import { run } from './qpdf-process';

/** A PDF written with its streams decoded, for reading by hand (Decompress PDF). */

/**
 * Filters qpdf undoes without loss at `--decode-level=specialized`, by their
 * full and abbreviated names: the general-purpose ones and RunLength. A
 * stream is decoded only when every filter of its chain is one of these;
 * images' codecs (DCT, JPX, JBIG2, CCITT) stay, and so does any chain holding one.
 */
export const LOSSLESS_FILTERS: ReadonlySet<string> = new Set([
  '/FlateDecode',
  '/Fl',
  '/LZWDecode',
  '/LZW',
  '/ASCII85Decode',
  '/A85',
  '/ASCIIHexDecode',
  '/AHx',
  '/RunLengthDecode',
  '/RL',
]);

/**
 * Writes `output` as `input` with every stream whose filters are all
 * `LOSSLESS_FILTERS` stored decoded (its /Filter and /DecodeParms gone), no
 * object streams and a plain cross-reference table, nothing compressed anew;
 * decrypted. qpdf holds each stream it writes in memory, decoded: weigh the
 * streams first (a decompression bomb inflates here).
 */
export async function writeDecompressed(input: string, output: string, options: EngineOptions): Promise<void> {
  await run([input, '--decrypt', '--stream-data=uncompress', '--decode-level=specialized', '--object-streams=disable', output], options);
}
