import { changePermissionsTool } from '@folio/registry';
import { protectPdf } from '../../pdf-encryption/pdf-encryption';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/** Sets the restrictions with no password to open the file: AES-256 and a random owner password (qpdf). */
@ToolProcessor(changePermissionsTool)
export class ChangePermissionsProcessor implements Processor<typeof changePermissionsTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof changePermissionsTool>): Promise<ProcessorOutput> {
    const output = workspace.newPath('.pdf');
    const restrictions = {
      preventAssembly: params.preventAssembly,
      preventExtractContent: params.preventContentExtraction,
      preventExtractForAccessibility: params.preventExtractionAccessibility,
      preventFillInForm: params.preventFillingForm,
      preventModify: params.preventModification,
      preventModifyAnnotations: params.preventAnnotationModification,
      preventPrinting: params.preventPrinting,
      preventPrintingFaithful: params.preventPrintingDifferentFormats,
    };
    await protectPdf(file.path, output, { userPassword: '', ownerPassword: '', keyLength: 256, restrictions }, { workspace, engine });
    return { path: output };
  }
}
