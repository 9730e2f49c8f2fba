import { runProcess, type EngineOptions } from './process';

/**
 * jpegtran (libjpeg-turbo-progs): rewrites a JPEG without decoding its pixels,
 * so nothing is lost: optimised Huffman tables and progressive order, extra
 * markers (Exif, comments, ICC: a PDF's /ColorSpace governs) dropped. Adobe's
 * marker, which says how the colours are stored, is kept by libjpeg itself.
 */
const JPEGTRAN = '/usr/bin/jpegtran';

/** Writes `output` as the same picture as `input`, usually a few percent smaller. Throws EngineFailedError for a JPEG it cannot read. */
export async function optimiseJpeg(input: string, output: string, options: EngineOptions): Promise<void> {
  await runProcess(JPEGTRAN, ['-copy', 'none', '-optimize', '-progressive', '-outfile', output, input], { ...options, watchdogMs: 30_000 });
}
