import { writeFile } from 'node:fs/promises';
import { pdfToRtfTool } from '@folio/registry';
import { toPlainText } from '../../text-layout/write/plain-text';
import { toRtf } from '../../text-layout/write/rtf';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { readDocumentLayout } from '../../text-layout/read/pdf-layout-source';

/** Every page's text in reading order: plain UTF-8 text, or RTF written straight from the layout. */
@ToolProcessor(pdfToRtfTool)
export class PdfToRtfProcessor implements Processor<typeof pdfToRtfTool> {
  readonly readsPageContent = true;

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof pdfToRtfTool>): Promise<ProcessorOutput<typeof pdfToRtfTool>> {
    const range = { first: 1, last: file.pageCount ?? 1 };
    // A scan has no text of its own: recognise it rather than answer an empty file.
    const layout = await readDocumentLayout(file.path, { range, recognizeText: true, workspace, engine });
    const format = params.outputFormat;
    const output = workspace.newPath(`.${format}`);
    // RTF escapes everything outside ASCII itself, so both are written as UTF-8.
    await writeFile(output, format === 'rtf' ? toRtf(layout.pages) : toPlainText(layout.pages), 'utf8');
    return { path: output, ...(layout.recognisedPages.length > 0 ? { outcome: 'recognised-text' as const } : {}) };
  }
}
