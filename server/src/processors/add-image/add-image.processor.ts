import { Inject } from '@nestjs/common';
import { addImageTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { readTrimSizes } from '../../engines/poppler';
import { InvalidInputError } from '../../refusals/input-errors';
import { compose, scaling, translation, type Matrix } from '../../page-marks/geometry';
import type { Mark } from '../../page-marks/marks';
import { drawingMark } from '../../page-marks/mark-drawing';
import { sizedImageMark } from '../../page-marks/mark-image';
import { applyMarks, type OverlayPage } from '../../page-marks/overlay';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Add Image to PDF: the picture becomes a mark (a PNG or JPEG embedded as an
 * image, its transparency kept; an SVG cleaned of outside references and drawn
 * by librsvg as vectors), then qpdf lays it over the first or every page as one
 * more content stream, placed on the page as the reader sees it (its trim box,
 * turned by /Rotate), as page-marks/overlay does for stamps.
 *
 * The image never leaves the page unannounced: at its natural size (one pixel
 * a point, the reference's) it is shrunk, proportions kept, to fit between x, y
 * and the page's top-right corner (a 720-pixel photo on A4 would otherwise be
 * cut off); a size asked for that does not fit, or a corner off the page, is
 * refused with the numbers to change.
 */
@ToolProcessor(addImageTool)
export class AddImageProcessor implements Processor<typeof addImageTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof addImageTool>): Promise<ProcessorOutput> {
    // The schema requires the image; this only narrows the type.
    const image = params.imageFile!;
    const size = { width: params.width, height: params.height };
    const mark =
      image.type === 'svg'
        ? await drawingMark(image, size, workspace, engine)
        : await sizedImageMark(image, size, this.config.maxPixelsPerPage, workspace, engine);

    const sizes = await readTrimSizes(file.path, engine);
    const chosen = params.everyPage ? sizes.map((_, page) => page) : [0];
    // Pages of one size share one overlay page: the image sits at the same point on each.
    const overlays = new Map<string, number>();
    const pages: OverlayPage[] = [];
    const targets = chosen.map((page) => {
      const { width, height } = sizes[page];
      const key = `${width}x${height}`;
      let overlay = overlays.get(key);
      if (overlay === undefined) {
        overlays.set(key, (overlay = pages.length));
        const sized = params.width !== undefined || params.height !== undefined;
        pages.push({ width, height, marks: [{ mark: 0, matrix: placement(mark, { width, height }, page, params.x, params.y, sized) }] });
      }
      return { page, overlay };
    });
    return { path: await applyMarks(file, { marks: [mark], pages, targets, opacity: 1 }, workspace, engine) };
  }
}

/** Points compared with a tolerance: sizes read back from pdfinfo are rounded. */
const SLACK = 0.01;

/**
 * Where the image goes on a page of `page` size (the `index`-th, for messages):
 * its lower-left corner at x, y; at its natural size, shrunk to fit what is
 * left of the page above and right of that point.
 */
function placement(mark: Mark, page: { width: number; height: number }, index: number, x: number, y: number, sized: boolean): Matrix {
  const pageText = `page ${index + 1} (${round(page.width)} × ${round(page.height)} pt)`;
  if (x < 0 || y < 0 || x >= page.width || y >= page.height) {
    throw new InvalidInputError(`The image’s lower-left corner, at ${round(x)}, ${round(y)}, is off ${pageText}: X and Y must be inside the page.`);
  }
  const [roomX, roomY] = [page.width - x, page.height - y];
  if (!sized) {
    const shrink = Math.min(1, roomX / mark.width, roomY / mark.height);
    return compose(scaling(shrink, shrink), translation(x, y));
  }
  if (mark.width > roomX + SLACK || mark.height > roomY + SLACK) {
    throw new InvalidInputError(
      `The image, ${round(mark.width)} × ${round(mark.height)} pt at ${round(x)}, ${round(y)}, would run off ${pageText}: there it can be at most ${round(roomX)} pt wide and ${round(roomY)} pt high.`,
    );
  }
  return translation(x, y);
}

const round = (points: number) => String(Math.round(points * 10) / 10);
