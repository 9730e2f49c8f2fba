import { bookletImpositionTool } from '@folio/registry';
import { imposePages, measurePages } from '../../engines/page-imposition';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { bookletSides } from './booklet-sheets';

/**
 * Booklet (reference §8.1): reads the pages' shown sizes, works out the sides
 * of the folded stack (booklet-sheets.ts), and draws them with qpdf as form
 * XObjects (engines/page-imposition.ts), so text and vectors stay vector.
 */
@ToolProcessor(bookletImpositionTool)
export class BookletImpositionProcessor implements Processor<typeof bookletImpositionTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof bookletImpositionTool>): Promise<ProcessorOutput> {
    const pageCount = file.pageCount ?? 1;
    const pages = await measurePages(file.path, pageCount, workspace, engine);
    const sides = bookletSides({
      pages,
      spine: params.spineLocation,
      gutter: params.addGutter ? (params.gutterSize ?? bookletImpositionTool.fields.gutterSize.default) : 0,
      creep: params.creep,
      border: params.addBorder,
      sides: params.duplexPass,
      // The reference only reads the short-edge flip for double-sided printing.
      turnBacks: params.doubleSided && params.flipOnShortEdge === true,
    });
    const output = workspace.newPath('.pdf');
    await imposePages(file.path, output, sides, pageCount, workspace, engine);
    return { path: output };
  }
}
