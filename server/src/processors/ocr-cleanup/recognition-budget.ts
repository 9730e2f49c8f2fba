import type { InputFile } from '@folio/registry';
import type { ServerConfig } from '../../config';
import { pixelsAt } from '../../engines/poppler';
import { InvalidInputError } from '../../refusals/input-errors';
import { megapixels } from '../../input-checks/raster-budget';
import type { SurveyedPage } from './page-survey';

/**
 * OCRmyPDF draws a page at the resolution of its sharpest picture, and a page
 * of text or drawings at 400 DPI (its VECTOR_PAGE_DPI), before Tesseract reads it.
 */
const VECTOR_PAGE_DPI = 400;

/** The pixels of an ordinary scanned page, a letter page at 300 DPI: the unit of recognition work. */
export const ORDINARY_PAGE_PIXELS = 2550 * 3300;

/** What the pages to recognise come to, in pixels as OCRmyPDF draws them. */
export interface RecognitionSize {
  /** The largest page. */
  largest: number;
  /** All pages together. */
  total: number;
}

/** The resolution OCRmyPDF will draw a page at to recognise it. */
export function recognitionDpi(page: SurveyedPage): number {
  return Math.max(page.imagePpi, page.hasText || !page.hasImages ? VECTOR_PAGE_DPI : 0);
}

/** The pixels of a page drawn for recognition. */
export function recognitionPixels(page: SurveyedPage): number {
  const dpi = recognitionDpi(page);
  return pixelsAt(page.width, dpi) * pixelsAt(page.height, dpi);
}

/**
 * Refuses, before anything is drawn, pages that would not fit the server's
 * raster budgets as OCRmyPDF draws them: how many pages one request may
 * recognise, the pixels of one page, the pixels of the whole request.
 * Answers their pixels: the largest page's for OCRmyPDF's own unpacking guard,
 * the total for the time the work may take.
 */
export function refuseOversizedRecognition(
  file: InputFile,
  pages: readonly SurveyedPage[],
  config: Pick<ServerConfig, 'maxRasterPages' | 'maxPixelsPerPage' | 'maxPixelsPerRequest'>,
): RecognitionSize {
  const { maxRasterPages, maxPixelsPerPage, maxPixelsPerRequest } = config;
  if (pages.length > maxRasterPages) {
    throw new InvalidInputError(
      `"${file.originalName}" has ${pages.length} pages to recognise; one request can recognise up to ${maxRasterPages}. Split the document first.`,
    );
  }
  let total = 0;
  let largest = 0;
  for (const page of pages) {
    const pixels = recognitionPixels(page);
    if (pixels > maxPixelsPerPage) {
      const dpi = recognitionDpi(page);
      const [width, height] = [pixelsAt(page.width, dpi), pixelsAt(page.height, dpi)];
      throw new InvalidInputError(
        `Page ${page.number} of "${file.originalName}" would be ${width} × ${height} pixels when drawn at ${Math.round(dpi)} DPI for recognition; pages of up to ${megapixels(maxPixelsPerPage)} megapixels can be recognised. Scan it at a lower resolution.`,
      );
    }
    total += pixels;
    largest = Math.max(largest, pixels);
  }
  if (total > maxPixelsPerRequest) {
    throw new InvalidInputError(
      `The ${pages.length} pages to recognise in "${file.originalName}" would make ${megapixels(total)} megapixels; one request can recognise up to ${megapixels(maxPixelsPerRequest)}. Split the document or scan at a lower resolution.`,
    );
  }
  return { largest, total };
}
