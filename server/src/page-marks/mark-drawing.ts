import type { InputFile } from '@folio/registry';
import type { EngineOptions } from '../engines/process';
import { SvgRenderError } from '../engines/rsvg';
import { UnreadableSvgError } from '../engines/svg-clean';
import { InvalidInputError } from '../refusals/input-errors';
import { drawUploadedSvg, type SvgDrawing } from '../svg-drawings/uploaded-svg';
import type { Workspace } from '../workspace/workspace';
import type { ImageMarkSize } from './mark-image';
import type { Mark } from './marks';

/**
 * An uploaded SVG as a mark of vectors: the one-page PDF librsvg draws of it
 * (svg-drawings/uploaded-svg.ts), which the overlay embeds as a form (no
 * picture is made). Its natural size is the drawing's own, one CSS pixel a
 * point; `size` sets it as for images.
 */
export async function drawingMark(file: InputFile, size: ImageMarkSize, workspace: Workspace, engine: EngineOptions): Promise<Mark> {
  let drawing: SvgDrawing;
  try {
    drawing = await drawUploadedSvg(file, workspace, engine);
  } catch (error) {
    if (error instanceof UnreadableSvgError || error instanceof SvgRenderError) {
      throw new InvalidInputError(`The SVG "${file.originalName}" could not be read: ${error instanceof UnreadableSvgError ? error.reason : error.detail}.`);
    }
    throw error;
  }
  const { pdf, width: naturalWidth, height: naturalHeight } = drawing;
  const width = size.width ?? (size.height === undefined ? naturalWidth : (size.height * naturalWidth) / naturalHeight);
  const height = size.height ?? (size.width === undefined ? naturalHeight : (size.width * naturalHeight) / naturalWidth);
  return { width, height, source: { kind: 'drawing', pdf, page: 0, left: 0, bottom: 0 } };
}
