import { writeFile } from 'node:fs/promises';
import { pdfToMarkdownTool } from '@folio/registry';
import { toMarkdown } from '../../text-layout/write/markdown';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { readDocumentLayout } from '../../text-layout/read/pdf-layout-source';

/** Every page's layout (reading order, headings, paragraphs, lists) as one Markdown file. */
@ToolProcessor(pdfToMarkdownTool)
export class PdfToMarkdownProcessor implements Processor<typeof pdfToMarkdownTool> {
  readonly readsPageContent = true;

  async run({ files: [file], workspace, engine }: ProcessorInput<typeof pdfToMarkdownTool>): Promise<ProcessorOutput> {
    const range = { first: 1, last: file.pageCount ?? 1 };
    const layout = await readDocumentLayout(file.path, { range, recognizeText: false, workspace, engine });
    const output = workspace.newPath('.md');
    await writeFile(output, toMarkdown(layout), 'utf8');
    return { path: output };
  }
}
