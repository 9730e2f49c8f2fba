import { writeFile } from 'node:fs/promises';
import { baseName, pdfToWordTool } from '@folio/registry';
import { convertWithOffice } from '../../engines/libreoffice';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { buildDocx } from '../../text-layout/write/docx';
import { documentOf, extractOrder } from '../../page-orders/page-orders';
import { readDocumentLayout } from '../../text-layout/read/pdf-layout-source';

/** LibreOffice export filter for the formats made from the DOCX. */
const OFFICE_FILTERS = { doc: 'MS Word 97', odt: 'writer8' } as const;

/**
 * The chosen pages' layout as a Word document we build ourselves (editable
 * paragraphs in reading order, not LibreOffice's one frame per line, and the
 * pictures where they stood); DOC and ODT are that DOCX saved again by
 * LibreOffice.
 */
@ToolProcessor(pdfToWordTool)
export class PdfToWordProcessor implements Processor<typeof pdfToWordTool> {
  readonly readsPageContent = true;

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof pdfToWordTool>): Promise<ProcessorOutput<typeof pdfToWordTool>> {
    const pages = extractOrder(params, documentOf(file));
    const range = { first: pages[0] + 1, last: pages[pages.length - 1] + 1 };
    const layout = await readDocumentLayout(file.path, { range, recognizeText: params.recognizeText, pictures: true, workspace, engine });
    const docx = workspace.newPath('.docx');
    await writeFile(docx, await buildDocx(layout.pages, { preserveLayout: params.preserveLayout, title: baseName(file.originalName) }));
    const outcome = layout.recognisedPages.length > 0 ? { outcome: 'recognised-text' as const } : {};
    const format = params.outputFormat;
    if (format === 'docx') return { path: docx, ...outcome };
    const output = workspace.newPath(`.${format}`);
    await convertWithOffice({ input: docx, output, exportFilter: OFFICE_FILTERS[format] }, engine);
    return { path: output, ...outcome };
  }
}
