import { detectSplitScannedTool } from '@folio/registry';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-routing/processor';

/** Detect / Split Scanned Photos: TODO say in one line what the processor does and with which engine. */
@ToolProcessor(detectSplitScannedTool)
export class DetectSplitScannedProcessor implements Processor<typeof detectSplitScannedTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof detectSplitScannedTool>): Promise<ProcessorOutput> {
    // TODO: the tool's steps, each an engine call (server/src/engines/) writing into the workspace:
    //   const output = workspace.newPath('.pdf');
    //   await someEngine(file.path, output, params, engine);
    //   return { path: output };
    void [file, params, workspace, engine];
    throw new Error('Detect / Split Scanned Photos: not written yet (server/src/processors/detect-split-scanned/detect-split-scanned.processor.ts).');
  }
}
