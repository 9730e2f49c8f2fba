import { compares, filterFileSizeTool } from '@folio/registry';
import { ToolProcessor, type NoContentOutput, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Filter by File Size: the upload's length in bytes compared with the size
 * asked for; the file, of any type, is never opened, and passes as it came.
 */
@ToolProcessor(filterFileSizeTool)
export class FilterFileSizeProcessor implements Processor<typeof filterFileSizeTool> {
  // `comparator` is required: the schema refuses a request without it.
  async run({ files: [file], params }: ProcessorInput<typeof filterFileSizeTool>): Promise<ProcessorOutput | NoContentOutput> {
    return compares(file.size, params.comparator!, params.fileSize) ? { path: file.path } : { noContent: true };
  }
}
