import { adjustPageSizeTool } from '@folio/registry';
import { runPdfLibTaskOnPdf } from '../../engines/pdf-lib-tasks';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { adjustPageSizeTask } from './adjust-page-size.task';

/** Redraws every page on a new page of the target size (pdf-lib, adjust-page-size.task.ts; reference §3.2). */
@ToolProcessor(adjustPageSizeTool)
export class AdjustPageSizeProcessor implements Processor<typeof adjustPageSizeTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof adjustPageSizeTool>): Promise<ProcessorOutput> {
    const output = workspace.newPath('.pdf');
    const { pageSize, orientation, scaleFactor } = params;
    await runPdfLibTaskOnPdf(
      adjustPageSizeTask,
      { pdf: file.path, output, pageSize, orientation, scaleFactor },
      { pages: file.pageCount ?? 1, bytes: file.size },
      workspace,
      engine,
    );
    return { path: output };
  }
}
