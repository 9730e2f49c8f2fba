import type { ServerConfig } from '../config';
import { pixelsAt, type ShownPageSize } from '../engines/poppler';
import { InvalidInputError, TooManyPagesError } from '../refusals/input-errors';
import type { InputFile } from '@folio/registry';

/** Pixel size of a page drawn at some DPI. */
export interface PixelSize {
  width: number;
  height: number;
}

/** One decimal place of megapixels, for messages. e.g. 40 000 000 → 40 */
export const megapixels = (pixels: number) => Math.round(pixels / 100_000) / 10;

/**
 * Refuses, before anything is drawn, pages that would not fit the raster budgets
 * at `dpi`: the page count, the pixels of one page, the pixels of the request.
 * `remedy` ends each message with what the visitor can change (e.g. 'Choose a lower DPI.').
 * Answers the pages' pixel sizes.
 */
export function refuseOversizedRendering(
  file: InputFile,
  pages: readonly ShownPageSize[],
  dpi: number,
  config: Pick<ServerConfig, 'maxRasterPages' | 'maxPixelsPerPage' | 'maxPixelsPerRequest'>,
  remedy: { page: string; request: string },
): PixelSize[] {
  const { maxRasterPages, maxPixelsPerPage, maxPixelsPerRequest } = config;
  if (pages.length > maxRasterPages) throw new TooManyPagesError(pages.length, maxRasterPages);
  const sizes = pages.map((page) => ({ width: pixelsAt(page.width, dpi), height: pixelsAt(page.height, dpi) }));
  let total = 0;
  for (const { width, height } of sizes) {
    if (width * height > maxPixelsPerPage) {
      throw new InvalidInputError(
        `A page of "${file.originalName}" would be ${width} × ${height} pixels at ${dpi} DPI; pages of up to ${megapixels(maxPixelsPerPage)} megapixels can be rendered. ${remedy.page}`,
      );
    }
    total += width * height;
  }
  if (total > maxPixelsPerRequest) {
    throw new InvalidInputError(
      `The ${pages.length} pages of "${file.originalName}" would make ${megapixels(total)} megapixels at ${dpi} DPI; one request can render up to ${megapixels(maxPixelsPerRequest)}. ${remedy.request}`,
    );
  }
  return sizes;
}

/**
 * A tool's own pixel budget for one request, set by how fast it draws (or
 * searches) so that the work ends within the job's time limit.
 */
export function pixelsWithinTimeLimit(timeLimitMs: number, pixelsPerSecond: number): number {
  return (timeLimitMs / 1000) * pixelsPerSecond;
}

/**
 * Refuses pages whose pixels together pass a tool's own budget (`maxPixels`,
 * see `pixelsWithinTimeLimit`). `work` names what the tool does with them (e.g.
 * 'the scanner effect draws'); `remedy` ends the message.
 */
export function refuseBeyondToolBudget(
  file: InputFile,
  pixels: readonly PixelSize[],
  dpi: number,
  maxPixels: number,
  texts: { work: string; remedy: string },
): void {
  const total = pixels.reduce((sum, page) => sum + page.width * page.height, 0);
  if (total > maxPixels) {
    throw new InvalidInputError(
      `The ${pixels.length} pages of "${file.originalName}" would make ${megapixels(total)} megapixels at ${dpi} DPI; ${texts.work} up to ${megapixels(maxPixels)} per request. ${texts.remedy}`,
    );
  }
}
