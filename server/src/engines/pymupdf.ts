import { engineScript } from './engine-scripts';
import { PdfCorruptedError, PdfPasswordError } from './pdf-errors';
import { pageWatchdog, runProcess, type EngineOptions, type ScratchFiles } from './process';
import { writeForEngines } from './confinement';

/**
 * MuPDF through PyMuPDF (Debian's python3-fitz), driven by scripts kept with
 * the server (server/src/engines/):
 * - pdf-redact.py: text redaction that removes the matched glyphs from the
 *   content streams, then covers where they were; then, with its module
 *   redaction_sweep.py (pikepdf, python3-pikepdf), takes the terms out of
 *   everything else the file carries. Patterns are Python `regex` patterns
 *   (python3-regex), searched with a timeout.
 * - pdf-images.py: image objects drawn one by one, each alone at its own pixel
 *   size (so colours and masks come out as MuPDF shows them), and written as
 *   PNG, JPEG or GIF files (Pillow, python3-pil, for the last two).
 */

const PYTHON = '/usr/bin/python3';
const SCRIPT = engineScript('pdf-redact.py');
const SWEEP_MODULE = engineScript('redaction_sweep.py');
const IMAGES_SCRIPT = engineScript('pdf-images.py');

/** Longest one term may be searched on one page before it counts as a runaway pattern. */
const SEARCH_SECONDS = 2;
/** Longest all the searching of one document may take. */
const TOTAL_SEARCH_SECONDS = 20;

export interface RedactionRequest {
  /** Text to find, each term on its own; blanks and terms over 4096 characters are skipped. */
  terms: readonly string[];
  /** Terms are regular expressions (Java-style syntax accepted; see the script). */
  useRegex: boolean;
  /** A match may not touch a letter, digit or underscore on either side. */
  wholeWord: boolean;
  /** Box colour, each channel 0–1. e.g. [0, 0, 0] */
  colour: readonly [number, number, number];
  /** Points added above and below the matched characters' boxes. */
  padding: number;
  /** Replace every page by a picture of itself at this resolution afterwards. */
  imageDpi?: number;
}

/**
 * Places beyond the pages' text where a term was found and taken out (or,
 * for `private-data`, what is removed whatever the terms).
 */
export type ClearedPlace =
  | 'document-properties'
  | 'xmp-metadata'
  | 'bookmarks'
  | 'named-destinations'
  | 'annotations'
  | 'form-fields'
  | 'embedded-files'
  | 'page-labels'
  | 'structure-tree'
  | 'marked-content'
  | 'scripts'
  | 'article-threads'
  | 'private-data'
  | 'other-objects';

/** Places where a term is still found and that redaction cannot clear: streams of a kind it does not know. */
export type UnclearedPlace = 'other-streams';

export interface RedactionResult {
  /** Matches redacted in the pages' text, all terms and pages together. */
  matches: number;
  /** Pages that had at least one. */
  pages: number;
  /** Where else a term was taken out. e.g. ['bookmarks', 'document-properties'] */
  cleared: ClearedPlace[];
  /** Names of the embedded files dropped because their name or content held a term (or could not be searched). */
  droppedFiles: string[];
  /** Where a term is still found after redaction. */
  notCleared: UnclearedPlace[];
}

/**
 * A term given as a regular expression does not compile, or uses a Java
 * construct the search cannot do the same way (`unsupported`).
 */
export class InvalidPatternError extends Error {
  constructor(
    readonly term: string,
    readonly reason: string,
    readonly unsupported: boolean,
  ) {
    super(`Invalid regex pattern: ${term} (${reason})`);
    this.name = 'InvalidPatternError';
  }
}

/**
 * Searching ran past its time: one term on one page or in the text outside
 * the pages (`term` set, `page` unset; a pattern that backtracks without end),
 * or everything together.
 */
export class SearchTooLongError extends Error {
  constructor(
    readonly seconds: number,
    readonly term?: string,
    readonly page?: number,
  ) {
    super(
      term === undefined
        ? `searching took more than ${seconds} s`
        : `the pattern ${term} ran for more than ${seconds} s ${page === undefined ? 'outside the pages' : `on page ${page}`}`,
    );
    this.name = 'SearchTooLongError';
  }
}

/** What a redaction script answers: its result, or why it stopped. */
type RedactionAnswer<Result> =
  | (Result & { error?: undefined })
  | { error: 'invalid-pattern'; term: string; reason: string; unsupported: boolean }
  | { error: 'pattern-too-complex'; term: string; page: number | null; seconds: number }
  | { error: 'search-too-long'; seconds: number }
  | { error: 'password' }
  | { error: 'damaged'; reason: string };

/**
 * Runs a MuPDF redaction script (pdf-redact.py, or pdf-area-redact.py built
 * on it) on a request written to a file in the job's folder, never on a
 * command line, with the search's time limits, and turns its answer into the
 * result or the error it reports. `pages` sizes the watchdog; `readable` are
 * the scripts it loads.
 */
export async function runRedactionScript<Result>(
  script: string,
  readable: readonly string[],
  request: Record<string, unknown>,
  pages: number,
  workspace: ScratchFiles,
  options: EngineOptions,
): Promise<Result> {
  const requestFile = workspace.newPath('.json');
  await writeForEngines(requestFile, JSON.stringify({ ...request, searchSeconds: SEARCH_SECONDS, totalSearchSeconds: TOTAL_SEARCH_SECONDS }));
  const { stdout } = await runProcess(PYTHON, ['-I', '-B', script, requestFile], {
    ...options,
    readable: [script, ...readable, SWEEP_MODULE],
    okExitCodes: [0, 2],
    watchdogMs: pageWatchdog(pages) + TOTAL_SEARCH_SECONDS * 1000,
  });
  const answer = JSON.parse(stdout) as RedactionAnswer<Result>;
  switch (answer.error) {
    case undefined: {
      const { error: _error, ...result } = answer;
      return result as Result;
    }
    case 'invalid-pattern':
      throw new InvalidPatternError(answer.term, answer.reason, answer.unsupported);
    case 'pattern-too-complex':
      throw new SearchTooLongError(answer.seconds, answer.term, answer.page ?? undefined);
    case 'search-too-long':
      throw new SearchTooLongError(answer.seconds);
    case 'password':
      throw new PdfPasswordError();
    case 'damaged':
      throw new PdfCorruptedError(undefined, `MuPDF: ${answer.reason}`);
  }
}

/**
 * Redacts every match of the terms in `input` into `output` (pages, order and
 * everything else kept). `pages` is the document's page count, for the run's
 * time limit.
 */
export async function redactText(
  input: string,
  output: string,
  request: RedactionRequest,
  pages: number,
  workspace: ScratchFiles,
  options: EngineOptions,
): Promise<RedactionResult> {
  const body = {
    input,
    output,
    terms: request.terms,
    useRegex: request.useRegex,
    wholeWord: request.wholeWord,
    colour: request.colour,
    padding: request.padding,
    image: request.imageDpi === undefined ? null : { dpi: request.imageDpi },
  };
  const {
    matches,
    pages: redactedPages,
    cleared,
    droppedFiles,
    notCleared,
  } = await runRedactionScript<RedactionResult>(SCRIPT, [], body, pages, workspace, options);
  return { matches, pages: redactedPages, cleared, droppedFiles, notCleared };
}

// ---------------------------------------------------------------- images

/** Formats `decodeImages` writes. */
export type ImageFileFormat = 'png' | 'jpg' | 'gif';

export interface ImageDecodeRequest {
  /** The PDF holding the images (its object numbers are the ones given). */
  input: string;
  /** Folder the files are written to, inside the job's folder. */
  outputDir: string;
  format: ImageFileFormat;
  /** Image objects to decode, each written to `<outputDir>/<name>.<format>`. e.g. `{ object: 12, name: '1' }` */
  images: readonly { object: number; name: string }[];
  /** Time the whole run may take, in ms (see RunOptions.watchdogMs). */
  watchdogMs: number;
}

/** One image decoded: its file and the MD5 of its pixels (equal pictures, equal digests); or why it could not be. */
export type DecodedImage = { object: number; file: string; digest: string } | { object: number; error: string };

/**
 * Decodes image objects of a PDF into files, each drawn alone at its own
 * pixel size: grey or RGB (spot, CMYK, Lab and ICC colours as MuPDF shows
 * them), with the transparency its soft mask, stencil mask or colour key gives
 * (JPEG laid on white; GIF transparent where mostly transparent). An image
 * that cannot be decoded is answered with its error and no file.
 */
export async function decodeImages(request: ImageDecodeRequest, workspace: ScratchFiles, options: EngineOptions): Promise<DecodedImage[]> {
  const requestFile = workspace.newPath('.json');
  const { watchdogMs, ...body } = request;
  await writeForEngines(requestFile, JSON.stringify(body));
  const { stdout } = await runProcess(PYTHON, ['-I', '-B', IMAGES_SCRIPT, requestFile], {
    ...options,
    readable: [IMAGES_SCRIPT],
    okExitCodes: [0, 2],
    watchdogMs,
    // One line of JSON per image; thousands of images stay far below this.
    maxBuffer: 256 * 1024 * 1024,
  });
  const answer = JSON.parse(stdout) as { images: DecodedImage[]; error?: undefined } | { error: 'password' } | { error: 'damaged'; reason: string };
  switch (answer.error) {
    case undefined:
      return answer.images;
    case 'password':
      throw new PdfPasswordError();
    case 'damaged':
      throw new PdfCorruptedError(undefined, `MuPDF: ${answer.reason}`);
  }
}
