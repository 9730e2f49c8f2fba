import { Inject } from '@nestjs/common';
import { cbzToPdfTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { comicBudgets, readCbzPictures } from '../../comic-books/comic-archives';
import { picturesToPdf } from '../../pdf-objects/picture-pages';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * A CBZ's pictures, in natural order, one page each (reference-beyond §7.4):
 * read within the archive and pixel budgets, then laid out by the pdf-lib engine.
 */
@ToolProcessor(cbzToPdfTool)
export class CbzToPdfProcessor implements Processor<typeof cbzToPdfTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof cbzToPdfTool>): Promise<ProcessorOutput> {
    const pictures = await readCbzPictures(file.path, comicBudgets(this.config, engine.timeLimitMs), workspace);
    return { path: await picturesToPdf(pictures, { optimizeForEbook: params.optimizeForEbook }, workspace, engine) };
  }
}
