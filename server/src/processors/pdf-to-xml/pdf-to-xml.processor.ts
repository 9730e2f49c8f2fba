import { pdfToXmlTool } from '@folio/registry';
import { convertWithOffice } from '../../engines/libreoffice';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Writer's PDF import saved as flat OpenDocument XML: the filter the reference's
 * `--convert-to xml` picks for a Writer document, so the same XML comes out.
 */
@ToolProcessor(pdfToXmlTool)
export class PdfToXmlProcessor implements Processor<typeof pdfToXmlTool> {
  readonly readsPageContent = true;

  async run({ files: [file], workspace, engine }: ProcessorInput<typeof pdfToXmlTool>): Promise<ProcessorOutput> {
    const output = workspace.newPath('.xml');
    await convertWithOffice({ input: file.path, output, importFilter: 'writer_pdf_import', exportFilter: 'OpenDocument Text Flat XML' }, engine);
    return { path: output };
  }
}
