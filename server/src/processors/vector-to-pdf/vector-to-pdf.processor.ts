import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject } from '@nestjs/common';
import { vectorToPdfTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { postScriptToPdf } from '../../engines/ghostscript';
import { convertToPdf, countDocumentPages, MupdfConversionError } from '../../engines/mutool';
import type { EngineOptions } from '../../engines/process';
import { InvalidInputError, TooManyPagesError } from '../../refusals/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { checkXpsPackage } from './xps-package';

/**
 * By the type the content shows (the runner sniffed it): PostScript and EPS
 * through Ghostscript's pdfwrite (PDF 1.4 as the reference writes, /prepress
 * when asked; an EPS's page is its bounding box), XPS through MuPDF, and a
 * PDF answered as it came (reference-beyond §7.1).
 */
@ToolProcessor(vectorToPdfTool)
export class VectorToPdfProcessor implements Processor<typeof vectorToPdfTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof vectorToPdfTool>): Promise<ProcessorOutput> {
    const output = workspace.newPath('.pdf');
    if (file.type === 'pdf') await copyFile(file.path, output);
    else if (file.type === 'xps') await this.xpsToPdf(file, output, workspace, engine);
    else await postScriptToPdf(file.path, output, engine, this.config.maxPages, { compatibilityLevel: '1.4', prepress: params.prepress, cropEps: true });
    return { path: output };
  }

  private async xpsToPdf(file: InputFile, output: string, workspace: Workspace, engine: EngineOptions): Promise<void> {
    await checkXpsPackage(file.path, file.originalName, this.config.maxDecodedContentBytes);
    // MuPDF picks its reader by the name; alone in a folder, the document finds nothing beside it.
    const named = join(await workspace.newFolder(), 'document.xps');
    await copyFile(file.path, named);
    try {
      const pages = await countDocumentPages(named, engine);
      if (pages === 0) throw new InvalidInputError(`The XPS document "${file.originalName}" has no pages.`);
      if (pages > this.config.maxPages) throw new TooManyPagesError(pages, this.config.maxPages);
      await convertToPdf(named, pages, output, engine);
    } catch (error) {
      if (error instanceof MupdfConversionError) throw new InvalidInputError(`The XPS document "${file.originalName}" could not be read: ${error.detail}.`);
      throw error;
    }
  }
}
