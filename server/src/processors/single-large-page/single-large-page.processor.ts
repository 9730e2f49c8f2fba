import { singleLargePageTool } from '@folio/registry';
import { runPdfLibTaskOnPdf } from '../../engines/pdf-lib-tasks';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { singleLargePageTask } from './single-large-page.task';

/** Stacks every page on one tall page, in order from the top (pdf-lib, single-large-page.task.ts; reference §3.7). */
@ToolProcessor(singleLargePageTool)
export class SingleLargePageProcessor implements Processor<typeof singleLargePageTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof singleLargePageTool>): Promise<ProcessorOutput> {
    const output = workspace.newPath('.pdf');
    await runPdfLibTaskOnPdf(singleLargePageTask, { pdf: file.path, output }, { pages: file.pageCount ?? 1, bytes: file.size }, workspace, engine);
    return { path: output };
  }
}
