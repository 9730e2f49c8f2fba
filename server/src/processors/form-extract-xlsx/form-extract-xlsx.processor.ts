import { formExtractXlsxTool } from '@folio/registry';
import { formResultName } from '../../pdf-objects/forms/form-file-names';
import { parseFieldValues } from '../../pdf-objects/forms/form-payloads';
import { fieldsInPageOrder, readForm } from '../../pdf-objects/forms/form-reading';
import { writeWorkbook } from '../../spreadsheets/xlsx-workbook';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Form Data to Excel (reference-beyond §3.4): `data`'s values set in memory
 * (leniently), then a "Form Fields" sheet: a header row and one row per
 * field, name and value, in `/form/fields` order.
 */
@ToolProcessor(formExtractXlsxTool)
export class FormExtractXlsxProcessor implements Processor<typeof formExtractXlsxTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof formExtractXlsxTool>): Promise<ProcessorOutput> {
    const fields = fieldsInPageOrder(await readForm(file.path, engine, parseFieldValues(params.data)));
    const output = workspace.newPath('.xlsx');
    await writeWorkbook(output, [{ name: 'Form Fields', rows: [['Field Name', 'Value'], ...fields.map((field) => [field.name, field.value ?? ''])] }]);
    return { path: output, fileName: formResultName(file.originalName, 'extracted', 'xlsx') };
  }
}
