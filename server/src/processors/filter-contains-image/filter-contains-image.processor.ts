import { filterContainsImageTool, parsePageSelection } from '@folio/registry';
import { readObjects } from '../../engines/qpdf/qpdf-objects';
import { pageNodes } from '../../pdf-objects/page-tree';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { namesImage } from '../../pdf-objects/xobjects';
import { ToolProcessor, type NoContentOutput, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Filter by Images: the chosen pages' resources (inherited from the page tree)
 * and the forms they name, read from qpdf's listing of the objects; the PDF
 * passes, as it came, when one names an image XObject. No image is decoded.
 */
@ToolProcessor(filterContainsImageTool)
export class FilterContainsImageProcessor implements Processor<typeof filterContainsImageTool> {
  async run({ files: [file], params, engine }: ProcessorInput<typeof filterContainsImageTool>): Promise<ProcessorOutput | NoContentOutput> {
    const pdf = new PdfObjects((await readObjects(file.path, engine)).objects);
    const pages = pageNodes(pdf);
    // Pages past the end are skipped, as in the reference.
    const chosen = parsePageSelection(params.pageNumbers, pages.length).map((index) => pages[index]);
    return chosen.some((page) => namesImage(pdf, page.resources)) ? { path: file.path } : { noContent: true };
  }
}
