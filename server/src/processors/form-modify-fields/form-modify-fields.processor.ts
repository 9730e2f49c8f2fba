import { formModifyFieldsTool } from '@folio/registry';
import { generateFormAppearances } from '../../engines/qpdf/qpdf-form-appearances';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { requestAppearances } from '../../pdf-objects/forms/form-edits';
import { formResultName } from '../../pdf-objects/forms/form-file-names';
import { modifyFields } from '../../pdf-objects/forms/form-modifications';
import { parseFieldUpdates } from '../../pdf-objects/forms/form-payloads';
import { readFormTree } from '../../pdf-objects/forms/form-tree';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Modify Form Fields (reference-beyond §3.6): the definitions applied in
 * order to the form's objects (qpdf's JSON update), then the text and choice
 * fields' appearances drawn afresh by qpdf. A document without a form, or
 * whose definitions name no field, comes back unchanged (decrypted).
 */
@ToolProcessor(formModifyFieldsTool)
export class FormModifyFieldsProcessor implements Processor<typeof formModifyFieldsTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof formModifyFieldsTool>): Promise<ProcessorOutput> {
    const updates = parseFieldUpdates(params.updates);
    const edits = await PdfEdits.read(file.path, engine);
    if (modifyFields(edits, updates) > 0) requestAppearances(edits, readFormTree(edits.pdf));

    const edited = workspace.newPath('.pdf');
    await edits.write(file.path, edited, workspace.newPath('.json'), engine, { decrypt: true });
    const output = workspace.newPath('.pdf');
    await generateFormAppearances(edited, output, engine);
    return { path: output, fileName: formResultName(file.originalName, 'updated', 'pdf') };
  }
}
