import type { InputFile } from '@folio/registry';
import type { ServerConfig } from '../../config';
import { pixelsAt } from '../../engines/poppler';
import { InvalidInputError } from '../../input-checks/input-errors';
import { megapixels } from '../../input-checks/raster-budget';
import type { SurveyedPage } from './page-survey';

/**
 * OCRmyPDF draws a page at the resolution of its sharpest picture, and a page
 * of text or drawings at 400 DPI (its VECTOR_PAGE_DPI), before Tesseract reads it.
 */
const VECTOR_PAGE_DPI = 400;

/** The resolution OCRmyPDF will draw a page at to recognise it. */
export function recognitionDpi(page: SurveyedPage): number {
  return Math.max(page.imagePpi, page.hasText || !page.hasImages ? VECTOR_PAGE_DPI : 0);
}

/**
 * Refuses, before anything is drawn, pages that would not fit the server's
 * raster budgets as OCRmyPDF draws them: how many pages one request may
 * recognise, the pixels of one page, the pixels of the whole request.
 * Answers the largest page's pixels, for OCRmyPDF's own unpacking guard.
 */
export function refuseOversizedRecognition(
  file: InputFile,
  pages: readonly SurveyedPage[],
  config: Pick<ServerConfig, 'maxRasterPages' | 'maxPixelsPerPage' | 'maxPixelsPerRequest'>,
): number {
  const { maxRasterPages, maxPixelsPerPage, maxPixelsPerRequest } = config;
  if (pages.length > maxRasterPages) {
    throw new InvalidInputError(
      `"${file.originalName}" has ${pages.length} pages to recognise; one request can recognise up to ${maxRasterPages}. Split the document first.`,
    );
  }
  let total = 0;
  let largest = 0;
  for (const page of pages) {
    const dpi = recognitionDpi(page);
    const [width, height] = [pixelsAt(page.width, dpi), pixelsAt(page.height, dpi)];
    if (width * height > maxPixelsPerPage) {
      throw new InvalidInputError(
        `Page ${page.number} of "${file.originalName}" would be ${width} × ${height} pixels when drawn at ${Math.round(dpi)} DPI for recognition; pages of up to ${megapixels(maxPixelsPerPage)} megapixels can be recognised. Scan it at a lower resolution.`,
      );
    }
    total += width * height;
    largest = Math.max(largest, width * height);
  }
  if (total > maxPixelsPerRequest) {
    throw new InvalidInputError(
      `The ${pages.length} pages to recognise in "${file.originalName}" would make ${megapixels(total)} megapixels; one request can recognise up to ${megapixels(maxPixelsPerRequest)}. Split the document or scan at a lower resolution.`,
    );
  }
  return largest;
}
