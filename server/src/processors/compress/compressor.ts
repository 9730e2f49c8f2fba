import { stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { optimiseJpeg } from '../../engines/jpegtran';
import {
  compressDocument,
  probeImageSizes,
  recodeStreams,
  startCompressionSession,
  type CompressionPass,
  type CompressionSession,
  type LooksBar,
  type SessionReference,
  type FontSubset,
  type ImageSizes,
  type PdfAnalysis,
  type RecodeSettings,
  type StreamChange,
  type StreamInfo,
  type StreamOutcome,
} from '../../engines/pdf-compress';
import type { EngineOptions } from '../../engines/process';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { readSomeObjects } from '../../engines/qpdf/qpdf-objects';
import { writeWithUpdates, type CompactWriteOptions } from '../../engines/qpdf/qpdf-rewrites';
import type { Workspace } from '../../workspace/workspace';
import { between, RESAMPLE_THRESHOLD, SEARCH_GRID, type LevelSettings } from './compression-levels';
import { buildUpdate, objectsToRead } from './stream-updates';

/** Streams smaller than this are not worth a data file of their own. */
const MIN_STREAM_BYTES = 64;
/** JPEGs from this size on are offered to jpegtran. */
const MIN_JPEGTRAN_BYTES = 8 * 1024;

export interface CompressionOptions {
  grayscale: boolean;
  lineArt?: { threshold: number; edgeLevel: number };
  write: CompactWriteOptions;
  /** Processes to share the image work between (cores, within the engines' concurrency). */
  workers: number;
  maxDecodedBytes: number;
}

/** A written candidate. */
export interface Built {
  path: string;
  size: number;
  /** The [dpi, quality] its pictures were stored at, for lossy results. */
  point?: readonly [number, number];
}

/** What the target-size search ends with: the result and whether it fits. */
export interface SearchOutcome extends Built {
  met: boolean;
}

/**
 * One document's compression: one pass analyses it and recodes every stream
 * (and subsets fonts) in parallel processes; JPEGs kept are given to
 * jpegtran; qpdf writes the result from the base file. The target-size search
 * makes the lossless pass once and then recodes only images per candidate.
 */
export class Compressor {
  constructor(
    private readonly base: string,
    /**
     * How much work the document is, in pages, for the engines' watchdog: its pages and
     * one more per 5 MB (a one-page poster can hold a picture of hundreds of megabytes).
     */
    private readonly pages: number,
    private readonly options: CompressionOptions,
    private readonly workspace: Workspace,
    private readonly engine: EngineOptions,
  ) {}

  /** The document at one level (1–9). */
  async atLevel(level: LevelSettings): Promise<Built> {
    return this.fromPass(await this.pass(level), level);
  }

  /**
   * The pass at one level made by a session that goes on to check the candidates
   * against `reference` (see `startCompressionSession`); `fromPass` writes its result.
   */
  startSession(level: LevelSettings, reference: SessionReference, bar: LooksBar): CompressionSession {
    return startCompressionSession(
      this.base,
      this.settings(level),
      { fonts: level.level >= 3, workers: this.options.workers, outputPrefix: this.workspace.newPath('-') },
      reference,
      bar,
      this.pages,
      this.workspace,
      this.engine,
    );
  }

  /** The document at one level from its pass. */
  async fromPass(pass: CompressionPass, level: LevelSettings): Promise<Built> {
    const changes = await this.withJpegtran(pass.results, level.level);
    const built = await this.write(changes, pass.fonts, pass.analysis);
    return level.dpi && level.quality ? { ...built, point: [level.dpi, level.quality] } : built;
  }

  /**
   * The best quality that fits `target` bytes: the lossless result if it fits,
   * else the ladder's point (SEARCH_GRID, refined between its neighbours) whose
   * predicted size fits, predicted from every image's size at every point in
   * one decoding pass; checked by writing it, and stepped down if it still does
   * not fit. When nothing fits, the smallest result reached.
   */
  async toTarget(target: number): Promise<SearchOutcome> {
    const pass = await this.pass({ level: 3 });
    const losslessChanges = await this.withJpegtran(pass.results, 3);
    const first = await this.write(losslessChanges, pass.fonts, pass.analysis);
    const dropped = new Set(pass.analysis.duplicates.flatMap((group) => group.slice(1)));
    const images = pass.analysis.streams.filter((s) => s.image && !dropped.has(s.xref) && s.size >= MIN_STREAM_BYTES);
    if (first.size <= target || images.length === 0) return { ...first, met: first.size <= target };

    // Each image's size in the lossless result (JPEGs there went through jpegtran, which the probe does not do).
    const losslessSize = new Map(images.map((image) => [image.xref, image.size]));
    for (const change of losslessChanges) if (losslessSize.has(change.xref)) losslessSize.set(change.xref, change.newSize);
    const fixed = first.size - [...losslessSize.values()].reduce((sum, size) => sum + size, 0);
    const predict = (sizes: ImageSizes[], index: number) =>
      fixed + sizes.reduce((sum, image) => sum + Math.min(losslessSize.get(image.xref) ?? image.base, image.sizes[index]), 0);

    const probe = await this.probe(images, SEARCH_GRID);
    let ladder: (readonly [number, number])[] = [...SEARCH_GRID];
    let predicted = ladder.map((_, index) => predict(probe, index));
    let fits = predicted.findIndex((size) => size <= target);
    if (fits > 0) {
      // Between the last point too large and the first that fits: finer steps.
      const finer = between(ladder[fits - 1], ladder[fits]);
      const refined = await this.probe(images, finer);
      ladder = [...finer, ...ladder.slice(fits)];
      predicted = [...finer.map((_, index) => predict(refined, index)), ...predicted.slice(fits)];
      fits = predicted.findIndex((size) => size <= target);
    }
    // Nothing fits: the smallest point. Otherwise the best that is predicted to fit, written and
    // weighed; when it does not fit after all, the prediction's error corrects the next choice.
    let best: Built = first;
    let index = fits < 0 ? ladder.length - 1 : fits;
    for (let attempt = 0; attempt < 4 && index < ladder.length; attempt++) {
      const built = await this.atPoint(ladder[index], images, losslessChanges, pass);
      if (built.size < best.size) best = built;
      if (built.size <= target || fits < 0) break;
      const error = built.size - predicted[index];
      const next = predicted.findIndex((size, i) => i > index && size + Math.max(0, error) <= target);
      index = next < 0 ? (index === ladder.length - 1 ? ladder.length : ladder.length - 1) : next;
    }
    return { ...best, met: best.size <= target };
  }

  /** qpdf's lossless rewrite of the base file alone (repaired, object streams, Flate at level 9, unused resources gone). */
  async rewrite(): Promise<Built> {
    const path = this.workspace.newPath('.pdf');
    try {
      await writeWithUpdates(this.base, path, undefined, this.options.write, this.engine);
    } catch (error) {
      if (!(error instanceof PdfCorruptedError)) throw error;
      await writeWithUpdates(this.base, path, undefined, { ...this.options.write, pagesAsTheyAre: true }, this.engine);
    }
    return { path, size: (await stat(path)).size };
  }

  /** Images recoded at one [dpi, quality] point, everything else as the lossless pass left it. */
  private async atPoint(
    point: readonly [number, number],
    images: readonly StreamInfo[],
    lossless: readonly StreamChange[],
    pass: CompressionPass,
  ): Promise<Built> {
    const settings = this.settings({ level: 9, dpi: point[0], quality: point[1] });
    const outcomes = await recodeStreams(
      this.base,
      images,
      settings,
      { workers: this.options.workers, outputPrefix: this.workspace.newPath('-') },
      this.pages,
      this.workspace,
      this.engine,
    );
    const lossy = outcomes.filter((o): o is StreamChange => 'newSize' in o);
    // Per stream, the smaller of its lossless and its new form.
    const chosen = new Map<number, StreamChange>();
    for (const change of [...lossless, ...lossy]) {
      const current = chosen.get(change.xref);
      if (!current || change.newSize < current.newSize) chosen.set(change.xref, change);
    }
    return { ...(await this.write([...chosen.values()], pass.fonts, pass.analysis)), point };
  }

  private pass(level: LevelSettings): Promise<CompressionPass> {
    return compressDocument(
      this.base,
      this.settings(level),
      { fonts: level.level >= 3, workers: this.options.workers, outputPrefix: this.workspace.newPath('-') },
      this.pages,
      this.workspace,
      this.engine,
    );
  }

  private settings(level: LevelSettings): RecodeSettings {
    return {
      level: level.level,
      dpi: level.dpi,
      quality: level.quality,
      grayscale: this.options.grayscale,
      threshold: RESAMPLE_THRESHOLD,
      lineArt: this.options.lineArt,
      maxDecodedBytes: this.options.maxDecodedBytes,
      minJpegtranBytes: MIN_JPEGTRAN_BYTES,
    };
  }

  private async probe(images: readonly StreamInfo[], grid: readonly (readonly [number, number])[]): Promise<ImageSizes[]> {
    return probeImageSizes(this.base, images, this.settings({ level: 3 }), grid, this.options.workers, this.pages, this.workspace, this.engine);
  }

  /** The script's changes, plus JPEGs it kept rewritten by jpegtran where that is smaller (levels 2 and up). */
  private async withJpegtran(outcomes: readonly StreamOutcome[], level: number): Promise<StreamChange[]> {
    const changes = outcomes.filter((o): o is StreamChange => 'newSize' in o);
    if (level < 2) return changes;
    const jpegs = outcomes.filter((o) => 'jpeg' in o) as Extract<StreamOutcome, { jpeg: true }>[];
    const optimised = await Promise.all(
      jpegs.map(async (jpeg): Promise<StreamChange | undefined> => {
        // A JPEG taken out of its wrapping filters is already a change: the stream is then the JPEG alone.
        const unwrap = jpeg.unwrapped ? { Unwrap: true as const } : {};
        let best = jpeg.unwrapped ? { file: jpeg.file, newSize: (await stat(jpeg.file)).size } : undefined;
        const output = `${jpeg.file}.opt`;
        try {
          await optimiseJpeg(jpeg.file, output, this.engine);
          const newSize = (await stat(output)).size;
          if (newSize < (best?.newSize ?? jpeg.size)) best = { file: output, newSize };
        } catch {
          // a JPEG jpegtran cannot read stays as it is
        }
        return best && best.newSize < jpeg.size
          ? { xref: jpeg.xref, file: best.file, size: jpeg.size, newSize: best.newSize, changes: unwrap, lossy: false }
          : undefined;
      }),
    );
    return [...changes, ...optimised.filter((c): c is StreamChange => c !== undefined)];
  }

  /** Writes the base file with these changes as compactly as qpdf can. */
  private async write(changes: readonly StreamChange[], fonts: readonly FontSubset[], analysis: PdfAnalysis): Promise<Built> {
    const input = { streams: changes, fonts, duplicates: analysis.duplicates, referrers: analysis.referrers, unshown: analysis.unshown ?? [] };
    const { objects, maxObjectId } = await readSomeObjects(this.base, objectsToRead(input), this.engine, this.workspace.newPath('.args'));
    const update = buildUpdate(input, objects);
    let updateFile: string | undefined;
    if (Object.keys(update).length > 0) {
      updateFile = this.workspace.newPath('.json');
      const header = { jsonversion: 2, pushedinheritedpageresources: false, calledgetallpages: false, maxobjectid: maxObjectId };
      await writeFile(updateFile, JSON.stringify({ qpdf: [header, update] }));
    }
    const path = this.workspace.newPath('.pdf');
    // Unused pictures are known from the analysis; unused fonts are not, and are left where pages list their own.
    const writeOptions: CompactWriteOptions = { ...this.options.write, unusedResources: analysis.undrawnImages > 0 ? 'all' : 'shared' };
    try {
      await writeWithUpdates(this.base, path, updateFile, writeOptions, this.engine);
    } catch (error) {
      // A page tree qpdf will not walk (a loop, say) that it could still copy: pages left as they are.
      if (!(error instanceof PdfCorruptedError)) throw error;
      await writeWithUpdates(this.base, path, updateFile, { ...writeOptions, pagesAsTheyAre: true }, this.engine);
    }
    return { path, size: (await stat(path)).size };
  }
}

/** Processes for the image work: the machine's cores, within the engines' concurrency. */
export function workerCount(engineConcurrency: number): number {
  return Math.max(1, Math.min(availableParallelism(), engineConcurrency));
}
