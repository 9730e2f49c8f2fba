import { deleteAttachmentTool } from '@folio/registry';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { embeddedFileEntries, setEmbeddedFiles } from '../../pdf-objects/embedded-files';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Delete Attachment (reference-beyond §5): every attachment whose display name
 * is exactly `attachmentName` (case counts) leaves the EmbeddedFiles tree,
 * which is rewritten as one sorted node. Written as a qpdf JSON update: the
 * removed file's specification and data are no longer referred to and are
 * not written (unless a FileAttachment annotation, which the tool leaves as
 * it is, still shows the file); everything else is copied as it is.
 */
@ToolProcessor(deleteAttachmentTool)
export class DeleteAttachmentProcessor implements Processor<typeof deleteAttachmentTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof deleteAttachmentTool>): Promise<ProcessorOutput> {
    const { attachmentName } = params;
    // Required by the declaration: a blank value never reaches the processor.
    if (attachmentName === undefined) throw new InvalidInputError(deleteAttachmentTool.fields.attachmentName.required);

    const edits = await PdfEdits.read(file.path, engine);
    const entries = embeddedFileEntries(edits.pdf);
    const kept = entries.filter((entry) => entry.displayName !== attachmentName);
    if (kept.length === entries.length) throw new InvalidInputError(`Attachment '${attachmentName}' not found for deletion`);
    setEmbeddedFiles(edits, kept);

    const output = workspace.newPath('.pdf');
    await edits.write(file.path, output, workspace.newPath('.json'), engine);
    return { path: output };
  }
}
