import { readFile, rename } from 'node:fs/promises';
import { engineScript } from './engine-scripts';
import { PdfCorruptedError } from './pdf-errors';
import { pageWatchdog, runProcess, type EngineOptions, type ScratchFiles } from './process';
import { writeForEngines } from './confinement';

/**
 * MuPDF (PyMuPDF, Debian's python3-fitz) with Pillow and fontTools, driven by
 * a script kept with the server (server/src/engines/pdf-compress.py and its
 * compress_*.py modules): reads a PDF
 * and writes new data for its streams (images re-encoded, Flate deflated
 * harder, fonts subset) into files of the job's folder. It never writes a PDF:
 * qpdf puts the new data in (see qpdf.ts `writeWithUpdates`). Always run on a
 * file qpdf has already rewritten, so both number its objects alike.
 */

const PYTHON = '/usr/bin/python3';
const SCRIPT = engineScript('pdf-compress.py');
/** The modules the script imports from beside it: the sandbox lets it read only what is listed. */
const MODULES = ['compress_streams.py', 'compress_analysis.py', 'compress_images.py', 'compress_fonts.py', 'compress_compare.py'].map(engineScript);

/** One stream of the document, as the analysis found it. */
export interface StreamInfo {
  /** Object number. */
  xref: number;
  /** Bytes as stored (still encoded). */
  size: number;
  /** An image XObject. */
  image?: boolean;
  /** The lowest resolution the image is shown at, per axis, over all its placements on pages; absent when not shown on a page. */
  dpiX?: number;
  dpiY?: number;
  /** The image is another image's soft mask. */
  softMask?: boolean;
}

export interface PdfAnalysis {
  pages: number;
  streams: StreamInfo[];
  /** Groups of identical streams (same dictionary, same bytes): the first is kept, the others are duplicates of it. */
  duplicates: number[][];
  /** For each duplicate's object number, the objects that refer to it ('trailer' for the trailer). */
  referrers: Record<string, (number | 'trailer')[]>;
  /** The document has optional content (layers). */
  optionalContent: boolean;
  /** Entries holding what no page shows (page thumbnails, editors' /PieceInfo), to be removed. e.g. `{ xref: 5, keys: ['/Thumb'] }` */
  unshown: { xref: number; keys: string[] }[];
  /** Pictures no page draws (named in a page's resources, or stored, for nothing), soft masks aside. */
  undrawnImages: number;
}

/** How the script stores images in one run. */
export interface RecodeSettings {
  /** 1–3 lossless (2 and up: images stored better); 4–9 lossy images where `dpi` and `quality` are set. */
  level: number;
  /** Resolution pictures are resampled to where shown finer (times `threshold`). */
  dpi?: number;
  /** JPEG quality, 1–100. */
  quality?: number;
  grayscale: boolean;
  /** Resample only images shown finer than dpi × threshold. e.g. 1.1 */
  threshold: number;
  /** Turn pictures into black-and-white line art: threshold in percent of brightness, edge emphasis 1–3. */
  lineArt?: { threshold: number; edgeLevel: number };
  /** Most bytes one stream may decode to; larger ones are left as they are. */
  maxDecodedBytes: number;
  /** JPEGs at least this large are offered for lossless Huffman optimisation (jpegtran). */
  minJpegtranBytes: number;
}

/** A stream's new data and how its dictionary changes (keys without the slash; null removes). */
export interface StreamChange {
  xref: number;
  /** File holding the new (encoded) data. */
  file: string;
  size: number;
  newSize: number;
  changes: StreamDictChanges;
  lossy: boolean;
}

export interface StreamDictChanges {
  Filter?: string;
  DecodeParms?: Record<string, unknown> | null;
  Width?: number;
  Height?: number;
  BitsPerComponent?: number;
  ColorSpace?: string;
  Decode?: null;
  /** An /Indexed colour space over the image's own (or DeviceGray when `grey`), palette as hex. */
  Indexed?: { hival: number; palette: string; grey: boolean };
  /** The data is the last filter's own (a chain's wrapping filters undone): only that filter and its parameters stay. */
  Unwrap?: true;
}

/** A JPEG kept as it is, its bytes copied out for jpegtran. */
export interface KeptJpeg {
  xref: number;
  jpeg: true;
  file: string;
  size: number;
  /** The stream wrapped the JPEG in other filters (ReportLab's [/ASCII85Decode /DCTDecode]): `file` holds it without them. */
  unwrapped?: boolean;
}

/** A stream the script could not read; it stays as it is. */
export interface SkippedStream {
  xref: number;
  skipped: string;
}

export type StreamOutcome = StreamChange | KeptJpeg | SkippedStream;

/** Sizes one image would take at each point of a search grid (the smaller of its current and new storage). */
export interface ImageSizes {
  xref: number;
  size: number;
  /** Its size stored losslessly (as levels 1–3 do). */
  base: number;
  sizes: number[];
}

/** A font program replaced by its subset, and the fonts that use it (renamed with the subset tag). */
export interface FontSubset {
  xref: number;
  file: string;
  size: number;
  newSize: number;
  /** Bytes of the font program uncompressed (/Length1). */
  length1: number;
  glyphs: number;
  /** Six capital letters for the names (PDF 9.6.4). */
  tag: string;
  fonts: { font: number; descendant: number | null; descriptor: number }[];
}

/** The script's answer for a document MuPDF cannot open. */
interface Damaged {
  error: 'damaged';
  reason: string;
}

async function runScript<T>(request: Record<string, unknown>, pages: number, workspace: ScratchFiles, options: EngineOptions): Promise<T> {
  const requestFile = workspace.newPath('.json');
  await writeForEngines(requestFile, JSON.stringify(request));
  const { stdout } = await runProcess(PYTHON, ['-I', '-B', SCRIPT, requestFile], {
    ...options,
    readable: [SCRIPT, ...MODULES],
    okExitCodes: [0, 2],
    watchdogMs: pageWatchdog(pages),
    maxBuffer: 256 * 1024 * 1024,
  });
  const answer = JSON.parse(stdout) as T | Damaged;
  if ((answer as Damaged).error === 'damaged') throw new PdfCorruptedError(undefined, `MuPDF: ${(answer as Damaged).reason}`);
  return answer as T;
}

/** What `compressDocument` answers: the analysis, each stream's outcome, and the fonts subset. */
export interface CompressionPass {
  analysis: PdfAnalysis;
  results: StreamOutcome[];
  fonts: FontSubset[];
}

/**
 * Analyses the document, then recodes every stream (but duplicates and tiny
 * ones) at `settings` and, with `fonts`, subsets its fonts: one process that
 * shares the work out to `workers` processes of its own. New data goes to
 * files named after `outputPrefix`.
 */
export function compressDocument(
  input: string,
  settings: RecodeSettings,
  run: { fonts: boolean; workers: number; outputPrefix: string },
  pages: number,
  workspace: ScratchFiles,
  options: EngineOptions,
): Promise<CompressionPass> {
  return runScript<CompressionPass>(
    { command: 'compress', input, settings, fonts: run.fonts, workers: run.workers, outputPrefix: run.outputPrefix, maxDecodedBytes: settings.maxDecodedBytes },
    pages,
    workspace,
    options,
  );
}

/** Recodes the given streams at `settings`, shared out to `workers` processes. */
export async function recodeStreams(
  input: string,
  tasks: readonly StreamInfo[],
  settings: RecodeSettings,
  run: { workers: number; outputPrefix: string },
  pages: number,
  workspace: ScratchFiles,
  options: EngineOptions,
): Promise<StreamOutcome[]> {
  if (tasks.length === 0) return [];
  const answer = await runScript<{ results: StreamOutcome[] }>(
    { command: 'work', input, tasks, settings, ...run, maxDecodedBytes: settings.maxDecodedBytes },
    pages,
    workspace,
    options,
  );
  return answer.results;
}

/** For each image, the size it would take at each [dpi, quality] point (nothing written). */
export async function probeImageSizes(
  input: string,
  images: readonly StreamInfo[],
  settings: RecodeSettings,
  grid: readonly (readonly [number, number])[],
  workers: number,
  pages: number,
  workspace: ScratchFiles,
  options: EngineOptions,
): Promise<ImageSizes[]> {
  if (images.length === 0) return [];
  const request = {
    command: 'work',
    input,
    tasks: images,
    settings,
    grid,
    workers,
    outputPrefix: workspace.newPath('-'),
    maxDecodedBytes: settings.maxDecodedBytes,
  };
  return (await runScript<{ sizes: ImageSizes[] }>(request, pages, workspace, options)).sizes;
}

const COMPARE_SCRIPT = engineScript('pdf-compare.py');
const COMPARE_MODULE = engineScript('compress_compare.py');

/** How close a candidate's pages must stay to the original's (grey renders, see pdf-compare.py). */
export interface LooksBar {
  /** Lowest SSIM any sampled page may have. e.g. 0.93 */
  minSsim: number;
  /** Lowest PSNR any sampled page may have, dB. e.g. 28 */
  minPsnr: number;
  /** Resolution pages are rendered at for the comparison. e.g. 50 */
  dpi: number;
  /** Most pages rendered; a longer document has that many sampled over its length. e.g. 12 */
  samplePages: number;
}

/** One candidate's check: passed, or the problems found (text, links, bookmarks, fields, attachments, metadata, pages' looks). */
export interface CandidateCheck {
  path: string;
  passed: boolean;
  worstSsim: number;
  worstPsnr: number;
  worstPage: number;
  problems: string[];
}

export interface Comparison {
  /** MuPDF had to rebuild the reference's structure: the upload is damaged. */
  referenceRepaired: boolean;
  /** In the order given; with `firstPass`, none after the first that passed. */
  results: CandidateCheck[];
}

/**
 * Checks each candidate against `reference` (MuPDF with numpy, server/src/engines/pdf-compare.py):
 * same pages, text, links, bookmarks, form fields, attachments and metadata,
 * and the sampled pages drawn alike within `bar`. With `cache` (a session's, see
 * `startCompressionSession`) the reference is not read again; with `uploadSize`, candidates no
 * smaller are checked only when the reference is damaged. A PdfCorruptedError when the reference
 * cannot be opened.
 */
export async function compareWithReference(
  reference: string,
  candidates: readonly string[],
  bar: LooksBar,
  options: { firstPass: boolean; pages: number; cache?: string; uploadSize?: number },
  workspace: ScratchFiles,
  engine: EngineOptions,
): Promise<Comparison> {
  const requestFile = workspace.newPath('.json');
  const { firstPass, cache, uploadSize } = options;
  await writeForEngines(requestFile, JSON.stringify({ reference, candidates, ...bar, firstPass, cache, uploadSize }));
  const { stdout } = await runProcess(PYTHON, ['-I', '-B', COMPARE_SCRIPT, requestFile], {
    ...engine,
    readable: [COMPARE_SCRIPT, COMPARE_MODULE],
    okExitCodes: [0, 2],
    watchdogMs: pageWatchdog(Math.min(options.pages, bar.samplePages) * (candidates.length + 1)),
    maxBuffer: 16 * 1024 * 1024,
  });
  const answer = JSON.parse(stdout) as { error?: string; reason?: string; reference: { repaired: boolean }; results: CandidateCheck[] };
  if (answer.error) throw new PdfCorruptedError(undefined, `MuPDF: ${answer.reason}`);
  return { referenceRepaired: answer.reference.repaired, results: answer.results };
}

/** What a session checks candidates against: the upload, read ahead into files named after `cache`. */
export interface SessionReference {
  path: string;
  cache: string;
  pages: number;
}

/** The candidates to check at the end of a session, and how (see `compareWithReference`). */
export interface SessionComparison {
  candidates: readonly string[];
  bar: LooksBar;
  firstPass: boolean;
  uploadSize?: number;
}

/**
 * One job's Python work in one process (pdf-compress.py's session): `compressDocument`'s pass,
 * the upload read for the comparison meanwhile, then, once the candidates are written, their
 * check against it (`compareWithReference`). Each Python start (MuPDF, numpy) costs a few hundred
 * milliseconds, as much as Ghostscript takes for a whole small file.
 */
export interface CompressionSession {
  /** The pass, once made; rejects when the script ends without one (PdfCorruptedError for a file MuPDF cannot open). */
  readonly pass: Promise<CompressionPass>;
  /** Checks the candidates, and ends the session. */
  compare(request: SessionComparison): Promise<Comparison>;
  /** Ends the session without a comparison; never rejects. */
  close(): Promise<void>;
}

export function startCompressionSession(
  input: string,
  settings: RecodeSettings,
  run: { fonts: boolean; workers: number; outputPrefix: string },
  reference: SessionReference,
  bar: LooksBar,
  pages: number,
  workspace: ScratchFiles,
  options: EngineOptions,
): CompressionSession {
  const compareRequest = workspace.newPath('.json');
  let announced: ((file: string) => void) | undefined;
  const passFile = new Promise<string>((resolve) => (announced = resolve));
  const finished = (async () => {
    const requestFile = workspace.newPath('.json');
    const ref = { reference: reference.path, cache: reference.cache, dpi: bar.dpi, samplePages: bar.samplePages };
    const request = {
      command: 'session',
      input,
      settings,
      fonts: run.fonts,
      workers: run.workers,
      outputPrefix: run.outputPrefix,
      maxDecodedBytes: settings.maxDecodedBytes,
      reference: ref,
      compareRequest,
    };
    await writeForEngines(requestFile, JSON.stringify(request));
    const sampled = Math.min(reference.pages, bar.samplePages);
    return runProcess(PYTHON, ['-I', '-B', SCRIPT, requestFile], {
      ...options,
      readable: [SCRIPT, ...MODULES],
      okExitCodes: [0, 2],
      // The pass's pages, the upload's sampled pages and those of up to three candidates.
      watchdogMs: pageWatchdog(pages + sampled * 4),
      maxBuffer: 16 * 1024 * 1024,
      onStderrLine: (line) => {
        if (line.startsWith('pass ')) announced?.(line.slice('pass '.length));
      },
    });
  })();
  const damaged = (stdout: string): PdfCorruptedError | undefined => {
    try {
      const answer = JSON.parse(stdout) as Partial<Damaged>;
      return answer.error === 'damaged' ? new PdfCorruptedError(undefined, `MuPDF: ${answer.reason}`) : undefined;
    } catch {
      return undefined;
    }
  };
  const pass = Promise.race([
    passFile.then(async (file) => JSON.parse(await readFile(file, 'utf8')) as CompressionPass),
    finished.then(({ stdout }) => {
      throw damaged(stdout) ?? new PdfCorruptedError(undefined, 'MuPDF: the document could not be analysed');
    }),
  ]);
  // Whoever ends the session reads `finished`; a rejection nobody awaits is not an unhandled one.
  finished.catch(() => undefined);
  let asked = false;
  /** Writes the request whole: the script takes it as soon as the name appears. Only the first counts. */
  const ask = async (body: Record<string, unknown>) => {
    if (asked) return;
    asked = true;
    const partial = `${compareRequest}.part`;
    await writeForEngines(partial, JSON.stringify(body));
    await rename(partial, compareRequest);
  };
  return {
    pass,
    async compare({ candidates, bar: looks, firstPass, uploadSize }) {
      await ask({ candidates, minSsim: looks.minSsim, minPsnr: looks.minPsnr, firstPass, uploadSize });
      const { stdout } = await finished;
      const answer = JSON.parse(stdout) as { error?: string; reason?: string; reference: { repaired: boolean }; results: CandidateCheck[] };
      if (answer.error) throw new PdfCorruptedError(undefined, `MuPDF: ${answer.reason}`);
      return { referenceRepaired: answer.reference.repaired, results: answer.results };
    },
    async close() {
      await ask({ stop: true }).catch(() => undefined);
      await finished.catch(() => undefined);
    },
  };
}
