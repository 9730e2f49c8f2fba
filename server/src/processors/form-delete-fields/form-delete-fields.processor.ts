import { formDeleteFieldsTool } from '@folio/registry';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { removeFields } from '../../pdf-objects/forms/form-edits';
import { formResultName } from '../../pdf-objects/forms/form-file-names';
import { parseFieldNames } from '../../pdf-objects/forms/form-payloads';
import { fieldLookup, readFormTree, type FieldNode } from '../../pdf-objects/forms/form-tree';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Delete Form Fields (reference-beyond §3.7): each named field (fully
 * qualified or partial name; a group with everything under it) leaves the
 * form, its widgets leave the pages; unknown names are skipped. The edit goes
 * through qpdf's JSON update, so nothing else is rewritten.
 */
@ToolProcessor(formDeleteFieldsTool)
export class FormDeleteFieldsProcessor implements Processor<typeof formDeleteFieldsTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof formDeleteFieldsTool>): Promise<ProcessorOutput> {
    const names = parseFieldNames(params.names);
    const edits = await PdfEdits.read(file.path, engine);
    const tree = readFormTree(edits.pdf);
    const lookup = fieldLookup(tree);
    const located = names.map((name) => lookup.get(name)).filter((node): node is FieldNode => node !== undefined);
    removeFields(edits, tree, [...new Set(located)]);

    const output = workspace.newPath('.pdf');
    await edits.write(file.path, output, workspace.newPath('.json'), engine, { decrypt: true });
    return { path: output, fileName: formResultName(file.originalName, 'updated', 'pdf') };
  }
}
