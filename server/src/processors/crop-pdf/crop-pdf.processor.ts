import { Inject } from '@nestjs/common';
import { cropPdfTool, type Margins, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { runPdfLibTaskOnPdf } from '../../engines/pdf-lib-tasks';
import { readGrayImage, readPageSizes, renderGrayPages, type GrayImage, type ShownPageSize } from '../../engines/poppler';
import type { EngineOptions } from '../../engines/process';
import { InvalidInputError, TooManyPagesError } from '../../refusals/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { refuseContentBombs } from '../../input-checks/content-budget';
import type { Cut } from './crop-pdf.task';
import { cropPdfTask } from './crop-pdf.task';

type CropParams = ToolParams<typeof cropPdfTool>;

/** Grey levels from here up count as paper, not ink (reference §3.1: R, G and B all ≥ 250). */
const WHITE = 250;

/**
 * Sets each page's MediaBox and CropBox to its crop (pdf-lib, crop-pdf.task.ts):
 * the content stays as it is, text remains text, and what lies outside is
 * hidden, not deleted (the reference deletes it with Ghostscript, which we do
 * not ship). The crop is one of: the content's bounds (`autoCrop`), the
 * visitor's margins, or the API client's rectangle.
 */
@ToolProcessor(cropPdfTool)
export class CropPdfProcessor implements Processor<typeof cropPdfTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof cropPdfTool>): Promise<ProcessorOutput> {
    const cut: Cut = params.autoCrop ? { pageMargins: await this.contentMargins(file, workspace, engine) } : requestedCut(params);
    const output = workspace.newPath('.pdf');
    await runPdfLibTaskOnPdf(cropPdfTask, { pdf: file.path, output, cut }, { pages: file.pageCount ?? 1, bytes: file.size }, workspace, engine);
    return { path: output };
  }

  /** The paper around each page's content, found on a grey rendering; null for a blank page, which stays whole. */
  private async contentMargins(file: InputFile, workspace: Workspace, engine: EngineOptions): Promise<(Margins | null)[]> {
    const { maxRasterPages, maxPixelsPerPage } = this.config;
    if ((file.pageCount ?? 1) > maxRasterPages) throw new TooManyPagesError(file.pageCount ?? 1, maxRasterPages);
    const sizes = await readPageSizes(file.path, engine);
    // 72 dpi draws one pixel per point; only a page too large for the pixel budget is drawn coarser.
    const largestArea = Math.max(...sizes.map((size) => size.width * size.height));
    const dpi = Math.min(72, Math.floor(72 * Math.sqrt(maxPixelsPerPage / largestArea) * 100) / 100);
    // Only this mode draws the pages, so only it weighs their content first (the runner's check is per processor).
    await refuseContentBombs(file, this.config.maxDecodedContentBytes, { workspace, engine });
    const images = await renderGrayPages(file.path, sizes.length, workspace.newPath(), dpi, engine);
    if (images.length !== sizes.length) throw new PdfCorruptedError(file.originalName, `Poppler drew ${images.length} of ${sizes.length} pages`);

    const margins: (Margins | null)[] = [];
    for (const [i, size] of sizes.entries()) {
      const image = await readGrayImage(images[i]);
      const ink = inkBounds(image);
      margins.push(ink ? marginsAround(ink, image, size) : null);
    }
    return margins;
  }
}

/** The margins (any above 0), else the API client's rectangle, else the margins of 0. */
function requestedCut(params: CropParams): Cut {
  const margins: Margins = { top: params.top, right: params.right, bottom: params.bottom, left: params.left };
  const { x, y, width, height } = params;
  const rectangle = [x, y, width, height];
  // The page always sends its margins (0 by default) beside the rectangle it worked out for the first
  // page; margins of 0 cannot be told from absent ones, and cut nothing, so they defer to a rectangle.
  if (Object.values(margins).every((margin) => margin === 0) && rectangle.some((value) => value !== undefined)) {
    if (x === undefined || y === undefined || width === undefined || height === undefined) {
      throw new InvalidInputError('Crop coordinates (x, y, width, height) are required when auto-crop is not enabled');
    }
    return { rectangle: { x, y, width, height } };
  }
  return { margins };
}

/** Pixel rows and columns, inclusive, that hold ink. */
interface PixelBounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The smallest rectangle holding every pixel darker than white, or undefined for a blank page. */
function inkBounds({ width, height, pixels }: GrayImage): PixelBounds | undefined {
  let bounds: PixelBounds | undefined;
  for (let row = 0; row < height; row++) {
    const start = row * width;
    let first = -1;
    for (let col = 0; col < width; col++) {
      if (pixels[start + col] < WHITE) {
        first = col;
        break;
      }
    }
    if (first < 0) continue;
    let last = width - 1;
    while (pixels[start + last] >= WHITE) last--;
    if (!bounds) bounds = { left: first, top: row, right: last, bottom: row };
    bounds.left = Math.min(bounds.left, first);
    bounds.right = Math.max(bounds.right, last);
    bounds.bottom = row;
  }
  return bounds;
}

/** The paper around the ink, in points, on each side as the page is shown. */
function marginsAround(ink: PixelBounds, image: GrayImage, shown: ShownPageSize): Margins {
  const perColumn = shown.width / image.width;
  const perRow = shown.height / image.height;
  return {
    top: ink.top * perRow,
    bottom: (image.height - 1 - ink.bottom) * perRow,
    left: ink.left * perColumn,
    right: (image.width - 1 - ink.right) * perColumn,
  };
}
