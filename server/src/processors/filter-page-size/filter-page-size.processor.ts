import { compares, filterPageSizeTool } from '@folio/registry';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { readObjects } from '../../engines/qpdf/qpdf-objects';
import { pageNodes } from '../../pdf-objects/page-tree';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { PDFBOX_PAGE_SIZES } from '../../pdf-objects/standard-page-sizes';
import { ToolProcessor, type NoContentOutput, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Filter by Page Size: the area of the first page's media box (inherited,
 * US Letter when it has none, as PDFBox reads it), from qpdf's listing of the
 * objects, compared with the standard size's area; a passing PDF is answered
 * as it came.
 */
@ToolProcessor(filterPageSizeTool)
export class FilterPageSizeProcessor implements Processor<typeof filterPageSizeTool> {
  // `standardPageSize` and `comparator` are required: the schema refuses a request without them.
  async run({ files: [file], params, engine }: ProcessorInput<typeof filterPageSizeTool>): Promise<ProcessorOutput | NoContentOutput> {
    const [firstPage] = pageNodes(new PdfObjects((await readObjects(file.path, engine)).objects));
    // qpdf counted pages when the runner opened the file, but a tree it repaired on the way may list none.
    if (!firstPage) throw new PdfCorruptedError(file.originalName, 'its page tree lists no page');
    const { x1, y1, x2, y2 } = firstPage.mediaBox;
    const [width, height] = PDFBOX_PAGE_SIZES[params.standardPageSize!];
    // The reference compares areas exactly, so a page of 595 × 842 is not A4, yet producers round
    // sizes to whole points (Ghostscript writes A4 so): as much area as a point more or less on
    // each side still counts as equal.
    const tolerance = width + height;
    return compares((x2 - x1) * (y2 - y1), params.comparator!, width * height, tolerance) ? { path: file.path } : { noContent: true };
  }
}
