import { join } from 'node:path';
import type { InputFile } from '@folio/registry';
import { readPageSizes } from '../engines/poppler';
import type { EngineOptions } from '../engines/process';
import { svgToPdf, SvgRenderError } from '../engines/rsvg';
import { cleanSvg, UnreadableSvgError } from '../engines/svg-clean';
import { InvalidInputError } from '../refusals/input-errors';
import type { Workspace } from '../workspace/workspace';
import type { ImageMarkSize } from './mark-image';
import type { Mark } from './marks';

/**
 * An uploaded SVG as a mark of vectors: cleaned of everything that reaches
 * outside the file, then drawn by librsvg into a one-page PDF that the overlay
 * embeds as a form (no picture is made). Its natural size is the drawing's own,
 * one CSS pixel a point; `size` sets it as for images.
 */
export async function drawingMark(file: InputFile, size: ImageMarkSize, workspace: Workspace, engine: EngineOptions): Promise<Mark> {
  // Alone in a folder of its own: even a reference the cleaning missed finds no file beside it.
  const svg = join(await workspace.newFolder(), 'drawing.svg');
  const pdf = workspace.newPath('.pdf');
  try {
    await cleanSvg(file.path, svg, engine);
    await svgToPdf(svg, pdf, engine);
  } catch (error) {
    if (error instanceof UnreadableSvgError || error instanceof SvgRenderError) {
      throw new InvalidInputError(`The SVG "${file.originalName}" could not be read: ${error instanceof UnreadableSvgError ? error.reason : error.detail}.`);
    }
    throw error;
  }
  // Read by pdfinfo: the drawing is librsvg's, but made from a visitor's file, so no parser of ours holds it in the server's process.
  const [{ width: naturalWidth, height: naturalHeight }] = await readPageSizes(pdf, engine);
  if (!(naturalWidth > 0 && naturalHeight > 0)) throw new InvalidInputError(`The SVG "${file.originalName}" has no size to draw it at.`);
  const width = size.width ?? (size.height === undefined ? naturalWidth : (size.height * naturalWidth) / naturalHeight);
  const height = size.height ?? (size.width === undefined ? naturalHeight : (size.width * naturalHeight) / naturalWidth);
  return { width, height, source: { kind: 'drawing', pdf, page: 0, left: 0, bottom: 0 } };
}
