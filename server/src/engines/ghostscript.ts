import { constants as fsConstants } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { access, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TooManyPagesError } from '../refusals/input-errors';
import { anySignal, EngineFailedError, EngineStalledError, pageWatchdog, runProcess, type EngineOptions, type RunOptions, type RunResult } from './process';
import { makeEngineFolder } from './confinement';

/**
 * Ghostscript, always with -dSAFER: PostScript is a programming language, and
 * SAFER stops a program from reading, writing or deleting files other than its
 * input, its output, Ghostscript's own resources and the temporary folder.
 * That temporary folder is a fresh, empty one per run inside the job (Ghostscript
 * permits all of TMPDIR), and the run is confined to the job like every engine.
 */

const GS = 'gs';

/** Runs Ghostscript with a temporary folder of its own, removed afterwards. */
async function runGhostscript(args: readonly string[], options: RunOptions): Promise<void> {
  await runGhostscriptForOutput(args, options);
}

/** `runGhostscript`, answering what it wrote to stdout and stderr. */
async function runGhostscriptForOutput(args: readonly string[], options: RunOptions): Promise<RunResult> {
  const scratch = join(options.folder, `gs-${randomUUID()}`);
  await makeEngineFolder(scratch);
  try {
    return await runProcess(GS, args, { ...options, env: { TMPDIR: scratch, TEMP: scratch } });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
const BASE_ARGS = ['-dSAFER', '-dBATCH', '-dNOPAUSE', '-dQUIET', '-dNOINTERPOLATE'] as const;

/** The PostScript program failed or is not PostScript at all. */
export class PostScriptError extends Error {
  constructor(detail: string) {
    super(`Ghostscript could not read the file: ${detail}`);
    this.name = 'PostScriptError';
  }
}

/** The time a PostScript program gets to start and put out its first page: what any engine gets to start and open a document. */
const POSTSCRIPT_FIRST_PAGE_MS = 10_000;

/** What the EndPage hook writes to stderr for each page put out (not for the device's final call, reason 2). */
const PAGE_MARK = 'folio-postscript-page';
const START_MARK = 'folio-postscript-start';

/**
 * Run before the program: marks the start, and each page as it is put out, on
 * stderr. A program may set its own EndPage (it then reports no pages, and is
 * stopped as one that puts out none) or write the marks itself (it then gets
 * pages' time without their work; still bounded by `maxPages` and the job's
 * time limit).
 */
const PROGRESS_HOOK = [
  `<< /EndPage { dup 2 ne { (%stderr) (w) file dup (${PAGE_MARK}\n) writestring flushfile } if exch pop 2 ne } bind >> setpagedevice`,
  `(%stderr) (w) file dup (${START_MARK}\n) writestring flushfile`,
].join(' ');

/**
 * Renders a PostScript file to PDF. Throws PostScriptError when Ghostscript
 * rejects it. A program is a program: how many pages it will put out, and when,
 * is unknown until it has run. So its watchdog follows the work actually done:
 * the first page must come within POSTSCRIPT_FIRST_PAGE_MS of the start, and
 * each next one within a one-page run's time of the last (EngineStalledError,
 * a 400); more than `maxPages` pages is a TooManyPagesError. A 13-byte
 * `{} loop` is stopped after seconds; a long document gets its pages' time.
 */
export async function postScriptToPdf(
  input: string,
  output: string,
  options: EngineOptions,
  maxPages: number,
  settings: PostScriptPdfSettings = {},
): Promise<void> {
  const watchdog = new AbortController();
  let stopped: Error | undefined;
  let startedAt = 0;
  let pages = 0;
  let timer: NodeJS.Timeout | undefined;
  const allow = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => stop(new EngineStalledError(GS, Date.now() - startedAt)), ms);
  };
  const stop = (reason: Error) => {
    stopped ??= reason;
    watchdog.abort();
  };
  const onStderrLine = (line: string) => {
    if (stopped) return;
    if (line === START_MARK) {
      startedAt = Date.now();
      allow(POSTSCRIPT_FIRST_PAGE_MS);
    } else if (line === PAGE_MARK) {
      if (++pages > maxPages) stop(new TooManyPagesError(pages, maxPages));
      else allow(pageWatchdog(1));
    }
  };
  const signal = anySignal(options.signal, watchdog.signal);
  try {
    // The run's own watchdog only bounds it as the page limit does; the one above follows the pages.
    const ceiling = pageWatchdog(maxPages);
    await runGhostscript([...BASE_ARGS, '-sDEVICE=pdfwrite', ...settingsArgs(settings), `-sOutputFile=${output}`, '-c', PROGRESS_HOOK, '--', input], {
      ...options,
      signal,
      onStderrLine,
      watchdogMs: ceiling,
    });
  } catch (error) {
    // Stopped here, not by the job: the program's fault.
    if (stopped && !options.signal?.aborted) throw stopped;
    if (error instanceof EngineFailedError) throw new PostScriptError(withoutMarks(error.stderr).trim().split('\n')[0] || 'unknown error');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** How `postScriptToPdf` writes its PDF, beyond pdfwrite's defaults. */
export interface PostScriptPdfSettings {
  /** The PDF version written. e.g. '1.4' */
  compatibilityLevel?: '1.4';
  /** pdfwrite's /prepress preset: pictures kept at 300 dpi and more, colours for print, every font embedded. */
  prepress?: boolean;
  /** An EPS's page is its bounding box, not a whole sheet with the drawing in a corner (a plain PostScript file is unaffected). */
  cropEps?: boolean;
}

function settingsArgs(settings: PostScriptPdfSettings): string[] {
  return [
    ...(settings.compatibilityLevel ? [`-dCompatibilityLevel=${settings.compatibilityLevel}`] : []),
    ...(settings.prepress ? ['-dPDFSETTINGS=/prepress'] : []),
    ...(settings.cropEps ? ['-dEPSCrop'] : []),
  ];
}

function withoutMarks(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => line !== START_MARK && line !== PAGE_MARK)
    .join('\n');
}

// ---------------------------------------------------------------- PDF/A and PDF/X

/** What `convertToArchival` writes: PDF/A-1b, 2b or 3b, or PDF/X-3. */
export type ArchivalTarget = { standard: 'pdfa'; part: 1 | 2 | 3 } | { standard: 'pdfx' };

/** No sRGB ICC profile was found on this machine (Ghostscript ships one). */
export class MissingIccProfileError extends Error {
  constructor() {
    super('No sRGB ICC profile is installed (looked in Ghostscript’s iccprofiles and /usr/share/color/icc).');
    this.name = 'MissingIccProfileError';
  }
}

let srgbProfile: Promise<string> | undefined;

/**
 * Where the sRGB profile lies, found once: Ghostscript's own copy under any
 * installed version, else the system colour folder. Not a fixed path, so a
 * Ghostscript upgrade does not break PDF/A.
 */
export function findSrgbProfile(): Promise<string> {
  srgbProfile ??= (async () => {
    const versions = await readdir('/usr/share/ghostscript').catch(() => [] as string[]);
    const candidates = [
      ...versions
        .sort()
        .reverse()
        .map((version) => join('/usr/share/ghostscript', version, 'iccprofiles', 'srgb.icc')),
      '/usr/share/color/icc/ghostscript/srgb.icc',
      '/usr/share/color/icc/sRGB.icc',
    ];
    for (const candidate of candidates) {
      if (
        await access(candidate, fsConstants.R_OK).then(
          () => true,
          () => false,
        )
      )
        return candidate;
    }
    throw new MissingIccProfileError();
  })();
  srgbProfile.catch(() => (srgbProfile = undefined));
  return srgbProfile;
}

/**
 * Rewrites `input` as an archival PDF: colours converted to RGB under an sRGB
 * output intent, every font embedded. `definitionFile` is where the PostScript
 * that adds the output intent is written (inside the job's workspace).
 * PDF/A-1 and PDF/X-3 forbid transparency: Ghostscript flattens such pages into images.
 */
export async function convertToArchival(
  input: string,
  pages: number,
  output: string,
  target: ArchivalTarget,
  definitionFile: string,
  options: EngineOptions,
): Promise<void> {
  const profile = await findSrgbProfile();
  await writeFile(definitionFile, outputIntentProgram(profile, target));
  const standardArgs =
    target.standard === 'pdfa'
      ? [`-dPDFA=${target.part}`, '-dPDFACompatibilityPolicy=1', `-dCompatibilityLevel=${target.part === 1 ? '1.4' : '1.7'}`]
      : ['-dPDFX', '-dCompatibilityLevel=1.4'];
  try {
    await runGhostscript(
      [
        ...BASE_ARGS,
        `--permit-file-read=${profile}`,
        '-sDEVICE=pdfwrite',
        ...standardArgs,
        '-sColorConversionStrategy=RGB',
        '-dProcessColorModel=/DeviceRGB',
        '-dEmbedAllFonts=true',
        '-dSubsetFonts=true',
        '-dCompressFonts=true',
        '-dNOSUBSTFONTS=false',
        // Flattened transparency is drawn at this resolution (pdfwrite's default, 720 dpi, makes huge pages).
        '-r300',
        `-sOutputFile=${output}`,
        definitionFile,
        input,
      ],
      { ...options, watchdogMs: pageWatchdog(pages) },
    );
  } catch (error) {
    if (error instanceof EngineFailedError) throw new ArchivalConversionError(firstMessage(error.stderr));
    throw error;
  }
}

/** Ghostscript could not rewrite the document (it read it, or tried to, and gave up). */
export class ArchivalConversionError extends Error {
  constructor(readonly detail: string) {
    super(`Ghostscript could not convert the document: ${detail}`);
    this.name = 'ArchivalConversionError';
  }
}

/** Ghostscript's first meaningful complaint, for the error message. */
function firstMessage(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return (lines.find((line) => /error/i.test(line)) ?? lines[0] ?? 'unknown error').slice(0, 300);
}

/**
 * The pdfmark program that embeds the ICC profile and points the catalogue's
 * /OutputIntents at it (GTS_PDFA1 for PDF/A, GTS_PDFX plus the version key for PDF/X).
 */
function outputIntentProgram(profile: string, target: ArchivalTarget): string {
  const pdfx = target.standard === 'pdfx';
  return [
    '% Output intent for an archival PDF: the sRGB profile, embedded as a stream.',
    `/FolioProfile (${postScriptString(profile)}) (r) file def`,
    '[/_objdef {folio_icc} /type /stream /OBJ pdfmark',
    '[{folio_icc} << /N 3 >> /PUT pdfmark',
    '[{folio_icc} FolioProfile /PUT pdfmark',
    '[/_objdef {folio_intent} /type /dict /OBJ pdfmark',
    `[{folio_intent} << /Type /OutputIntent /S /${pdfx ? 'GTS_PDFX' : 'GTS_PDFA1'} /DestOutputProfile {folio_icc}`,
    '   /OutputConditionIdentifier (sRGB) /Info (sRGB IEC61966-2.1) /RegistryName (http://www.color.org) >> /PUT pdfmark',
    '[{Catalog} << /OutputIntents [ {folio_intent} ] >> /PUT pdfmark',
    ...(pdfx ? ['[ /GTS_PDFXVersion (PDF/X-3:2002) /Trapped /False /DOCINFO pdfmark'] : []),
    '',
  ].join('\n');
}

function postScriptString(text: string): string {
  return text.replace(/[\\()]/g, (ch) => `\\${ch}`);
}

// ---------------------------------------------------------------- pages as pictures

/** Ghostscript could not draw the document's pages. */
export class RasterisationError extends Error {
  constructor(readonly detail: string) {
    super(`Ghostscript could not draw the document's pages: ${detail}`);
    this.name = 'RasterisationError';
  }
}

/**
 * Rewrites `input` (`pages` pages) as a PDF whose every page is one picture of
 * the page as shown (crop box, /Rotate applied), drawn at `dpi` and stored as
 * JPEG: nothing on it can be selected, copied or taken apart any more.
 */
export async function rasterisePdf(input: string, pages: number, output: string, dpi: number, options: EngineOptions): Promise<void> {
  try {
    await runGhostscript(
      [...BASE_ARGS, '-sDEVICE=pdfimage24', `-r${dpi}`, '-sCompression=JPEG', '-dJPEGQ=90', '-dUseCropBox', `-sOutputFile=${output}`, '--', input],
      { ...options, watchdogMs: pageWatchdog(pages) },
    );
  } catch (error) {
    if (error instanceof EngineFailedError) throw new RasterisationError(firstMessage(error.stderr));
    throw error;
  }
}

// ---------------------------------------------------------------- colour spaces

/** Ghostscript could not rewrite the document's colours. */
export class ColourConversionError extends Error {
  constructor(readonly detail: string) {
    super(`Ghostscript could not convert the document's colours: ${detail}`);
    this.name = 'ColourConversionError';
  }
}

/**
 * Rewrites `input` (`pages` pages) with every colour, images included,
 * converted to CMYK for print, as the reference's Advanced Colour does
 * (pdfwrite, /prepress settings). Text stays text.
 */
export async function convertToCmyk(input: string, pages: number, output: string, options: EngineOptions): Promise<void> {
  try {
    await runGhostscript(
      [
        ...BASE_ARGS,
        '-sDEVICE=pdfwrite',
        '-dCompatibilityLevel=1.5',
        '-dPDFSETTINGS=/prepress',
        '-sProcessColorModel=DeviceCMYK',
        '-sColorConversionStrategy=CMYK',
        '-sColorConversionStrategyForImages=CMYK',
        `-sOutputFile=${output}`,
        '--',
        input,
      ],
      { ...options, watchdogMs: pageWatchdog(pages) },
    );
  } catch (error) {
    if (error instanceof EngineFailedError) throw new ColourConversionError(firstMessage(error.stderr));
    throw error;
  }
}

// ---------------------------------------------------------------- rewriting

/** Ghostscript could not read the document well enough to write it out again. */
export class PdfRewriteError extends Error {
  constructor(readonly detail: string) {
    super(`Ghostscript could not rewrite the document: ${detail}`);
    this.name = 'PdfRewriteError';
  }
}

/**
 * Writes `input` out again as Ghostscript reads it (pdfwrite): a damaged file's
 * pages, found by scanning its objects when the cross-reference table is
 * missing or wrong, drawn from what their content streams still hold, into a
 * new, well-formed file. Answers how many pages Ghostscript found; none is a
 * PdfRewriteError (pdfwrite would still write one empty page). `pages` (an
 * estimate for a file no other reader could count) scales the run's watchdog.
 */
export async function rewritePdf(input: string, output: string, pages: number, options: EngineOptions): Promise<number> {
  let stdout: string;
  try {
    // Not quiet: the page range Ghostscript found is reported on stdout ("Processing pages 1 through 3.").
    const args = [...BASE_ARGS.filter((arg) => arg !== '-dQUIET'), '-sDEVICE=pdfwrite', `-sOutputFile=${output}`, '--', input];
    stdout = (await runGhostscriptForOutput(args, { ...options, watchdogMs: pageWatchdog(pages) })).stdout;
  } catch (error) {
    if (error instanceof EngineFailedError) throw new PdfRewriteError(firstMessage(`${error.stderr}`));
    throw error;
  }
  const range = /Processing pages (\d+) through (\d+)\./.exec(stdout);
  const found = range ? Number(range[2]) - Number(range[1]) + 1 : 0;
  if (!(found > 0))
    throw new PdfRewriteError(
      firstMessage(
        stdout
          .split('\n')
          .filter((line) => !/^(GPL Ghostscript|Copyright|This software|see the file)/.test(line))
          .join('\n'),
      ),
    );
  return found;
}

// ---------------------------------------------------------------- images out

/** Ghostscript could not rewrite the document without its images. */
export class ImageRemovalError extends Error {
  constructor(readonly detail: string) {
    super(`Ghostscript could not remove the document's images: ${detail}`);
    this.name = 'ImageRemovalError';
  }
}

/**
 * Rewrites `input` (`pages` pages) without any of its raster images (pdfwrite
 * with -dFILTERIMAGE, as the reference removes them after OCR): text, invisible
 * text included, and vector drawings stay.
 */
export async function removeImages(input: string, pages: number, output: string, options: EngineOptions): Promise<void> {
  try {
    await runGhostscript([...BASE_ARGS, '-sDEVICE=pdfwrite', '-dFILTERIMAGE', `-sOutputFile=${output}`, '--', input], {
      ...options,
      watchdogMs: pageWatchdog(pages),
    });
  } catch (error) {
    if (error instanceof EngineFailedError) throw new ImageRemovalError(firstMessage(error.stderr));
    throw error;
  }
}

// ---------------------------------------------------------------- compression

/** pdfwrite's distiller presets, by the resolution they store pictures at: /screen 72 dpi, /ebook 150, /printer 300. */
export type PdfwritePreset = 'screen' | 'ebook' | 'printer';

/**
 * Writes `input` again with pdfwrite at a distiller preset, as `gs
 * -dPDFSETTINGS=/ebook` compresses: pictures resampled to the preset's
 * resolution (or `dpi`, when given) and stored as JPEG, fonts subset, only what
 * the pages draw kept. A PdfRewriteError when Ghostscript cannot.
 */
export async function compressWithPdfwrite(
  input: string,
  output: string,
  preset: PdfwritePreset,
  pages: number,
  options: EngineOptions & Pick<RunOptions, 'background'>,
  dpi?: number,
): Promise<void> {
  const resolution = dpi ? [`-dColorImageResolution=${dpi}`, `-dGrayImageResolution=${dpi}`] : [];
  try {
    await runGhostscript([...BASE_ARGS, '-sDEVICE=pdfwrite', `-dPDFSETTINGS=/${preset}`, ...resolution, `-sOutputFile=${output}`, '--', input], {
      ...options,
      watchdogMs: pageWatchdog(pages),
    });
  } catch (error) {
    if (error instanceof EngineFailedError) throw new PdfRewriteError(firstMessage(error.stderr));
    throw error;
  }
}

// ---------------------------------------------------------------- vector print formats

/** The print formats a PDF's pages are written to. */
export type VectorFormat = 'eps' | 'ps' | 'pcl' | 'xps';

/** Ghostscript's device per format: PCL is PCL XL (PCL 6) in colour, as the reference writes it, not PCL 5. */
const VECTOR_DEVICES: Readonly<Record<VectorFormat, string>> = { eps: 'eps2write', ps: 'ps2write', pcl: 'pxlcolor', xps: 'xpswrite' };

/** Ghostscript could not write the document in the print format asked for. */
export class VectorExportError extends Error {
  constructor(readonly detail: string) {
    super(`Ghostscript could not write the document: ${detail}`);
    this.name = 'VectorExportError';
  }
}

/**
 * Writes `input` (`pages` pages) as PostScript, EPS, PCL XL or XPS. EPS holds
 * one page: for several, `output` carries `%d`, and Ghostscript writes one
 * file per page (1, 2, ...). A page Ghostscript could not draw fails the run
 * (it would otherwise be left out of the output silently).
 */
export async function writeVectorFormat(input: string, pages: number, output: string, format: VectorFormat, options: EngineOptions): Promise<void> {
  let result: RunResult;
  try {
    // A page it could not draw is only reported in its output, not by its exit code.
    result = await runGhostscriptForOutput([...BASE_ARGS, `-sDEVICE=${VECTOR_DEVICES[format]}`, `-sOutputFile=${output}`, '--', input], {
      ...options,
      watchdogMs: pageWatchdog(pages),
    });
  } catch (error) {
    if (error instanceof EngineFailedError) throw new VectorExportError(firstMessage(error.stderr));
    throw error;
  }
  if (/Page drawing error/.test(`${result.stdout}\n${result.stderr}`)) throw new VectorExportError('a page could not be drawn');
}

/**
 * Rewrites `input` (`pages` pages) with every glyph drawn as its outline
 * (pdfwrite -dNoOutputFonts): for XPS, whose writer otherwise draws text as
 * rows of 96-dpi pixels, this keeps text sharp at any size.
 */
export async function outlineText(input: string, pages: number, output: string, options: EngineOptions): Promise<void> {
  try {
    await runGhostscript([...BASE_ARGS, '-sDEVICE=pdfwrite', '-dNoOutputFonts', `-sOutputFile=${output}`, '--', input], {
      ...options,
      watchdogMs: pageWatchdog(pages),
    });
  } catch (error) {
    if (error instanceof EngineFailedError) throw new VectorExportError(firstMessage(error.stderr));
    throw error;
  }
}
