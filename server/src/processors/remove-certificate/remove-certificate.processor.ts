import { removeCertificateTool } from '@folio/registry';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { removeSignatures } from '../../pdf-signatures/signature-removal';

/**
 * Removes every signature field and what belongs to signing (values,
 * permissions, validation store), keeping a visible signature's look as page
 * content; qpdf writes the edits (JSON update, streams untouched) as one
 * fresh revision, so no earlier signed revision survives in the file, and
 * without encryption, as the reference's loader saves. A file without
 * signatures comes back with the same content, as the reference's does, named
 * as the outcome 'no-signature' so the page can say nothing was removed.
 */
@ToolProcessor(removeCertificateTool)
export class RemoveCertificateProcessor implements Processor<typeof removeCertificateTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof removeCertificateTool>): Promise<ProcessorOutput<typeof removeCertificateTool>> {
    const edits = await PdfEdits.read(file.path, engine);
    removeSignatures(edits);
    // Nothing to edit: no signature, no signature field, nothing of signing left behind.
    const unsigned = !edits.hasChanges;
    const output = workspace.newPath('.pdf');
    await edits.write(file.path, output, workspace.newPath('.json'), engine, { decrypt: true });
    return unsigned ? { path: output, outcome: 'no-signature' } : { path: output };
  }
}
