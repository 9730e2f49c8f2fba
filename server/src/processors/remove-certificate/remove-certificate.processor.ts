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
 * signatures comes back with the same content.
 */
@ToolProcessor(removeCertificateTool)
export class RemoveCertificateProcessor implements Processor<typeof removeCertificateTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof removeCertificateTool>): Promise<ProcessorOutput> {
    const edits = await PdfEdits.read(file.path, engine);
    removeSignatures(edits);
    const output = workspace.newPath('.pdf');
    await edits.write(file.path, output, workspace.newPath('.json'), engine, { decrypt: true });
    return { path: output };
  }
}
