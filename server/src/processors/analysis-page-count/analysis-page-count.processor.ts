import { writeFile } from 'node:fs/promises';
import { analysisPageCountTool } from '@folio/registry';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Page Count (reference-beyond §4): `{"pageCount": n}`. The runner has already
 * counted the pages opening the PDF with qpdf (the page tree's /Count, as
 * PDFBox and Poppler read it too, and the count every tool checks page
 * numbers against), so no engine runs again.
 */
@ToolProcessor(analysisPageCountTool)
export class AnalysisPageCountProcessor implements Processor<typeof analysisPageCountTool> {
  async run({ files: [file], workspace }: ProcessorInput<typeof analysisPageCountTool>): Promise<ProcessorOutput> {
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify({ pageCount: file.pageCount }));
    return { path: output };
  }
}
