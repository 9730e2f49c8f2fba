import { filterContainsTextTool, parsePageSelection } from '@folio/registry';
import { eachPageText, writePlainText } from '../../engines/poppler-text';
import { ToolProcessor, type NoContentOutput, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Filter by Text: Poppler's text of the document (pdftotext, in the order the
 * pages draw it, as PDFBox's stripper reads), looked through a page at a time;
 * the PDF passes, as it came, when a chosen page's text contains the text
 * asked for, literally and case-sensitively.
 */
@ToolProcessor(filterContainsTextTool)
export class FilterContainsTextProcessor implements Processor<typeof filterContainsTextTool> {
  readonly readsPageContent = true;

  // `text` is required: the schema refuses a request without it.
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof filterContainsTextTool>): Promise<ProcessorOutput | NoContentOutput> {
    const pageCount = file.pageCount ?? 0;
    // Pages past the end are skipped, as in the reference; none left means nothing can match.
    const chosen = new Set(parsePageSelection(params.pageNumbers, pageCount).map((index) => index + 1));
    if (chosen.size === 0) return { noContent: true };

    const textFile = workspace.newPath('.txt');
    await writePlainText(file.path, textFile, pageCount, engine);
    let found = false;
    await eachPageText(textFile, (page, text) => {
      if (chosen.has(page) && text.includes(params.text!)) found = true;
    });
    return found ? { path: file.path } : { noContent: true };
  }
}
