import { Inject } from '@nestjs/common';
import { pdfToCbzTool } from '@folio/registry';
import { drawComicPages } from '../../comic-books/comic-pages';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { writeZip } from '../../engines/zip';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Every page drawn as a PNG at `dpi` (comic-books/comic-pages), zipped as
 * `page_001.png`, `page_002.png`, ... (reference-beyond §7.4).
 */
@ToolProcessor(pdfToCbzTool)
export class PdfToCbzProcessor implements Processor<typeof pdfToCbzTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params: { dpi }, workspace, engine, progress }: ProcessorInput<typeof pdfToCbzTool>): Promise<ProcessorOutput> {
    const pages = await drawComicPages(file, dpi, { workspace, engine, progress, config: this.config });
    const archive = workspace.newPath('.cbz');
    await writeZip(archive, pages);
    return { path: archive };
  }
}
