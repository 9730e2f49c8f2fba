import { compares, filterPageCountTool } from '@folio/registry';
import { countPages } from '../../engines/qpdf/qpdf-pages';
import { ToolProcessor, type NoContentOutput, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Filter by Page Count: the page count qpdf read when the runner opened the
 * upload, compared with the one asked for; a passing PDF is answered as it came.
 */
@ToolProcessor(filterPageCountTool)
export class FilterPageCountProcessor implements Processor<typeof filterPageCountTool> {
  // `comparator` is required: the schema refuses a request without it.
  async run({ files: [file], params, engine }: ProcessorInput<typeof filterPageCountTool>): Promise<ProcessorOutput | NoContentOutput> {
    const pages = file.pageCount ?? (await countPages(file.path, engine));
    return compares(pages, params.comparator!, params.pageCount) ? { path: file.path } : { noContent: true };
  }
}
