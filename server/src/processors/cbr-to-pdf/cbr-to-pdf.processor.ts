import { Inject } from '@nestjs/common';
import { cbrToPdfTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { comicBudgets, readCbrPictures } from '../../comic-books/comic-archives';
import { picturesToPdf } from '../../pdf-objects/picture-pages';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * A CBR's pictures, in natural order, one page each (reference-beyond §7.4):
 * listed and unpacked by unar within the archive and pixel budgets, then laid
 * out by the pdf-lib engine as CBZ to PDF does.
 */
@ToolProcessor(cbrToPdfTool)
export class CbrToPdfProcessor implements Processor<typeof cbrToPdfTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof cbrToPdfTool>): Promise<ProcessorOutput> {
    const pictures = await readCbrPictures(file.path, comicBudgets(this.config, engine.timeLimitMs), workspace, engine);
    return { path: await picturesToPdf(pictures, { optimizeForEbook: params.optimizeForEbook }, workspace, engine) };
  }
}
