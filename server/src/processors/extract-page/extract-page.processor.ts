import { extractPageTool } from '@folio/registry';
import { selectPages } from '../../engines/qpdf/qpdf-pages';
import { carryOutline } from '../../pdf-objects/outline-retargeting';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { compactRanges, documentOf, extractOrder } from '../../page-orders/page-orders';

/** Keeps every page or one run of them (page-orders.ts), in order. */
@ToolProcessor(extractPageTool)
export class ExtractPageProcessor implements Processor<typeof extractPageTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof extractPageTool>): Promise<ProcessorOutput> {
    const order = extractOrder(params, documentOf(file));
    const selected = workspace.newPath('.pdf');
    await selectPages(file.path, selected, compactRanges(order), engine);
    const output = workspace.newPath('.pdf');
    const retargeted = await carryOutline(file.path, selected, output, order, workspace.newPath('.json'), engine);
    return { path: retargeted ? output : selected };
  }
}
