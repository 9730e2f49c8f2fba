import { readFile } from 'node:fs/promises';
import { htmlToPdfTool, type ToolParams } from '@folio/registry';
import { renderHtmlToPdf, type HtmlDocument, type PdfPageOptions } from '../../engines/chromium';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { archiveAssets, decodeText, mainDocument, readUploadedZip, refusePixelBombs } from '../../html-documents/document-sources';

const PAGE_FORMATS: Record<ToolParams<typeof htmlToPdfTool>['pageSize'], PdfPageOptions['format']> = {
  A4: 'A4',
  LETTER: 'Letter',
  LEGAL: 'Legal',
  A3: 'A3',
};

/**
 * Renders the page in the fenced browser with its own scripts on (they run
 * with no network and within the job's deadline). From a ZIP, the root
 * index.html (else the shallowest HTML file) is the page and the archive's
 * other files are its assets, unless `includeResources` is off.
 */
@ToolProcessor(htmlToPdfTool)
export class HtmlToPdfProcessor implements Processor<typeof htmlToPdfTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof htmlToPdfTool>): Promise<ProcessorOutput> {
    const doc = await documentFrom(file, params.includeResources);
    const output = workspace.newPath('.pdf');
    await renderHtmlToPdf(doc, output, { format: PAGE_FORMATS[params.pageSize] }, engine);
    return { path: output };
  }
}

async function documentFrom(file: InputFile, includeResources: boolean): Promise<HtmlDocument> {
  if (file.type !== 'zip') {
    const html = decodeText(await readFile(file.path));
    refusePixelBombs(html, undefined);
    return { html, javaScript: true };
  }
  const files = await readUploadedZip(file.path);
  const main = mainDocument(files, 'index.html', ['.html', '.htm']);
  if (!main) throw new InvalidInputError('The ZIP holds no HTML file (.html or .htm).');
  const html = decodeText(files.get(main)!);
  const assets = includeResources ? files : undefined;
  refusePixelBombs(html, assets);
  return { html, ...(assets ? { asset: archiveAssets(assets, main) } : {}), javaScript: true };
}
