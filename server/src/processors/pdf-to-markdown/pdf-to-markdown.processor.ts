import { writeFile } from 'node:fs/promises';
import { pdfToMarkdownTool } from '@folio/registry';
import { toMarkdown } from '../../text-layout/write/markdown';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { readDocumentLayout } from '../../text-layout/read/pdf-layout-source';

/** Every page's layout (reading order, headings, paragraphs, lists) as one Markdown file; scanned pages by OCR. */
@ToolProcessor(pdfToMarkdownTool)
export class PdfToMarkdownProcessor implements Processor<typeof pdfToMarkdownTool> {
  readonly readsPageContent = true;

  async run({ files: [file], workspace, engine }: ProcessorInput<typeof pdfToMarkdownTool>): Promise<ProcessorOutput<typeof pdfToMarkdownTool>> {
    const range = { first: 1, last: file.pageCount ?? 1 };
    // A scan has no text of its own: recognise it rather than answer an empty file.
    const layout = await readDocumentLayout(file.path, { range, recognizeText: true, workspace, engine });
    const output = workspace.newPath('.md');
    await writeFile(output, toMarkdown(layout.pages), 'utf8');
    return { path: output, ...(layout.recognisedPages.length > 0 ? { outcome: 'recognised-text' as const } : {}) };
  }
}
