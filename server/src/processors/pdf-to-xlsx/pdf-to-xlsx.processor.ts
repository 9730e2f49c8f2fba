import { parsePageSelection, pdfToXlsxTool } from '@folio/registry';
import { writeWorkbook, type Sheet } from '../../spreadsheets/xlsx-workbook';
import { findTables, type Table } from '../../text-layout/read/page-drawings';
import { ToolProcessor, type NoContentOutput, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Every table on the chosen pages, found as PDF to CSV finds them (ruled grids
 * and aligned columns), as a sheet of one workbook: `Page <n>` for a page's
 * only table, `Page <n> Table <k>` where a page has several. None → 204
 * (reference-beyond §7.6).
 */
@ToolProcessor(pdfToXlsxTool)
export class PdfToXlsxProcessor implements Processor<typeof pdfToXlsxTool> {
  readonly readsPageContent = true;

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof pdfToXlsxTool>): Promise<ProcessorOutput | NoContentOutput> {
    // Page numbers past the end are ignored, as in the reference; nothing left means nothing found.
    const pages = parsePageSelection(params.pageNumbers, file.pageCount ?? 0).map((index) => index + 1);
    const tables = pages.length > 0 ? await findTables(file.path, pages, workspace, engine) : [];
    if (tables.length === 0) return { noContent: true };

    const output = workspace.newPath('.xlsx');
    await writeWorkbook(output, sheetsOf(tables));
    return { path: output };
  }
}

/** One sheet per table, named by its page and, where the page has several, its place on it. */
function sheetsOf(tables: readonly Table[]): Sheet[] {
  const perPage = new Map<number, number>();
  for (const table of tables) perPage.set(table.page, (perPage.get(table.page) ?? 0) + 1);
  const seen = new Map<number, number>();
  return tables.map((table) => {
    const k = (seen.get(table.page) ?? 0) + 1;
    seen.set(table.page, k);
    const name = perPage.get(table.page) === 1 ? `Page ${table.page}` : `Page ${table.page} Table ${k}`;
    return { name, rows: table.rows };
  });
}
