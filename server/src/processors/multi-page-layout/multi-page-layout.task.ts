import { rgb } from 'pdf-lib';
import { createDerivedPdf, drawFitted, embedForPlacement, loadPdf, savePdf, type Box } from '../../engines/pdf-lib';
import { definePdfLibTask } from '../../engines/pdf-lib-tasks';

export interface LayoutRequest {
  pdf: string;
  output: string;
  sheet: { width: number; height: number };
  /** The box each slot's page is fitted into, in slot order; as many as pages go on a sheet. */
  cells: Box[];
  /** Width of the border drawn round each placed page, in points; none when absent. */
  border?: number;
}

/**
 * Task of the pdf-lib engine (engines/pdf-lib-tasks.ts): places the pages
 * on sheets, one per cell in slot order, each fitted into its cell and
 * centred, with a border when asked. Pages are embedded as form XObjects, so
 * text and vectors stay vector.
 */
export async function layOutPages({ pdf, output, sheet, cells, border }: LayoutRequest): Promise<void> {
  const source = await loadPdf(pdf);
  const target = await createDerivedPdf(source);
  const pages = await embedForPlacement(target, source.getPages());
  for (let first = 0; first < pages.length; first += cells.length) {
    const page = target.addPage([sheet.width, sheet.height]);
    pages.slice(first, first + cells.length).forEach((placed, slot) => {
      const { drawn } = drawFitted(page, placed, cells[slot]);
      if (border !== undefined) page.drawRectangle({ ...drawn, borderColor: rgb(0, 0, 0), borderWidth: border });
    });
  }
  await savePdf(target, output);
}

export const multiPageLayoutTask = definePdfLibTask('multi-page-layout', layOutPages);
