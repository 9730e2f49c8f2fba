import { addPasswordTool } from '@folio/registry';
import { protectPdf } from '../../pdf-encryption/pdf-encryption';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/** Encrypts the PDF with the passwords, key length and restrictions asked for (qpdf). */
@ToolProcessor(addPasswordTool)
export class AddPasswordProcessor implements Processor<typeof addPasswordTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof addPasswordTool>): Promise<ProcessorOutput> {
    const output = workspace.newPath('.pdf');
    const protection = { userPassword: params.password, ownerPassword: params.ownerPassword, keyLength: params.keyLength, restrictions: params };
    await protectPdf(file.path, output, protection, { workspace, engine });
    return { path: output };
  }
}
