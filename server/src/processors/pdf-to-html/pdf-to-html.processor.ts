import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject } from '@nestjs/common';
import { baseName, pdfToHtmlTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { readPageSizes } from '../../engines/poppler';
import { BACKGROUND_DPI, pdfToHtmlFiles, pdfToSingleHtml } from '../../engines/pdftohtml';
import { writeZip } from '../../engines/zip';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { refuseOversizedRendering } from '../../input-checks/raster-budget';
import { selfContainedHtml } from './self-contained-html';

/**
 * pdftohtml in complex mode. By default the reference's ZIP of every file it
 * writes (frame set, index, one page each, background images); with
 * `singleFile` one self-contained, sanitised HTML document the page can open.
 */
@ToolProcessor(pdfToHtmlTool)
export class PdfToHtmlProcessor implements Processor<typeof pdfToHtmlTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof pdfToHtmlTool>): Promise<ProcessorOutput> {
    // Every page gets a background image: weigh those pixels before pdftohtml draws them.
    refuseOversizedRendering(file, await readPageSizes(file.path, engine), BACKGROUND_DPI, this.config, {
      page: 'Pages that large cannot be converted to HTML.',
      request: 'Convert fewer pages at a time.',
    });
    const base = baseName(file.originalName);
    const stem = fileStem(base);
    const outputDir = await workspace.newFolder();

    if (params.singleFile) {
      const generated = await readFile(await pdfToSingleHtml(file.path, file.pageCount ?? 1, outputDir, stem, engine), 'utf8');
      const output = workspace.newPath('.html');
      await writeFile(output, selfContainedHtml(generated, base));
      return { path: output };
    }

    const names = await pdfToHtmlFiles(file.path, file.pageCount ?? 1, outputDir, stem, engine);
    const zip = workspace.newPath('.zip');
    await writeZip(
      zip,
      names.map((name) => ({ path: join(outputDir, name), name })),
    );
    return { path: zip };
  }
}

/**
 * The upload's base name as pdftohtml's output stem (it names the files and
 * their links to each other): no path separators, nothing that breaks an HTML
 * attribute, and short enough for a file system once suffixes are added.
 */
export function fileStem(base: string): string {
  const cleaned = base.replace(/[\u0000-\u001f\u007f/\\"'<>&]/g, '_').slice(0, 60);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'document' : cleaned;
}
