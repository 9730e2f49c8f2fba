import { Inject } from '@nestjs/common';
import { pdfToCbzTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { readPageSizes, renderPages } from '../../engines/poppler';
import { writeZip } from '../../engines/zip';
import { refuseOversizedRendering } from '../../input-checks/raster-budget';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Every page drawn by Poppler's pdftoppm as an RGB PNG at `dpi`, annotations
 * shown as viewers show them, zipped as `page_001.png`, `page_002.png`, ...
 * (reference-beyond §7.4). The pixels are weighed from the page sizes before
 * anything is drawn, as PDF to Image does (§11.6).
 */
@ToolProcessor(pdfToCbzTool)
export class PdfToCbzProcessor implements Processor<typeof pdfToCbzTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params: { dpi }, workspace, engine, progress }: ProcessorInput<typeof pdfToCbzTool>): Promise<ProcessorOutput> {
    const sizes = await readPageSizes(file.path, engine);
    refuseOversizedRendering(file, sizes, dpi, this.config, { page: 'Choose a lower DPI.', request: 'Choose a lower DPI, or split the document first.' });

    const settings = { dpi, colour: 'colour', annotations: true, format: 'png' } as const;
    const pages = await renderPages(file.path, sizes.length, workspace.newPath(), settings, engine, (done, of) =>
      progress.measure(done / of, `page ${done} of ${of}`),
    );
    if (pages.length !== sizes.length) throw new PdfCorruptedError(file.originalName, `Poppler drew ${pages.length} of ${sizes.length} pages`);

    const archive = workspace.newPath('.cbz');
    await writeZip(
      archive,
      pages.map((path, i) => ({ path, name: `page_${String(i + 1).padStart(3, '0')}.png` })),
    );
    return { path: archive };
  }
}
