import { writeFile } from 'node:fs/promises';
import { analysisFontInfoTool } from '@folio/registry';
import { readDocument } from '../../engines/qpdf/qpdf-objects';
import { pageNodes } from '../../pdf-objects/page-tree';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Font Resources (reference-beyond §4), from one qpdf listing: the names each
 * page's resources (inherited from the page tree where the page has none) give
 * their fonts under, such as 'F1' or 'TT2', each name once, in the order first
 * met; `fontCount` is how many. These are the reference's resource names, not
 * the fonts' own (/BaseFont): 'F1' on two pages counts once even when it names
 * two different fonts, and fonts only Form XObjects use are not listed, as in
 * the reference. Get All Info on PDF lists each page's fonts by name.
 */
@ToolProcessor(analysisFontInfoTool)
export class AnalysisFontInfoProcessor implements Processor<typeof analysisFontInfoTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof analysisFontInfoTool>): Promise<ProcessorOutput> {
    const pdf = new PdfObjects((await readDocument(file.path, engine)).objects);
    const names = new Set<string>();
    for (const page of pageNodes(pdf)) {
      // qpdf lists names decoded (#20 as a space), as PDFBox gives them, with their slash.
      for (const key of Object.keys(pdf.dict(page.resources['/Font']) ?? {})) names.add(key.slice(1));
    }
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify({ fontCount: names.size, fonts: [...names] }));
    return { path: output };
  }
}
