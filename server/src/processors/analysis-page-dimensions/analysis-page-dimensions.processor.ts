import { writeFile } from 'node:fs/promises';
import { analysisPageDimensionsTool } from '@folio/registry';
import { readDocument } from '../../engines/qpdf/qpdf-objects';
import { effectiveCropBox } from '../../pdf-objects/page-boxes';
import { pageNodes } from '../../pdf-objects/page-tree';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { floatDifference } from './float-values';

/**
 * Page Dimensions (reference-beyond §4): `[{"width", "height"}]`, one per page
 * in order, in points, from one qpdf listing: the page's (inherited) crop box
 * clipped to its media box, as PDFBox's getCropBox reads it, computed in
 * floats as PDFBox does, and not turned for /Rotate (a landscape page shown
 * turned still answers its unturned size, as the reference's does).
 */
@ToolProcessor(analysisPageDimensionsTool)
export class AnalysisPageDimensionsProcessor implements Processor<typeof analysisPageDimensionsTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof analysisPageDimensionsTool>): Promise<ProcessorOutput> {
    const pdf = new PdfObjects((await readDocument(file.path, engine)).objects);
    const dimensions = pageNodes(pdf).map((page) => {
      const box = effectiveCropBox(page);
      return { width: floatDifference(box.x2, box.x1), height: floatDifference(box.y2, box.y1) };
    });
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify(dimensions));
    return { path: output };
  }
}
