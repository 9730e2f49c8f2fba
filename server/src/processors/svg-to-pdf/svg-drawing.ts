import type { InputFile } from '@folio/registry';
import type { EngineOptions } from '../../engines/process';
import { SvgRenderError } from '../../engines/rsvg';
import { UnreadableSvgError } from '../../engines/svg-clean';
import { InvalidInputError } from '../../refusals/input-errors';
import { drawUploadedSvg, type SvgDrawing } from '../../svg-drawings/uploaded-svg';
import type { Workspace } from '../../workspace/workspace';

/**
 * The longest side a page may have, in points: 200 inches, the limit PDF
 * readers keep to (ISO 32000-1 Annex C). A drawing declared larger (a million
 * pixels wide) is refused, not drawn on a page nobody can open.
 */
const MAX_PAGE_SIDE_PT = 14_400;

/** One uploaded SVG as a one-page PDF of vectors (svg-drawings/uploaded-svg.ts), no larger than a PDF page may be. */
export async function drawSvg(file: InputFile, workspace: Workspace, engine: EngineOptions): Promise<string> {
  let drawing: SvgDrawing;
  try {
    drawing = await drawUploadedSvg(file, workspace, engine);
  } catch (error) {
    if (error instanceof UnreadableSvgError) throw new InvalidInputError(`The SVG "${file.originalName}" could not be read: ${error.reason}.`);
    if (error instanceof SvgRenderError) throw new InvalidInputError(`The SVG "${file.originalName}" could not be drawn: ${error.detail}.`);
    throw error;
  }
  if (drawing.width > MAX_PAGE_SIDE_PT || drawing.height > MAX_PAGE_SIDE_PT) {
    throw new InvalidInputError(
      `The SVG "${file.originalName}" is ${Math.round(drawing.width)} × ${Math.round(drawing.height)} pt; a PDF page may be at most ${MAX_PAGE_SIDE_PT} pt (200 inches) on a side.`,
    );
  }
  return drawing.pdf;
}
