import { PageSizes } from 'pdf-lib';
import type { adjustPageSizeTool, ToolParams } from '@folio/registry';
import { createDerivedPdf, drawFitted, embedForPlacement, loadPdf, savePdf, type PlaceablePage } from '../../engines/pdf-lib';
import { definePdfLibTask } from '../../engines/pdf-lib-tasks';

type AdjustParams = ToolParams<typeof adjustPageSizeTool>;

export interface AdjustRequest extends Pick<AdjustParams, 'pageSize' | 'orientation' | 'scaleFactor'> {
  pdf: string;
  output: string;
}

/** Portrait sizes in points, the same as PDFBox's PDRectangle constants the reference uses. */
const SIZES = {
  A0: PageSizes.A0,
  A1: PageSizes.A1,
  A2: PageSizes.A2,
  A3: PageSizes.A3,
  A4: PageSizes.A4,
  A5: PageSizes.A5,
  A6: PageSizes.A6,
  LETTER: PageSizes.Letter,
  LEGAL: PageSizes.Legal,
} satisfies Record<Exclude<AdjustParams['pageSize'], 'KEEP'>, [number, number]>;

/**
 * Task of the pdf-lib engine (engines/pdf-lib-tasks.ts): redraws every page
 * on a new page of the target size (pages embedded as form XObjects so text and
 * vectors stay vector), fitted uniformly, times the scale factor, centred
 * (reference §3.2).
 */
export async function adjustPageSize(request: AdjustRequest): Promise<void> {
  const source = await loadPdf(request.pdf);
  const target = await createDerivedPdf(source);
  const pages = await embedForPlacement(target, source.getPages());
  const [width, height] = targetSize(request, pages[0]);
  for (const page of pages) {
    drawFitted(target.addPage([width, height]), page, { x: 0, y: 0, width, height }, request.scaleFactor);
  }
  await savePdf(target, request.output);
}

/**
 * Width and height of every new page. KEEP takes the first page's size as a viewer
 * shows it (the reference reads its MediaBox, which is sideways for a page with
 * /Rotate 90); orientation applies to named sizes only.
 */
function targetSize(request: AdjustRequest, first: PlaceablePage): [number, number] {
  if (request.pageSize === 'KEEP') return [first.width, first.height];
  const [width, height] = SIZES[request.pageSize];
  return request.orientation === 'LANDSCAPE' ? [height, width] : [width, height];
}

export const adjustPageSizeTask = definePdfLibTask('adjust-page-size', adjustPageSize);
