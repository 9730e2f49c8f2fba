import { Inject } from '@nestjs/common';
import { addImageTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { readTrimSizes } from '../../engines/poppler';
import { translation } from '../../page-marks/geometry';
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
 */
@ToolProcessor(addImageTool)
export class AddImageProcessor implements Processor<typeof addImageTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof addImageTool>): Promise<ProcessorOutput> {
    // The schema requires the image; this only narrows the type.
    const image = params.imageFile!;
    const size = { width: params.width, height: params.height };
    const mark = image.type === 'svg' ? await drawingMark(image, size, workspace, engine) : await sizedImageMark(image, size, this.config.maxPixelsPerPage, workspace, engine);

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
        pages.push({ width, height, marks: [{ mark: 0, matrix: translation(params.x, params.y) }] });
      }
      return { page, overlay };
    });
    return { path: await applyMarks(file, { marks: [mark], pages, targets, opacity: 1 }, workspace, engine) };
  }
}
