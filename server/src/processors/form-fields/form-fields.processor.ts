import { writeFile } from 'node:fs/promises';
import { formFieldsTool } from '@folio/registry';
import { fillTemplate } from '../../pdf-objects/forms/field-model';
import { fieldsInPageOrder, readForm } from '../../pdf-objects/forms/form-reading';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Form Fields (reference-beyond §3.2): the form's terminal fields in page
 * order, as the reference's field model, and the template of values
 * `/form/fill` takes. Read from qpdf's listing of the objects; a document
 * without a form answers `{"fields":[],"template":{}}`.
 */
@ToolProcessor(formFieldsTool)
export class FormFieldsProcessor implements Processor<typeof formFieldsTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof formFieldsTool>): Promise<ProcessorOutput> {
    const fields = fieldsInPageOrder(await readForm(file.path, engine));
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify({ fields, template: fillTemplate(fields) }));
    return { path: output };
  }
}
