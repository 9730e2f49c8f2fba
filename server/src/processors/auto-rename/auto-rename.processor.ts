import { autoRenameTool } from '@folio/registry';
import { readTextRuns } from '../../engines/poppler-text';
import { decrypt } from '../../engines/qpdf/qpdf-encryption';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { linesOf, nameFromLines, type TextLine } from './title-name';

/** Pages looked at for one with text: a long scan without a text layer is not read to its end for nothing. */
export const PAGES_SEARCHED = 10;

/**
 * Auto Rename PDF. qpdf writes the document out again (without an owner
 * password's encryption, as every tool's output); Poppler's pdftohtml reads
 * the text runs of its first pages with their font sizes, and the first page
 * with text names the file (title-name.ts). Without text, the upload keeps its name.
 */
@ToolProcessor(autoRenameTool)
export class AutoRenameProcessor implements Processor<typeof autoRenameTool> {
  readonly readsPageContent = true;

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof autoRenameTool>): Promise<ProcessorOutput<typeof autoRenameTool>> {
    // Decrypted first: pdftohtml refuses a file whose permissions forbid copying text.
    const output = workspace.newPath('.pdf');
    await decrypt(file.path, output, engine);

    const last = Math.min(file.pageCount ?? 1, PAGES_SEARCHED);
    const pages = await readTextRuns(output, { first: 1, last }, engine);
    const lines = pages.map((page) => linesOf(page.runs)).find((found): found is TextLine[] => found.length > 0) ?? [];
    // No title found: the declaration's name, the upload's own, and the page says so.
    const title = nameFromLines(lines, params.useFirstTextAsFallback);
    return title === undefined ? { path: output, outcome: 'no-title' } : { path: output, fileName: title };
  }
}
