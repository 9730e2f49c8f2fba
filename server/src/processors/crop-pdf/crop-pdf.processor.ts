import { Inject } from '@nestjs/common';
import type { PDFPage } from 'pdf-lib';
import { cropBoxFromMargins, cropPdfTool, type Margins, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { intersectBoxes, openPdf, pageRotation, savePdf, setPageBox, shownSize, visibleBox, type Box } from '../../engines/pdf-lib';
import { readGrayImage, renderGrayPages, type GrayImage } from '../../engines/poppler';
import type { EngineOptions } from '../../engines/process';
import { TooManyPagesError } from '../../input-checks/input-errors';
import { ApiError } from '../../http/api-error';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-routing/processor';
import type { Workspace } from '../../workspace/workspace';
import { refuseContentBombs } from '../../input-checks/content-budget';

type CropParams = ToolParams<typeof cropPdfTool>;

/** Grey levels from here up count as paper, not ink (reference §3.1: R, G and B all ≥ 250). */
const WHITE = 250;

/**
 * Sets each page's MediaBox and CropBox to its crop (pdf-lib): the content stays
 * as it is, text remains text, and what lies outside is hidden, not deleted
 * (the reference deletes it with Ghostscript, which we do not ship). The crop is
 * one of: the content's bounds (`autoCrop`), the visitor's margins, or the API
 * client's rectangle.
 */
@ToolProcessor(cropPdfTool)
export class CropPdfProcessor implements Processor<typeof cropPdfTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof cropPdfTool>): Promise<ProcessorOutput> {
    const doc = await openPdf(file.path, workspace, engine);
    const pages = doc.getPages();
    const crops = params.autoCrop ? await this.contentBoxes(file, pages, workspace, engine) : requestedBoxes(pages, params);
    pages.forEach((page, i) => {
      const crop = crops[i];
      if (crop) setPageBox(page, crop);
    });
    const output = workspace.newPath('.pdf');
    await savePdf(doc, output);
    return { path: output };
  }

  /** Each page's content bounds, found on a grey rendering; undefined for a blank page, which stays whole. */
  private async contentBoxes(file: InputFile, pages: PDFPage[], workspace: Workspace, engine: EngineOptions): Promise<(Box | undefined)[]> {
    const { maxRasterPages, maxPixelsPerPage } = this.config;
    if (pages.length > maxRasterPages) throw new TooManyPagesError(pages.length, maxRasterPages);
    // 72 dpi draws one pixel per point; only a page too large for the pixel budget is drawn coarser.
    const largestArea = Math.max(...pages.map(visibleBox).map((box) => box.width * box.height));
    const dpi = Math.min(72, Math.floor(72 * Math.sqrt(maxPixelsPerPage / largestArea) * 100) / 100);
    // Only this mode draws the pages, so only it weighs their content first (the runner's check is per processor).
    await refuseContentBombs(file, this.config.maxDecodedContentBytes, { workspace, engine });
    const images = await renderGrayPages(file.path, pages.length, workspace.newPath(), dpi, engine);
    // Only a damaged file makes Poppler see other pages than pdf-lib (which may have read a repaired copy).
    if (images.length !== pages.length) throw new PdfCorruptedError(file.originalName, `Poppler drew ${images.length} of ${pages.length} pages`);

    const boxes: (Box | undefined)[] = [];
    for (const [i, page] of pages.entries()) {
      const image = await readGrayImage(images[i]);
      const ink = inkBounds(image);
      boxes.push(ink && cropBoxFromMargins(visibleBox(page), pageRotation(page), marginsAround(ink, image, page)));
    }
    return boxes;
  }
}

/** The crop of each page from the margins (any above 0), else the API client's rectangle, else the margins of 0. */
function requestedBoxes(pages: PDFPage[], params: CropParams): Box[] {
  const margins: Margins = { top: params.top, right: params.right, bottom: params.bottom, left: params.left };
  const { x, y, width, height } = params;
  const rectangle = [x, y, width, height];
  // The page always sends its margins (0 by default) beside the rectangle it worked out for the first
  // page; margins of 0 cannot be told from absent ones, and cut nothing, so they defer to a rectangle.
  if (Object.values(margins).every((margin) => margin === 0) && rectangle.some((value) => value !== undefined)) {
    if (x === undefined || y === undefined || width === undefined || height === undefined) {
      throw ApiError.invalidArgument('Crop coordinates (x, y, width, height) are required when auto-crop is not enabled');
    }
    return pages.map((page, i) => {
      // Cropping never enlarges a page: the rectangle is clipped to what the page shows.
      const crop = intersectBoxes({ x, y, width, height }, visibleBox(page));
      if (!crop) throw ApiError.invalidArgument(`The crop rectangle (x ${x}, y ${y}, width ${width}, height ${height}) lies outside page ${i + 1}.`);
      return crop;
    });
  }
  return pages.map((page, i) => {
    const crop = cropBoxFromMargins(visibleBox(page), pageRotation(page), margins);
    if (!crop) {
      const { width: shownWidth, height: shownHeight } = shownSize(page);
      throw ApiError.invalidArgument(
        `The margins leave nothing of page ${i + 1}, which is ${round(shownWidth)} × ${round(shownHeight)} px: left and right together must be less than its width, top and bottom less than its height.`,
      );
    }
    return crop;
  });
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
function marginsAround(ink: PixelBounds, image: GrayImage, page: PDFPage): Margins {
  const shown = shownSize(page);
  const perColumn = shown.width / image.width;
  const perRow = shown.height / image.height;
  return {
    top: ink.top * perRow,
    bottom: (image.height - 1 - ink.bottom) * perRow,
    left: ink.left * perColumn,
    right: (image.width - 1 - ink.right) * perColumn,
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
