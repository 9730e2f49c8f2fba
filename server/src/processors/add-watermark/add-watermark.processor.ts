import { Inject } from '@nestjs/common';
import { addWatermarkTool, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { rasterisePdf, RasterisationError } from '../../engines/ghostscript';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { readPageSizes, readTrimSizes } from '../../engines/poppler';
import type { EngineOptions } from '../../engines/process';
import { refuseContentBombs } from '../../input-checks/content-budget';
import { refuseOversizedRendering } from '../../input-checks/raster-budget';
import { parseHexColour } from '../../page-marks/colours';
import { imageMark } from '../../page-marks/mark-image';
import { shapeTexts, textLines } from '../../page-marks/mark-text';
import type { Mark } from '../../page-marks/marks';
import { applyMarks, type OverlayPage } from '../../page-marks/overlay';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { tileMatrices } from './watermark-tiles';

type Params = ToolParams<typeof addWatermarkTool>;

/** Resolution of the pictures pages become with `convertPDFToImage` (the reference uses its maximum, 500 DPI: pages of 60 MB). */
export const PICTURE_DPI = 150;

/**
 * Add Watermark: the text shaped once by Pango (or the image), copied in a
 * grid over every page by qpdf as one more content stream per page
 * (page-marks/overlay); with `convertPDFToImage`, Ghostscript then turns every
 * page into one picture.
 */
@ToolProcessor(addWatermarkTool)
export class AddWatermarkProcessor implements Processor<typeof addWatermarkTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof addWatermarkTool>): Promise<ProcessorOutput> {
    if (params.convertPDFToImage) await this.refuseOversizedPictures(file, workspace, engine);
    const sizes = await readTrimSizes(file.path, engine);
    const mark = await this.watermark(params, workspace, engine);

    // Pages of one size share one overlay page of copies.
    const overlays = new Map<string, number>();
    const pages: OverlayPage[] = [];
    const settings = { rotation: params.rotation, widthSpacer: params.widthSpacer, heightSpacer: params.heightSpacer };
    const targets = sizes.map((size, page) => {
      const key = `${size.width}x${size.height}`;
      let overlay = overlays.get(key);
      if (overlay === undefined) {
        overlays.set(key, (overlay = pages.length));
        pages.push({ ...size, marks: tileMatrices(size, mark, settings).map((matrix) => ({ mark: 0, matrix })) });
      }
      return { page, overlay };
    });
    // API clients send opacity (0-1); the page sends opacityText (percent).
    const opacity = params.opacity ?? params.opacityText / 100;
    const marked = await applyMarks(file, { marks: [mark], pages, targets, opacity }, workspace, engine);
    if (!params.convertPDFToImage) return { path: marked };

    const pictures = workspace.newPath('.pdf');
    await rasterisePdf(marked, sizes.length, pictures, PICTURE_DPI, engine).catch((error: unknown) => {
      throw error instanceof RasterisationError ? new PdfCorruptedError(file.originalName, error.detail) : error;
    });
    return { path: pictures };
  }

  private async watermark(params: Params, workspace: Workspace, engine: EngineOptions): Promise<Mark> {
    if (params.watermarkType === 'image') {
      // The schema requires the image while the type is image; this only narrows the type.
      return imageMark(params.watermarkImage!, params.fontSize, this.config.maxPixelsPerPage, workspace, engine);
    }
    const colour = parseHexColour(params.customColor ?? '#000000', addWatermarkTool.fields.customColor.invalid);
    const style = { alphabet: params.alphabet ?? 'roman', size: params.fontSize, colour, align: 'center' } as const;
    const [mark] = await shapeTexts([textLines(params.watermarkText ?? '')], style, workspace, engine);
    return mark;
  }

  /** Pages become pictures only within the raster budgets, and only from content that does not inflate past its own. */
  private async refuseOversizedPictures(file: InputFile, workspace: Workspace, engine: EngineOptions): Promise<void> {
    refuseOversizedRendering(file, await readPageSizes(file.path, engine), PICTURE_DPI, this.config, {
      page: 'Leave the pages as they are (convertPDFToImage off).',
      request: 'Watermark fewer pages at a time, or leave them as they are (convertPDFToImage off).',
    });
    await refuseContentBombs(file, this.config.maxDecodedContentBytes, { workspace, engine });
  }
}
