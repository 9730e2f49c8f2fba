import { Inject } from '@nestjs/common';
import { compressTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { decrypt } from '../../engines/qpdf';
import { InvalidInputError } from '../../input-checks/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { InvalidTargetSizeError, LEVELS, parseTargetSize } from './compression-levels';
import { Compressor, workerCount, type Built } from './compressor';

/**
 * Compress PDF: qpdf rewrites the upload (decrypted, repaired), MuPDF with
 * Pillow and fontTools recode its streams in parallel processes (images per
 * their use, fonts subset), qpdf writes the result compactly. Never larger
 * than the upload: if nothing is smaller, the upload comes back unchanged.
 */
@ToolProcessor(compressTool)
export class CompressProcessor implements Processor<typeof compressTool> {
  // Pages' drawing commands are traced (image placements, glyphs used).
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof compressTool>): Promise<ProcessorOutput> {
    const target = targetSize(params.expectedOutputSize);
    const base = workspace.newPath('.pdf');
    await decrypt(file.path, base, engine);
    const compressor = new Compressor(
      base,
      (file.pageCount ?? 1) + Math.ceil(file.size / (5 * 1024 * 1024)),
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

    let result: Built;
    let met: boolean | undefined;
    if (target === undefined) {
      result = await compressor.atLevel(LEVELS[params.optimizeLevel]);
    } else {
      const outcome = await compressor.toTarget(target);
      result = outcome;
      met = outcome.met;
    }

    // Never larger than the upload: then the upload itself, byte for byte.
    const unchanged = result.size >= file.size;
    const size = unchanged ? file.size : result.size;
    const headers: Record<string, string> = {
      'X-Compression-Outcome': unchanged ? 'already-optimised' : 'compressed',
      'X-Compression-Original-Size': String(file.size),
      'X-Compression-Result-Size': String(size),
    };
    if (target !== undefined) {
      headers['X-Compression-Target-Size'] = String(target);
      headers['X-Compression-Target-Met'] = String(unchanged ? file.size <= target : met);
    }
    if (!unchanged && result.point) headers['X-Compression-Images'] = `${result.point[0]} dpi, JPEG quality ${result.point[1]}`;
    return { path: unchanged ? file.path : result.path, headers };
  }
}

function targetSize(text: string | undefined): number | undefined {
  try {
    return parseTargetSize(text);
  } catch (error) {
    if (error instanceof InvalidTargetSizeError) throw new InvalidInputError(compressTool.fields.expectedOutputSize.invalid);
    throw error;
  }
}
