import type { PageItemKind } from '@folio/registry';
import { InvalidInputError } from '../refusals/input-errors';
import { engineScript } from './engine-scripts';
import type { EngineOptions, ScratchFiles } from './process';
import { PAGE_GEOMETRY_MODULE, runPdfScript } from './python-pdf-script';
import type { Rgb } from './rgb';

/**
 * Items placed on pages written into a PDF through pikepdf (qpdf) and cairo
 * with Pango (Debian's python3-pikepdf, python3-gi-cairo, gir1.2-pango-1.0),
 * driven by server/src/engines/page-items.py: each item drawn once by cairo
 * (text shaped by Pango and HarfBuzz, pictures with their alpha as a soft
 * mask, ink smoothed into Béziers) and used as a form XObject, either drawn
 * into the pages' content or as the appearance of a real annotation.
 */

/** Reaches the program from src/engines (tests, ts-jest) and dist/engines (built server) alike. */
const PROGRAM = engineScript('page-items.py');
/** Placements one page's worth of watchdog time covers. */
const PLACEMENTS_PER_PAGE_TIME = 50;

/** One item as the program draws it: in the page frame of registry/kit/page-items.ts, its pages resolved. */
export interface DrawnItem {
  kind: Exclude<PageItemKind, 'box'>;
  /** The pages it is on, 0-based. */
  pages: number[];
  x: number;
  y: number;
  width: number;
  height: number;
  /** Degrees clockwise as the page is shown, about the box's middle. */
  rotation?: number;
  colour?: Rgb;
  fill?: Rgb;
  thickness?: number;
  opacity?: number;
  /** Text and notes. */
  text?: string;
  /** A fontconfig family list, e.g. 'Z003' or 'Noto Sans, Noto Sans Arabic'. */
  family?: string;
  size?: number;
  align?: 'left' | 'center' | 'right';
  /** One block shrunk to fit the box (a typed signature), instead of wrapped to its width. */
  fit?: boolean;
  /** A PNG or JPEG file in the job's folder. */
  image?: string;
  strokes?: [number, number][][];
}

export interface PageItemsRequest {
  /** Into the pages' content, or as annotations other readers can edit. */
  mode: 'content' | 'annotations';
  items: readonly DrawnItem[];
  /** The annotations' author (/T). */
  author: string;
  /** The field's label, naming an item whose picture cannot be decoded. e.g. 'Signature' */
  label: string;
}

/** Writes `input` (`pages` pages) with `request`'s items to `output`. */
export async function writePageItems(
  input: string,
  output: string,
  request: PageItemsRequest,
  pages: number,
  workspace: ScratchFiles,
  options: EngineOptions,
): Promise<void> {
  const placements = request.items.reduce((sum, item) => sum + item.pages.length, 0);
  const { label, ...drawing } = request;
  const job = { input, output, drawings: workspace.newPath('.pdf'), ...drawing };
  const watchdogPages = Math.max(pages, Math.ceil(placements / PLACEMENTS_PER_PAGE_TIME));
  const answer = await runPdfScript<{ unreadablePicture?: number }>(
    PROGRAM,
    'pikepdf',
    JSON.stringify(job),
    workspace.newPath('.json'),
    watchdogPages,
    options,
    [PAGE_GEOMETRY_MODULE],
  );
  if (answer.unreadablePicture !== undefined) throw new InvalidInputError(`${label}: item ${answer.unreadablePicture + 1} is not a readable picture.`);
}
