import { writeFile } from 'node:fs/promises';
import { formFieldsWithCoordinatesTool } from '@folio/registry';
import { fieldsWithCoordinates } from '../../pdf-objects/forms/field-coordinates';
import { readForm } from '../../pdf-objects/forms/form-reading';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Form Fields with Coordinates (reference-beyond §3.3): each terminal field
 * with its widgets' boxes, top-left based in the page's crop box, sorted by
 * page and then top to bottom, left to right. No form: `[]`.
 */
@ToolProcessor(formFieldsWithCoordinatesTool)
export class FormFieldsWithCoordinatesProcessor implements Processor<typeof formFieldsWithCoordinatesTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof formFieldsWithCoordinatesTool>): Promise<ProcessorOutput> {
    const form = await readForm(file.path, engine);
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify(fieldsWithCoordinates(form.edits.pdf, form.tree, form.described)));
    return { path: output };
  }
}
