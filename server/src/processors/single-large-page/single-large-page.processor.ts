import { singleLargePageTool } from '@folio/registry';
import { createDerivedPdf, drawAt, embedForPlacement, openPdf, savePdf } from '../../engines/pdf-lib';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-routing/processor';

/**
 * Stacks every page, in order from the top, on one page as wide as the widest and
 * as tall as all of them, each against the left edge (reference §3.7). Pages are
 * embedded as form XObjects (pdf-lib), so text and vectors stay vector.
 */
@ToolProcessor(singleLargePageTool)
export class SingleLargePageProcessor implements Processor<typeof singleLargePageTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof singleLargePageTool>): Promise<ProcessorOutput> {
    const source = await openPdf(file.path, workspace, engine);
    const target = await createDerivedPdf(source);
    const pages = await embedForPlacement(target, source.getPages());
    const width = Math.max(...pages.map((page) => page.width));
    const height = pages.reduce((sum, page) => sum + page.height, 0);
    const sheet = target.addPage([width, height]);
    let top = height;
    for (const page of pages) {
      top -= page.height;
      drawAt(sheet, page, 0, top, 1);
    }
    const output = workspace.newPath('.pdf');
    await savePdf(target, output);
    return { path: output };
  }
}
