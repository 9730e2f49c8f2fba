import { join } from 'node:path';
import type { InputFile } from '@folio/registry';
import { readPageSizes } from '../engines/poppler';
import type { EngineOptions } from '../engines/process';
import { svgToPdf } from '../engines/rsvg';
import { cleanSvg } from '../engines/svg-clean';
import { InvalidInputError } from '../refusals/input-errors';
import type { Workspace } from '../workspace/workspace';

/** An uploaded SVG drawn as a one-page PDF of vectors, and the drawing's size in points. */
export interface SvgDrawing {
  pdf: string;
  width: number;
  height: number;
}

/**
 * An uploaded SVG as a one-page PDF of vectors, the drawing's own size (one
 * CSS pixel a point): cleaned of everything that reaches outside the file,
 * alone in a folder of its own (even a reference the cleaning missed finds no
 * file beside it), then drawn by librsvg (SVG to PDF, and SVG marks of Add
 * Image and stamps). The cleaner's and renderer's errors (UnreadableSvgError,
 * SvgRenderError) reach the caller, which says them in its own words.
 */
export async function drawUploadedSvg(file: InputFile, workspace: Workspace, engine: EngineOptions): Promise<SvgDrawing> {
  const svg = join(await workspace.newFolder(), 'drawing.svg');
  const pdf = workspace.newPath('.pdf');
  await cleanSvg(file.path, svg, engine);
  await svgToPdf(svg, pdf, engine);
  // Read by pdfinfo, not by a parser in the server's process: the PDF is librsvg's, but made from a visitor's file.
  const [size] = await readPageSizes(pdf, engine);
  if (!size || !(size.width > 0 && size.height > 0)) throw new InvalidInputError(`The SVG "${file.originalName}" has no size to draw it at.`);
  return { pdf, width: size.width, height: size.height };
}
