import { readFile } from 'node:fs/promises';
import { markdownToPdfTool } from '@folio/registry';
import { renderHtmlToPdf, type HtmlDocument } from '../../engines/chromium';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { archiveAssets, decodeText, mainDocument, readUploadedZip, refusePixelBombs } from '../../html-documents/document-sources';
import { markdownToHtml } from './markdown-document';

/**
 * Typesets the Markdown with the print stylesheet in the fenced browser
 * (scripts off). From a ZIP, the root index.md (else the shallowest Markdown
 * file) is the document and the archive's other files are its images.
 */
@ToolProcessor(markdownToPdfTool)
export class MarkdownToPdfProcessor implements Processor<typeof markdownToPdfTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof markdownToPdfTool>): Promise<ProcessorOutput> {
    const doc = await documentFrom(file, params.includeToc);
    const output = workspace.newPath('.pdf');
    await renderHtmlToPdf(doc, output, { format: 'A4' }, engine);
    return { path: output };
  }
}

async function documentFrom(file: InputFile, tableOfContents: boolean): Promise<HtmlDocument> {
  if (file.type !== 'zip') {
    const html = markdownToHtml(decodeText(await readFile(file.path)), { tableOfContents });
    refusePixelBombs(html, undefined);
    return { html };
  }
  const files = await readUploadedZip(file.path);
  const main = mainDocument(files, 'index.md', ['.md', '.markdown']);
  if (!main) throw new InvalidInputError('ZIP must contain at least one .md file');
  const html = markdownToHtml(decodeText(files.get(main)!), { tableOfContents });
  refusePixelBombs(html, files);
  return { html, asset: archiveAssets(files, main) };
}
