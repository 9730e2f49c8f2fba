import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { baseName, pdfToVectorTool } from '@folio/registry';
import { outlineText, VectorExportError, writeVectorFormat, type VectorFormat } from '../../engines/ghostscript';
import type { EngineOptions } from '../../engines/process';
import { writeZip } from '../../engines/zip';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';

/**
 * The PDF's pages written by Ghostscript as PostScript, EPS, PCL XL or XPS
 * (reference-beyond §7.1). An EPS holds one page, so a longer document gives
 * one EPS per page in a ZIP. XPS text goes out as outlines first: Ghostscript's
 * XPS writer would draw it as rows of 96-dpi pixels.
 */
@ToolProcessor(pdfToVectorTool)
export class PdfToVectorProcessor implements Processor<typeof pdfToVectorTool> {
  readonly readsPageContent = true;

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof pdfToVectorTool>): Promise<ProcessorOutput<typeof pdfToVectorTool>> {
    const format = params.outputFormat;
    const pages = file.pageCount ?? 1;
    try {
      if (format === 'eps' && pages > 1) return { path: await epsPerPage(file, pages, workspace, engine), outcome: 'eps-per-page' };
      const source = format === 'xps' ? await textAsOutlines(file.path, pages, workspace, engine) : file.path;
      const output = workspace.newPath(`.${format}`);
      await writeVectorFormat(source, pages, output, format, engine);
      return { path: output };
    } catch (error) {
      if (error instanceof VectorExportError) throw new InvalidInputError(`The PDF could not be written as ${formatName(format)}: ${error.detail}.`);
      throw error;
    }
  }
}

async function textAsOutlines(input: string, pages: number, workspace: Workspace, engine: EngineOptions): Promise<string> {
  const outlined = workspace.newPath('.pdf');
  await outlineText(input, pages, outlined, engine);
  return outlined;
}

/** One EPS per page (Ghostscript numbers them from 1), zipped as `<base>_<n>.eps`. */
async function epsPerPage(file: InputFile, pages: number, workspace: Workspace, engine: EngineOptions): Promise<string> {
  const folder = await workspace.newFolder();
  await writeVectorFormat(file.path, pages, join(folder, 'page-%d.eps'), 'eps', engine);
  const base = baseName(file.originalName);
  const entries = Array.from({ length: pages }, (_, i) => ({ path: join(folder, `page-${i + 1}.eps`), name: `${base}_${i + 1}.eps` }));
  if (!entries.every((entry) => existsSync(entry.path))) throw new VectorExportError('a page could not be drawn');
  const zip = workspace.newPath('.zip');
  await writeZip(zip, entries);
  return zip;
}

function formatName(format: VectorFormat): string {
  return { eps: 'EPS', ps: 'PostScript', pcl: 'PCL XL', xps: 'XPS' }[format];
}
