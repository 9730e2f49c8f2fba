import { pdfToPresentationTool } from '@folio/registry';
import { convertWithOffice } from '../../engines/libreoffice';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/** LibreOffice export filter per output format. */
const EXPORT_FILTERS = {
  pptx: 'Impress MS PowerPoint 2007 XML',
  ppt: 'MS PowerPoint 97',
  odp: 'impress8',
} as const;

/** Impress's PDF import makes one slide per page; the chosen format's filter writes it. */
@ToolProcessor(pdfToPresentationTool)
export class PdfToPresentationProcessor implements Processor<typeof pdfToPresentationTool> {
  readonly readsPageContent = true;

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof pdfToPresentationTool>): Promise<ProcessorOutput> {
    const format = params.outputFormat;
    const output = workspace.newPath(`.${format}`);
    await convertWithOffice({ input: file.path, output, importFilter: 'impress_pdf_import', exportFilter: EXPORT_FILTERS[format] }, engine);
    return { path: output };
  }
}
