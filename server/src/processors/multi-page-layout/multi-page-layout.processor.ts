import { PageSizes } from 'pdf-lib';
import { multiPageLayoutTool, type ToolParams } from '@folio/registry';
import type { Box } from '../../engines/pdf-lib';
import { runPdfLibTaskOnPdf } from '../../engines/pdf-lib-tasks';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { multiPageLayoutTask } from './multi-page-layout.task';

type LayoutParams = ToolParams<typeof multiPageLayoutTool>;

export interface Grid {
  rows: number;
  cols: number;
  /** Pages placed on each sheet; fewer than rows × cols when the count is not a full grid. */
  perSheet: number;
}

/**
 * Places the pages on A4 sheets, `perSheet` at a time in reading order, each
 * fitted into its cell and centred, with a border when asked (reference §3.3).
 * The cells are worked out here, so options that leave no room are refused
 * before the document is opened; pdf-lib draws (multi-page-layout.task.ts).
 */
@ToolProcessor(multiPageLayoutTool)
export class MultiPageLayoutProcessor implements Processor<typeof multiPageLayoutTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof multiPageLayoutTool>): Promise<ProcessorOutput> {
    const grid = layoutGrid(params);
    const [width, height] = params.orientation === 'LANDSCAPE' ? [PageSizes.A4[1], PageSizes.A4[0]] : PageSizes.A4;
    const cells = cellBoxes(grid, width, height, params);
    // The reference draws a border of width 0 as 1 pt.
    const border = params.addBorder ? params.borderWidth || 1 : undefined;
    const output = workspace.newPath('.pdf');
    await runPdfLibTaskOnPdf(
      multiPageLayoutTask,
      { pdf: file.path, output, sheet: { width, height }, cells, border },
      { pages: file.pageCount ?? 1, bytes: file.size },
      workspace,
      engine,
    );
    return { path: output };
  }
}

/**
 * Rows and columns of a sheet. CUSTOM gives them; otherwise 2 is two columns side
 * by side and k² a k × k grid, as in the reference, and the other counts up to 16
 * (which the reference refuses) the near-square grid with as many columns as a
 * square would have: 3 → 2 × 2 with one cell empty, 6 → 3 columns × 2 rows.
 */
export function layoutGrid(params: Pick<LayoutParams, 'mode' | 'pagesPerSheet' | 'rows' | 'cols'>): Grid {
  if (params.mode === 'CUSTOM') {
    // Both are required while mode is CUSTOM, so the schema has already checked them.
    const [rows, cols] = [params.rows!, params.cols!];
    return { rows, cols, perSheet: rows * cols };
  }
  const cols = Math.ceil(Math.sqrt(params.pagesPerSheet));
  return { rows: Math.ceil(params.pagesPerSheet / cols), cols, perSheet: params.pagesPerSheet };
}

/** The box each slot's page is fitted into, in slot order; row 0 is the top. */
function cellBoxes(grid: Grid, sheetWidth: number, sheetHeight: number, params: LayoutParams): Box[] {
  const cellWidth = (sheetWidth - params.leftMargin - params.rightMargin) / grid.cols;
  const cellHeight = (sheetHeight - params.topMargin - params.bottomMargin) / grid.rows;
  if (cellWidth <= 0 || cellHeight <= 0) throw new InvalidInputError('The margins leave no room on the sheet for the pages.');
  const inner = params.innerMargin;
  if (cellWidth - 2 * inner <= 0 || cellHeight - 2 * inner <= 0) {
    throw new InvalidInputError(`The inner margin leaves no room for the pages: each cell is ${Math.floor(cellWidth)} × ${Math.floor(cellHeight)} pt.`);
  }
  return Array.from({ length: grid.perSheet }, (_, slot) => {
    const byRows = params.arrangement === 'BY_ROWS';
    const row = byRows ? Math.floor(slot / grid.cols) : slot % grid.rows;
    const column = byRows ? slot % grid.cols : Math.floor(slot / grid.rows);
    const col = params.readingDirection === 'RTL' ? grid.cols - 1 - column : column;
    return {
      x: params.leftMargin + col * cellWidth + inner,
      y: sheetHeight - params.topMargin - (row + 1) * cellHeight + inner,
      width: cellWidth - 2 * inner,
      height: cellHeight - 2 * inner,
    };
  });
}
