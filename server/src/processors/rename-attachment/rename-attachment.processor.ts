import { renameAttachmentTool } from '@folio/registry';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { embeddedFileEntries, setEmbeddedFiles, treeKey } from '../../pdf-objects/embedded-files';
import { isReference } from '../../pdf-objects/pdf-objects';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Rename Attachment (reference-beyond §5): the first attachment whose display
 * name is exactly `attachmentName` (case counts) gets `newName` as its /F and
 * /UF and as its key in the EmbeddedFiles tree, which is rewritten as one
 * sorted node; an other entry already keyed `newName` is replaced, and the
 * description keeps the old name, as in the reference. Written as a qpdf JSON
 * update of the catalog's names and the specification: streams copied as they are.
 */
@ToolProcessor(renameAttachmentTool)
export class RenameAttachmentProcessor implements Processor<typeof renameAttachmentTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof renameAttachmentTool>): Promise<ProcessorOutput> {
    const { attachmentName, newName } = params;
    // Both required by the declaration: blank values never reach the processor.
    if (attachmentName === undefined || newName === undefined) throw new InvalidInputError(renameAttachmentTool.fields.attachmentName.required);

    const edits = await PdfEdits.read(file.path, engine);
    const entries = embeddedFileEntries(edits.pdf);
    const renamed = entries.find((entry) => entry.displayName === attachmentName);
    if (!renamed) throw new InvalidInputError(`Attachment '${attachmentName}' not found for renaming`);

    // A specification written in place inside the tree moves with the rewritten tree; one of its own is written apart.
    const spec = edits.open(renamed.spec, 'the rewritten tree');
    if (spec) {
      spec.dict['/F'] = treeKey(newName);
      spec.dict['/UF'] = treeKey(newName);
      if (isReference(renamed.spec)) edits.touch(spec.owner);
    }
    const kept = entries.filter((entry) => entry === renamed || entry.key !== newName);
    setEmbeddedFiles(
      edits,
      kept.map((entry) => (entry === renamed ? { rawKey: treeKey(newName), spec: entry.spec } : entry)),
    );

    const output = workspace.newPath('.pdf');
    await edits.write(file.path, output, workspace.newPath('.json'), engine);
    return { path: output };
  }
}
