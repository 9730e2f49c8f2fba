import { writeFile } from 'node:fs/promises';
import { analysisAnnotationInfoTool } from '@folio/registry';
import { readDocument } from '../../engines/qpdf/qpdf-objects';
import { pageNodes } from '../../pdf-objects/page-tree';
import { nameOf, PdfObjects, textOf } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Annotation Summary (reference-beyond §4), from one qpdf listing:
 * `totalCount`, the annotations every page's /Annots lists (one listed on two
 * pages, or twice, counts each time, as PDFBox's getAnnotations gives it), and
 * `typeBreakdown`, how many of each /Subtype, in the order first met. An entry
 * that is no dictionary or has no /Subtype is skipped: the reference fails with
 * a 500 on it (its compat note), so the breakdown always adds up to the total.
 */
@ToolProcessor(analysisAnnotationInfoTool)
export class AnalysisAnnotationInfoProcessor implements Processor<typeof analysisAnnotationInfoTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof analysisAnnotationInfoTool>): Promise<ProcessorOutput> {
    const pdf = new PdfObjects((await readDocument(file.path, engine)).objects);
    // A Map, so that a subtype named like an object's own keys (__proto__) is counted like any other.
    const typeBreakdown = new Map<string, number>();
    let totalCount = 0;
    for (const page of pageNodes(pdf)) {
      for (const annotation of pdf.array(page.dict['/Annots']) ?? []) {
        const subtype = pdf.resolve(pdf.dict(annotation)?.['/Subtype']);
        // PDFBox reads the subtype as a name, or the text of a string written where a name belongs.
        const type = nameOf(subtype) ?? textOf(subtype);
        if (type === undefined) continue;
        typeBreakdown.set(type, (typeBreakdown.get(type) ?? 0) + 1);
        totalCount++;
      }
    }
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify({ totalCount, typeBreakdown: Object.fromEntries(typeBreakdown) }));
    return { path: output };
  }
}
