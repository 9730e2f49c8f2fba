import { join } from 'node:path';
import type { InputFile } from '@folio/registry';
import { readPageSizes } from '../../engines/poppler';
import type { EngineOptions } from '../../engines/process';
import { svgToPdf, SvgRenderError } from '../../engines/rsvg';
import { cleanSvg, UnreadableSvgError } from '../../engines/svg-clean';
import { InvalidInputError } from '../../refusals/input-errors';
import type { Workspace } from '../../workspace/workspace';

/**
 * The longest side a page may have, in points: 200 inches, the limit PDF
 * readers keep to (ISO 32000-1 Annex C). A drawing declared larger (a million
 * pixels wide) is refused, not drawn on a page nobody can open.
 */
const MAX_PAGE_SIDE_PT = 14_400;

/**
 * One uploaded SVG as a one-page PDF of vectors, the drawing's own size (one
 * CSS pixel a point): cleaned of everything that reaches outside the file,
 * alone in a folder of its own, then drawn by librsvg.
 */
export async function drawSvg(file: InputFile, workspace: Workspace, engine: EngineOptions): Promise<string> {
  const svg = join(await workspace.newFolder(), 'drawing.svg');
  const pdf = workspace.newPath('.pdf');
  try {
    await cleanSvg(file.path, svg, engine);
    await svgToPdf(svg, pdf, engine);
  } catch (error) {
    if (error instanceof UnreadableSvgError) throw new InvalidInputError(`The SVG "${file.originalName}" could not be read: ${error.reason}.`);
    if (error instanceof SvgRenderError) throw new InvalidInputError(`The SVG "${file.originalName}" could not be drawn: ${error.detail}.`);
    throw error;
  }
  // Read by pdfinfo, not by a parser in the server's process: the PDF is librsvg's, but made from a visitor's file.
  const [size] = await readPageSizes(pdf, engine);
  if (!size || !(size.width > 0 && size.height > 0)) throw new InvalidInputError(`The SVG "${file.originalName}" has no size to draw it at.`);
  if (size.width > MAX_PAGE_SIDE_PT || size.height > MAX_PAGE_SIDE_PT) {
    throw new InvalidInputError(
      `The SVG "${file.originalName}" is ${Math.round(size.width)} × ${Math.round(size.height)} pt; a PDF page may be at most ${MAX_PAGE_SIDE_PT} pt (200 inches) on a side.`,
    );
  }
  return pdf;
}
