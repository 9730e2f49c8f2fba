import { compares, filterPageRotationTool } from '@folio/registry';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { readObjects } from '../../engines/qpdf/qpdf-objects';
import { pageNodes } from '../../pdf-objects/page-tree';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type NoContentOutput, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Filter by Page Rotation: the first page's /Rotate (inherited from the page
 * tree, as 0, 90, 180 or 270; PDFBox reads one that is no multiple of 90 as 0),
 * from qpdf's listing of the objects, compared with the rotation asked for; a
 * passing PDF is answered as it came.
 */
@ToolProcessor(filterPageRotationTool)
export class FilterPageRotationProcessor implements Processor<typeof filterPageRotationTool> {
  // `comparator` is required: the schema refuses a request without it.
  async run({ files: [file], params, engine }: ProcessorInput<typeof filterPageRotationTool>): Promise<ProcessorOutput | NoContentOutput> {
    const [firstPage] = pageNodes(new PdfObjects((await readObjects(file.path, engine)).objects));
    // qpdf counted pages when the runner opened the file, but a tree it repaired on the way may list none.
    if (!firstPage) throw new PdfCorruptedError(file.originalName, 'its page tree lists no page');
    return compares(firstPage.rotate, params.comparator!, params.rotation) ? { path: file.path } : { noContent: true };
  }
}
