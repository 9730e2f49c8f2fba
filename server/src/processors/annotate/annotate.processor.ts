import { annotateTool } from '@folio/registry';
import { writePageItems } from '../../engines/page-items';
import { toDrawnItems } from '../../page-items/drawn-items';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/** The annotations' author (/T), as Add Comments names its notes. */
const AUTHOR = 'Folio';

/**
 * Add Text and Annotate: reads the placed items, then writes each as a real
 * annotation of its kind with its appearance (FreeText, Square, Circle, Line,
 * Ink, Highlight, Underline, StrikeOut, Text, Stamp), or, with `flatten`,
 * draws it into the pages' content (the page-items engine). Existing
 * annotations stay.
 */
@ToolProcessor(annotateTool)
export class AnnotateProcessor implements Processor<typeof annotateTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof annotateTool>): Promise<ProcessorOutput> {
    // Required by the declaration: a blank value never reaches the processor.
    if (params.items === undefined) throw new InvalidInputError(annotateTool.fields.items.required);
    const pageCount = file.pageCount ?? 1;
    const mode = params.flatten ? 'content' : 'annotations';
    const items = await toDrawnItems(params.items, { label: annotateTool.fields.items.label, pageCount, asAnnotations: mode === 'annotations' }, workspace);

    const output = workspace.newPath('.pdf');
    await writePageItems(file.path, output, { mode, items, author: AUTHOR, label: annotateTool.fields.items.label }, pageCount, workspace, engine);
    return { path: output };
  }
}
