import { createDerivedPdf, drawAt, embedForPlacement, loadPdf, savePdf } from '../../engines/pdf-lib';
import { definePdfLibTask } from '../../engines/pdf-lib-tasks';

export interface StackRequest {
  pdf: string;
  output: string;
}

/**
 * Task of the pdf-lib engine (engines/pdf-lib-tasks.ts): stacks every page,
 * in order from the top, on one page as wide as the widest and as tall as all
 * of them, each against the left edge. Pages are embedded as form XObjects, so
 * text and vectors stay vector.
 */
export async function stackPages({ pdf, output }: StackRequest): Promise<void> {
  const source = await loadPdf(pdf);
  const target = await createDerivedPdf(source);
  const pages = await embedForPlacement(target, source.getPages());
  const width = Math.max(...pages.map((page) => page.width));
  const height = pages.reduce((sum, page) => sum + page.height, 0);
  const sheet = target.addPage([width, height]);
  let top = height;
  for (const page of pages) {
    top -= page.height;
    drawAt(sheet, page, 0, top, 1);
  }
  await savePdf(target, output);
}

export const singleLargePageTask = definePdfLibTask('single-large-page', stackPages);
