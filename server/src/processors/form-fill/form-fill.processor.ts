import { flattenFormFields } from '../../pdf-objects/forms/form-flattening';
import { formFillTool } from '@folio/registry';
import { generateFormAppearances } from '../../engines/qpdf/qpdf-form-appearances';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { requestAppearances } from '../../pdf-objects/forms/form-edits';
import { formResultName } from '../../pdf-objects/forms/form-file-names';
import { parseFieldValues } from '../../pdf-objects/forms/form-payloads';
import { applyValues } from '../../pdf-objects/forms/form-reading';
import { readFormTree } from '../../pdf-objects/forms/form-tree';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { placeStrayWidgets } from './widget-geometry';

/** The reference's words for values sent for a document without a form (it answers 500; here the client's 400). */
export const NO_FORM = 'No AcroForm present in document';

/**
 * Fill PDF Form (reference-beyond §3.5): `data`'s values set on the form's
 * objects strictly (a value a radio group or a choice field cannot take is
 * refused), widgets without a usable box placed on their page, the text and
 * choice fields' appearances drawn afresh by qpdf; with `flatten`, every
 * field drawn into its page and the form removed as Flatten does it (comments
 * and links stay annotations). Values for a
 * document without a form are refused.
 */
@ToolProcessor(formFillTool)
export class FormFillProcessor implements Processor<typeof formFillTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof formFillTool>): Promise<ProcessorOutput> {
    const values = parseFieldValues(params.data);
    const edits = await PdfEdits.read(file.path, engine);
    const tree = readFormTree(edits.pdf);
    // Nothing to fill is no fault, form or not (the reference refuses any document without a form).
    if (!tree.form && values.size > 0) throw new InvalidInputError(NO_FORM);
    if (values.size > 0) {
      applyValues(edits, tree, values, true);
      requestAppearances(edits, tree);
    }
    placeStrayWidgets(edits, tree);

    const edited = workspace.newPath('.pdf');
    await edits.write(file.path, edited, workspace.newPath('.json'), engine, { decrypt: true });
    const filled = workspace.newPath('.pdf');
    await generateFormAppearances(edited, filled, engine);
    const fileName = formResultName(file.originalName, 'filled', 'pdf');
    if (!params.flatten) return { path: filled, fileName };
    const flattened = workspace.newPath('.pdf');
    await flattenFormFields(filled, flattened, workspace, engine);
    return { path: flattened, fileName };
  }
}
