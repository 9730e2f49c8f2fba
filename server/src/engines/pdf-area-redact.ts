import { engineScript } from './engine-scripts';
import { PdfCorruptedError, PdfPasswordError } from './pdf-errors';
import { pageWatchdog, runProcess, type EngineOptions, type ScratchFiles } from './process';
import { writeForEngines } from './confinement';
import { InvalidPatternError, SearchTooLongError, type ClearedPlace, type UnclearedPlace } from './pymupdf';

/**
 * Redaction of areas, whole pages, images, text and text ranges with MuPDF
 * (PyMuPDF), by pdf-area-redact.py, which builds on Auto Redact's
 * pdf-redact.py and redaction_sweep.py: what is under an area is removed from
 * the file, not covered (Manual Redact, Redact Execute).
 */

const PYTHON = '/usr/bin/python3';
const SCRIPT = engineScript('pdf-area-redact.py');
const TEXT_SCRIPT = engineScript('pdf-redact.py');
const SWEEP_MODULE = engineScript('redaction_sweep.py');

const SEARCH_SECONDS = 2;
const TOTAL_SEARCH_SECONDS = 20;

export type Rgb = readonly [number, number, number];

/** A box to remove everything under. `page` is 0-based. */
export interface RedactionArea {
  page: number;
  /** [x0, y0, x1, y1] in points, in the page's unrotated space. */
  rect: readonly [number, number, number, number];
  /** `top-left`: y grows downwards from the page's top edge; `pdf`: PDF user space, y upwards. */
  origin: 'top-left' | 'pdf';
  colour: Rgb;
}

export interface AreaRedactionRequest {
  areas?: readonly RedactionArea[];
  /** 0-based pages whose whole content goes, each filled with `wipeColour`. */
  wipePages?: readonly number[];
  wipeColour?: Rgb;
  /** 0-based pages every image of which goes. */
  imagePages?: readonly number[];
  /** Text to find (case-insensitive), literally or as a regular expression. */
  terms?: readonly { text: string; regex: boolean }[];
  /** From each start string to the next end string (blank: to the document's end). */
  ranges?: readonly { start: string; end: string }[];
  /** Box colour of text, ranges and images. */
  colour: Rgb;
  /** Points added above and below matched text's boxes. */
  padding: number;
  /** Replace every page by a picture of itself at this resolution afterwards. */
  imageDpi?: number;
}

export interface AreaRedactionResult {
  matches: number;
  areas: number;
  cleared: ClearedPlace[];
  droppedFiles: string[];
  notCleared: UnclearedPlace[];
}

type Answer =
  | (AreaRedactionResult & { error?: undefined })
  | { error: 'invalid-pattern'; term: string; reason: string; unsupported: boolean }
  | { error: 'pattern-too-complex'; term: string; page: number | null; seconds: number }
  | { error: 'search-too-long'; seconds: number }
  | { error: 'password' }
  | { error: 'damaged'; reason: string };

/** Redacts `input` into `output` as the request says; the request travels in a file in the job's folder. */
export async function redactAreas(
  input: string,
  output: string,
  request: AreaRedactionRequest,
  pages: number,
  workspace: ScratchFiles,
  options: EngineOptions,
): Promise<AreaRedactionResult> {
  const requestFile = workspace.newPath('.json');
  const { imageDpi, ...rest } = request;
  const body = {
    ...rest,
    input,
    output,
    image: imageDpi === undefined ? null : { dpi: imageDpi },
    searchSeconds: SEARCH_SECONDS,
    totalSearchSeconds: TOTAL_SEARCH_SECONDS,
  };
  await writeForEngines(requestFile, JSON.stringify(body));
  const { stdout } = await runProcess(PYTHON, ['-I', '-B', SCRIPT, requestFile], {
    ...options,
    readable: [SCRIPT, TEXT_SCRIPT, SWEEP_MODULE],
    okExitCodes: [0, 2],
    watchdogMs: pageWatchdog(pages) + TOTAL_SEARCH_SECONDS * 1000,
  });
  const answer = JSON.parse(stdout) as Answer;
  switch (answer.error) {
    case undefined:
      return { matches: answer.matches, areas: answer.areas, cleared: answer.cleared, droppedFiles: answer.droppedFiles, notCleared: answer.notCleared };
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
