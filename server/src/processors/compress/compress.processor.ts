import { Inject } from '@nestjs/common';
import { compressTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { externaliseInlineImages } from '../../engines/qpdf/qpdf-rewrites';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { LEVELS } from './compression-levels';
import { chooseAtLevel, type Method } from './candidates';
import { Compressor, workerCount, type Built } from './compressor';

/** Inline images (BI … EI) from this many bytes of data become image objects, which the recoder can reach. */
const INLINE_IMAGE_MIN_BYTES = 4096;

/**
 * Compress PDF: qpdf rewrites the upload (decrypted, repaired, large inline
 * images made image objects), MuPDF with Pillow and fontTools recode its
 * streams in parallel processes (images per their use, fonts subset), qpdf
 * writes the result compactly. At a level, Ghostscript's pdfwrite makes a
 * rival at the matching preset and the smallest that keeps every page looking
 * the same (and its text, links, bookmarks, fields and attachments) wins
 * (candidates.ts). Never larger than the upload: if nothing is smaller, the
 * upload comes back unchanged, unless it is damaged: then it comes back repaired.
 */
@ToolProcessor(compressTool)
export class CompressProcessor implements Processor<typeof compressTool> {
  // Pages' drawing commands are traced (image placements, glyphs used).
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof compressTool>): Promise<ProcessorOutput> {
    // Bytes, read by the declaration's size field.
    const target = params.expectedOutputSize;
    const base = workspace.newPath('.pdf');
    // Ghostscript reads the upload itself: its candidate is started while this is written (candidates.ts).
    const baseWritten = externaliseInlineImages(file.path, base, engine, INLINE_IMAGE_MIN_BYTES);
    // Settled here too, so that a failure while the rival starts is not an unhandled rejection.
    baseWritten.catch(() => undefined);
    const pages = file.pageCount ?? 1;
    const compressor = new Compressor(
      base,
      pages + Math.ceil(file.size / (5 * 1024 * 1024)),
      {
        grayscale: params.grayscale,
        lineArt: params.lineArt ? { threshold: params.lineArtThreshold, edgeLevel: params.lineArtEdgeLevel } : undefined,
        write: { linearize: params.linearize, normalizeContent: params.normalize },
        workers: workerCount(this.config.engineConcurrency),
        maxDecodedBytes: this.config.maxDecodedContentBytes,
      },
      workspace,
      engine,
    );

    let result: (Built & { method?: Method }) | undefined;
    let met: boolean | undefined;
    let repaired = false;
    if (target === undefined) {
      const choice = await chooseAtLevel(
        { path: file.path, size: file.size, pages },
        baseWritten,
        LEVELS[params.optimizeLevel],
        compressor,
        workspace,
        engine,
        params.grayscale || params.lineArt,
      );
      result = choice.chosen;
      repaired = choice.repaired;
    } else {
      await baseWritten;
      const outcome = await compressor.toTarget(target);
      result = { ...outcome, method: 'folio' };
      met = outcome.met;
      if (result.size >= file.size) result = undefined;
    }

    // Never larger than the upload: then the upload itself, byte for byte (a damaged one is answered repaired).
    const size = result ? result.size : file.size;
    const headers: Record<string, string> = {
      'X-Compression-Outcome': !result ? 'already-optimised' : result.size < file.size ? 'compressed' : 'repaired',
      'X-Compression-Original-Size': String(file.size),
      'X-Compression-Result-Size': String(size),
    };
    if (result?.method) headers['X-Compression-Method'] = result.method;
    if (repaired) headers['X-Compression-Repaired'] = 'true';
    if (target !== undefined) {
      headers['X-Compression-Target-Size'] = String(target);
      headers['X-Compression-Target-Met'] = String(result ? met : file.size <= target);
    }
    if (result?.method === 'folio' && result.point) headers['X-Compression-Images'] = `${result.point[0]} dpi, JPEG quality ${result.point[1]}`;
    return { path: result ? result.path : file.path, headers };
  }
}
