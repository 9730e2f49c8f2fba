import { rotateTool } from '@folio/registry';
import { rotatePages } from '../../engines/qpdf/qpdf-pages';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/** Adds `angle` to every page's rotation; qpdf rewrites only the page dictionaries. */
@ToolProcessor(rotateTool)
export class RotateProcessor implements Processor<typeof rotateTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof rotateTool>): Promise<ProcessorOutput> {
    const output = workspace.newPath('.pdf');
    await rotatePages(file.path, output, params.angle, engine);
    return { path: output };
  }
}
