import type { PDFPage } from 'pdf-lib';
import type { Margins } from '@folio/registry';
// The kit's own module, not the registry's index: this runs in the pdf-lib engine's process, which has no use for every tool's declaration.
import { cropBoxFromMargins } from '@folio/registry/dist/kit/crop-geometry';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { intersectBoxes, loadPdf, pageRotation, savePdf, setPageBox, shownSize, visibleBox, type Box } from '../../engines/pdf-lib';
import { InvalidInputError } from '../../refusals/input-errors';
import { definePdfLibTask } from '../../engines/pdf-lib-tasks';

/** What to cut: the same margins from every page, the API client's rectangle, or each page's own margins (`null`: leave it whole). */
export type Cut = { margins: Margins } | { rectangle: Box } | { pageMargins: (Margins | null)[] };

export interface CropRequest {
  pdf: string;
  output: string;
  cut: Cut;
}

/**
 * Task of the pdf-lib engine (engines/pdf-lib-tasks.ts): sets each page's
 * MediaBox and CropBox to its crop. Margins are on the sides as the page is
 * shown, so they are turned by the page's own /Rotate first.
 */
export async function cropPages({ pdf, output, cut }: CropRequest): Promise<void> {
  const doc = await loadPdf(pdf);
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const crop = cropOf(page, i, pages.length, cut);
    if (crop) setPageBox(page, crop);
  });
  await savePdf(doc, output);
}

function cropOf(page: PDFPage, index: number, pageCount: number, cut: Cut): Box | undefined {
  if ('rectangle' in cut) {
    const { x, y, width, height } = cut.rectangle;
    // Cropping never enlarges a page: the rectangle is clipped to what the page shows.
    const crop = intersectBoxes(cut.rectangle, visibleBox(page));
    if (!crop) throw new InvalidInputError(`The crop rectangle (x ${x}, y ${y}, width ${width}, height ${height}) lies outside page ${index + 1}.`);
    return crop;
  }
  if ('pageMargins' in cut) {
    // Only a damaged file makes the renderer that measured the margins see other pages than pdf-lib (which may read a repaired copy).
    if (cut.pageMargins.length !== pageCount) throw new PdfCorruptedError(undefined, `Poppler drew ${cut.pageMargins.length} of ${pageCount} pages`);
    const margins = cut.pageMargins[index];
    return margins ? cropBoxFromMargins(visibleBox(page), pageRotation(page), margins) : undefined;
  }
  const crop = cropBoxFromMargins(visibleBox(page), pageRotation(page), cut.margins);
  if (!crop) {
    const { width, height } = shownSize(page);
    throw new InvalidInputError(
      `The margins leave nothing of page ${index + 1}, which is ${round(width)} × ${round(height)} px: left and right together must be less than its width, top and bottom less than its height.`,
    );
  }
  return crop;
}

const round = (value: number) => Math.round(value * 100) / 100;

export const cropPdfTask = definePdfLibTask('crop-pdf', cropPages);
