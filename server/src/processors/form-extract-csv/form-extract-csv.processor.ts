import { writeFile } from 'node:fs/promises';
import { formExtractCsvTool } from '@folio/registry';
import { formResultName } from '../../pdf-objects/forms/form-file-names';
import { parseFieldValues } from '../../pdf-objects/forms/form-payloads';
import { fieldsInPageOrder, readForm } from '../../pdf-objects/forms/form-reading';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Form Data to CSV (reference-beyond §3.4): `data`'s values set in memory
 * (leniently: a value a field cannot take is skipped), then one row per
 * field in `/form/fields` order, written as OpenCSV writes it: every cell
 * quoted, quotes doubled, lines ended by \n.
 */
@ToolProcessor(formExtractCsvTool)
export class FormExtractCsvProcessor implements Processor<typeof formExtractCsvTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof formExtractCsvTool>): Promise<ProcessorOutput> {
    const fields = fieldsInPageOrder(await readForm(file.path, engine, parseFieldValues(params.data)));
    const rows = [['Field Name', 'Value'], ...fields.map((field) => [field.name, field.value ?? ''])];
    const output = workspace.newPath('.csv');
    await writeFile(output, rows.map((row) => row.map(quoted).join(',') + '\n').join(''));
    return { path: output, fileName: formResultName(file.originalName, 'extracted', 'csv') };
  }
}

const quoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
