import { copyFile, readFile } from 'node:fs/promises';
import { Inject } from '@nestjs/common';
import { extensionOf, fileToPdfTool } from '@folio/registry';
import { renderHtmlToPdf } from '../../engines/chromium';
import { postScriptToPdf } from '../../engines/ghostscript';
import { convertWithOffice } from '../../engines/libreoffice';
import { normalisePdf } from '../../engines/qpdf/qpdf-rewrites';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import type { EngineOptions } from '../../engines/process';

/** Pages the browser renders: HTML, and SVG (whose own references the fenced browser never fetches). */
const BROWSER_RENDERED = new Set(['.html', '.htm', '.svg']);

/**
 * Routes each upload by its extension: PDFs are rewritten by qpdf, PostScript
 * by Ghostscript (-dSAFER), HTML and SVG by the fenced browser, everything else
 * (office documents, text, spreadsheets, bitmaps) by the LibreOffice pool.
 */
@ToolProcessor(fileToPdfTool)
export class FileToPdfProcessor implements Processor<typeof fileToPdfTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], workspace, engine }: ProcessorInput<typeof fileToPdfTool>): Promise<ProcessorOutput> {
    const extension = extensionOf(file.originalName);
    const output = workspace.newPath('.pdf');
    if (extension === '.pdf') await normalisePdf(file.path, output, engine);
    else if (extension === '.ps') await postScriptToPdf(file.path, output, engine, this.config.maxPages);
    else if (BROWSER_RENDERED.has(extension)) await renderInBrowser(file, extension, output, engine);
    else await convertWithOffice({ input: await withExtension(file, extension, workspace), output, exportFilter: 'writer_pdf_Export' }, engine);
    return { path: output };
  }
}

/** LibreOffice detects many formats (text, CSV, bitmaps) by the name as much as by the content. */
async function withExtension(file: InputFile, extension: string, workspace: Workspace): Promise<string> {
  const named = workspace.newPath(extension);
  await copyFile(file.path, named);
  return named;
}

async function renderInBrowser(file: InputFile, extension: string, output: string, engine: EngineOptions): Promise<void> {
  const content = await readFile(file.path);
  if (extension === '.svg') {
    const html = '<!doctype html><html><body style="margin:0"><img src="image.svg" style="max-width:100%;max-height:100vh"></body></html>';
    const asset = async (path: string) => (path === 'image.svg' ? { body: content, contentType: 'image/svg+xml' } : undefined);
    await renderHtmlToPdf({ html, asset }, output, { format: 'A4' }, engine);
    return;
  }
  // The page's own scripts stay off and nothing outside the file is fetched.
  await renderHtmlToPdf({ html: content.toString('utf8') }, output, { format: 'A4' }, engine);
}
