import { removeTool } from '@folio/registry';
import { selectPages } from '../../engines/qpdf/qpdf-pages';
import { carryOutline } from '../../pdf-objects/outline-retargeting';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { compactRanges, documentOf, removalOrder } from '../../page-orders/page-orders';

/**
 * Keeps the pages not selected (page-orders.ts). qpdf drops the form fields whose
 * widgets were only on removed pages, as the reference prunes them.
 */
@ToolProcessor(removeTool)
export class RemoveProcessor implements Processor<typeof removeTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof removeTool>): Promise<ProcessorOutput> {
    const kept = removalOrder(params.pageNumbers ?? '', documentOf(file));
    const selected = workspace.newPath('.pdf');
    await selectPages(file.path, selected, compactRanges(kept), engine);
    const output = workspace.newPath('.pdf');
    const retargeted = await carryOutline(file.path, selected, output, kept, workspace.newPath('.json'), engine);
    return { path: retargeted ? output : selected };
  }
}
