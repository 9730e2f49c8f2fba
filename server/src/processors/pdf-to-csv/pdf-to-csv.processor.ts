import { writeFile } from 'node:fs/promises';
import { baseName, parsePageSelection, pdfToCsvTool } from '@folio/registry';
import { writeZip } from '../../engines/zip';
import { ToolProcessor, type NoContentOutput, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { toCsv } from '../../text-layout/write/csv';
import { findTables } from '../../text-layout/read/page-drawings';

/**
 * Every table on the chosen pages as CSV: none → 204, one → a CSV file,
 * several → a ZIP with one CSV per table named by page and position (§4.10).
 */
@ToolProcessor(pdfToCsvTool)
export class PdfToCsvProcessor implements Processor<typeof pdfToCsvTool> {
  readonly readsPageContent = true;

  async run({
    files: [file],
    params,
    workspace,
    engine,
  }: ProcessorInput<typeof pdfToCsvTool>): Promise<ProcessorOutput<typeof pdfToCsvTool> | NoContentOutput> {
    // Page numbers past the end are ignored, as in the reference; nothing left means nothing found.
    const pages = parsePageSelection(params.pageNumbers, file.pageCount ?? 0).map((index) => index + 1);
    const tables = pages.length > 0 ? await findTables(file.path, pages, workspace, engine) : [];
    if (tables.length === 0) return { noContent: true };

    const base = baseName(file.originalName);
    if (tables.length === 1) {
      const output = workspace.newPath('.csv');
      await writeFile(output, toCsv(tables[0].rows));
      return { path: output };
    }

    const perPage = new Map<number, number>();
    const entries = [];
    for (const table of tables) {
      const index = (perPage.get(table.page) ?? 0) + 1;
      perPage.set(table.page, index);
      const path = workspace.newPath('.csv');
      await writeFile(path, toCsv(table.rows));
      entries.push({ path, name: `${base}_p${table.page}_t${index}.csv` });
    }
    const zip = workspace.newPath('.zip');
    await writeZip(zip, entries);
    return { path: zip, outcome: 'several-tables' };
  }
}
