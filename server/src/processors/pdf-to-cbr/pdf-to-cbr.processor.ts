import { pdfToCbrTool } from '@folio/registry';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/** Pdf To Cbr: TODO say in one line what the processor does and with which engine. */
@ToolProcessor(pdfToCbrTool)
export class PdfToCbrProcessor implements Processor<typeof pdfToCbrTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof pdfToCbrTool>): Promise<ProcessorOutput> {
    // TODO: the tool's steps, each an engine call (server/src/engines/) writing into the workspace:
    //   const output = workspace.newPath('.pdf');
    //   await someEngine(file.path, output, params, engine);
    //   return { path: output };
    void [file, params, workspace, engine];
    throw new Error('Pdf To Cbr: not written yet (server/src/processors/pdf-to-cbr/pdf-to-cbr.processor.ts).');
  }
}
