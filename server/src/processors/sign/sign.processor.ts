import { signTool } from '@folio/registry';
import { writePageItems } from '../../engines/page-items';
import { toDrawnItems } from '../../page-items/drawn-items';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Sign: reads the placed signature items, then draws them into the pages'
 * content (the page-items engine: cairo and Pango through pikepdf), a typed
 * name shrunk to fit its box, so it lands where the page previewed it.
 */
@ToolProcessor(signTool)
export class SignProcessor implements Processor<typeof signTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof signTool>): Promise<ProcessorOutput> {
    // Required by the declaration: a blank value never reaches the processor.
    if (params.items === undefined) throw new InvalidInputError(signTool.fields.items.required);
    const pageCount = file.pageCount ?? 1;
    const items = await toDrawnItems(params.items, { label: signTool.fields.items.label, pageCount, fitText: true }, workspace);

    const output = workspace.newPath('.pdf');
    await writePageItems(file.path, output, { mode: 'content', items, author: 'Folio', label: signTool.fields.items.label }, pageCount, workspace, engine);
    return { path: output };
  }
}
