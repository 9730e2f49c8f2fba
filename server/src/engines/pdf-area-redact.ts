import { engineScript } from './engine-scripts';
import type { EngineOptions, ScratchFiles } from './process';
import { runRedactionScript, type ClearedPlace, type UnclearedPlace } from './pymupdf';
import type { Rgb } from './rgb';

/**
 * Redaction of areas, whole pages, images, text and text ranges with MuPDF
 * (PyMuPDF), by pdf-area-redact.py, which builds on Auto Redact's
 * pdf-redact.py and redaction_sweep.py: what is under an area is removed from
 * the file, not covered (Manual Redact, Redact Execute). Run, limited and
 * answered as Auto Redact's script is (pymupdf.ts `runRedactionScript`).
 */

const SCRIPT = engineScript('pdf-area-redact.py');
const TEXT_SCRIPT = engineScript('pdf-redact.py');

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

/** Redacts `input` into `output` as the request says; the request travels in a file in the job's folder. */
export async function redactAreas(
  input: string,
  output: string,
  request: AreaRedactionRequest,
  pages: number,
  workspace: ScratchFiles,
  options: EngineOptions,
): Promise<AreaRedactionResult> {
  const { imageDpi, ...rest } = request;
  const body = { ...rest, input, output, image: imageDpi === undefined ? null : { dpi: imageDpi } };
  const { matches, areas, cleared, droppedFiles, notCleared } = await runRedactionScript<AreaRedactionResult>(
    SCRIPT,
    [TEXT_SCRIPT],
    body,
    pages,
    workspace,
    options,
  );
  return { matches, areas, cleared, droppedFiles, notCleared };
}
