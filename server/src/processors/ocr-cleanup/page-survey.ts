import { listImages, readPageSizes } from '../../engines/poppler';
import { readPageTexts } from '../../engines/poppler-text';
import type { EngineOptions } from '../../engines/process';

/**
 * What OCR needs to know of each page before it starts, read without drawing
 * anything: whether it has text, how large it would be drawn, and whether it
 * holds pictures at all.
 */
export interface SurveyedPage {
  /** 1-based. */
  number: number;
  /** Shown size in points (crop box, turned by /Rotate). */
  width: number;
  height: number;
  /** Some text can be extracted from it (visible or not: earlier OCR counts). */
  hasText: boolean;
  /** It draws at least one raster image. */
  hasImages: boolean;
  /** The highest resolution at which it draws an image, in pixels per inch (0 without images). */
  imagePpi: number;
}

/**
 * One pass each of pdfinfo (sizes), pdftotext (text) and pdfimages -list
 * (images, not decoded), run side by side: cheap next to recognising a page.
 */
export async function surveyPages(pdf: string, pageCount: number, engine: EngineOptions): Promise<SurveyedPage[]> {
  const [sizes, texts, images] = await Promise.all([
    readPageSizes(pdf, engine),
    readPageTexts(pdf, pageCount, engine),
    listImages(pdf, { first: 1, last: pageCount }, engine),
  ]);
  const pages: SurveyedPage[] = sizes.map((size, index) => ({
    number: index + 1,
    width: size.width,
    height: size.height,
    hasText: /\S/.test(texts[index] ?? ''),
    hasImages: false,
    imagePpi: 0,
  }));
  for (const image of images) {
    const page = pages[image.page - 1];
    if (!page) continue;
    page.hasImages = true;
    page.imagePpi = Math.max(page.imagePpi, image.xPpi, image.yPpi);
  }
  return pages;
}
