import { Inject } from '@nestjs/common';
import { pdfToCbrTool } from '@folio/registry';
import { writeStoredRar5 } from '../../comic-books/rar5-stored';
import { drawComicPages } from '../../comic-books/comic-pages';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Every page drawn as a PNG at `dpi` (comic-books/comic-pages, as PDF to CBZ),
 * stored as `page_001.png`, `page_002.png`, ... in a RAR 5 archive that Folio
 * writes itself (archives/rar5-stored) where the reference runs `rar`
 * (reference-beyond §7.4).
 */
@ToolProcessor(pdfToCbrTool)
export class PdfToCbrProcessor implements Processor<typeof pdfToCbrTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params: { dpi }, workspace, engine, progress }: ProcessorInput<typeof pdfToCbrTool>): Promise<ProcessorOutput> {
    const pages = await drawComicPages(file, dpi, { workspace, engine, progress, config: this.config });
    const archive = workspace.newPath('.cbr');
    await writeStoredRar5(archive, pages);
    return { path: archive };
  }
}
