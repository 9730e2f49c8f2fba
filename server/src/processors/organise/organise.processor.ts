import { organiseTool } from '@folio/registry';
import { selectPages } from '../../engines/qpdf/qpdf-pages';
import { carryOutline } from '../../pdf-objects/outline-retargeting';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { compactRanges, documentOf, organiseOrder } from '../../page-orders/page-orders';

/** Puts the pages in the mode's order (page-orders.ts); qpdf rebuilds the page list, streams untouched. */
@ToolProcessor(organiseTool)
export class OrganiseProcessor implements Processor<typeof organiseTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof organiseTool>): Promise<ProcessorOutput> {
    const order = organiseOrder(params.customMode, params.pageNumbers, documentOf(file));
    const selected = workspace.newPath('.pdf');
    await selectPages(file.path, selected, compactRanges(order), engine);
    const output = workspace.newPath('.pdf');
    const retargeted = await carryOutline(file.path, selected, output, order, workspace.newPath('.json'), engine);
    return { path: retargeted ? output : selected };
  }
}
