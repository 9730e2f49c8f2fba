import { removePasswordTool } from '@folio/registry';
import { decrypt } from '../../engines/qpdf/qpdf-encryption';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Writes the PDF without encryption (qpdf). The runner has already opened it with
 * the password given (`file.passwordFile`), or without one.
 */
@ToolProcessor(removePasswordTool)
export class RemovePasswordProcessor implements Processor<typeof removePasswordTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof removePasswordTool>): Promise<ProcessorOutput> {
    const output = workspace.newPath('.pdf');
    await decrypt(file.path, output, engine, file);
    return { path: output };
  }
}
