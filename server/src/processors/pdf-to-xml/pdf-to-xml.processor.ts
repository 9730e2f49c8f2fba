import { writeFile } from 'node:fs/promises';
import { baseName, pdfToXmlTool } from '@folio/registry';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { readDocumentLayout } from '../../text-layout/read/pdf-layout-source';
import { buildFlatOdt } from '../../text-layout/write/flat-odt';

/**
 * Every page's layout (reading order, headings, paragraphs, lists, tables,
 * pictures) as flat OpenDocument text: the XML dialect the reference's
 * `--convert-to xml` of Writer's PDF import gives, written from our own
 * analysis, so it takes seconds rather than the import's minute and holds
 * paragraphs rather than a frame per line. Scanned pages are read by OCR.
 */
@ToolProcessor(pdfToXmlTool)
export class PdfToXmlProcessor implements Processor<typeof pdfToXmlTool> {
  readonly readsPageContent = true;

  async run({ files: [file], workspace, engine }: ProcessorInput<typeof pdfToXmlTool>): Promise<ProcessorOutput<typeof pdfToXmlTool>> {
    const range = { first: 1, last: file.pageCount ?? 1 };
    // A scan has no text of its own: recognise it rather than answer an empty document.
    const layout = await readDocumentLayout(file.path, { range, recognizeText: true, pictures: true, workspace, engine });
    const output = workspace.newPath('.xml');
    await writeFile(output, await buildFlatOdt(layout.pages, { title: baseName(file.originalName) }), 'utf8');
    return { path: output, ...(layout.recognisedPages.length > 0 ? { outcome: 'recognised-text' as const } : {}) };
  }
}
