import { writeFile } from 'node:fs/promises';
import { analysisBasicInfoTool } from '@folio/registry';
import { readDocument } from '../../engines/qpdf/qpdf-objects';
import { pdfVersion } from '../../pdf-objects/document-info';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Basic PDF Info (reference-beyond §4): the page count the runner found opening
 * the file, the PDF version from one qpdf listing (the header's, or the
 * catalog's /Version where that is later, as a number: 1.7) and the upload's
 * size in bytes.
 */
@ToolProcessor(analysisBasicInfoTool)
export class AnalysisBasicInfoProcessor implements Processor<typeof analysisBasicInfoTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof analysisBasicInfoTool>): Promise<ProcessorOutput> {
    const listing = await readDocument(file.path, engine);
    const answer = {
      pageCount: file.pageCount,
      pdfVersion: pdfVersion(new PdfObjects(listing.objects), listing.pdfVersion),
      fileSize: file.size,
    };
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify(answer));
    return { path: output };
  }
}
