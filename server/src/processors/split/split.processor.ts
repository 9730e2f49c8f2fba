import { baseName, outOfRangePages, parsePageSelection, splitTool } from '@folio/registry';
import { splitIntoRanges } from '../../engines/qpdf/qpdf-pages';
import { completePartDocuments } from '../../engines/part-documents';
import { writeZip } from '../../engines/zip';
import { InvalidInputError } from '../../refusals/input-errors';
import { documentOf, outOfRange, pagesText, type PageDocument } from '../../page-orders/page-orders';
import { mappingOfRange, readOutlinesToCarry, retargetOutline } from '../../pdf-objects/outline-retargeting';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Cuts the document after each selected page (reference §3.9) and zips the parts
 * as `<base>_1.pdf`, `<base>_2.pdf`, ... qpdf cuts the parts from the original
 * (parts of one length in one pass), so nothing is held in memory; then one
 * pikepdf pass gives every part the document's information and XMP and the
 * bookmarks whose pages it holds (the reference's parts lose both).
 */
@ToolProcessor(splitTool)
export class SplitProcessor implements Processor<typeof splitTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof splitTool>): Promise<ProcessorOutput> {
    const ranges = splitRanges(params.pageNumbers ?? '', documentOf(file));
    const base = baseName(file.originalName);
    const cut = await splitIntoRanges(file.path, ranges, await workspace.newFolder(), engine);
    const outline = await readOutlinesToCarry(file.path, engine);
    const parts = cut.map((input, index) => ({
      input,
      output: workspace.newPath('.pdf'),
      outline: retargetOutline(outline, mappingOfRange(...ranges[index])),
    }));
    await completePartDocuments(file.path, parts, workspace.newPath('.json'), file.pageCount ?? 1, engine);
    const zip = workspace.newPath('.zip');
    await writeZip(
      zip,
      parts.map((part, index) => ({ path: part.output, name: `${base}_${index + 1}.pdf` })),
    );
    return { path: zip };
  }
}

/**
 * 0-based inclusive page ranges: one ends at each split point, in the order given,
 * and the last one always ends at the last page. A point at or before the end of
 * the previous part would make an empty part (the reference writes a broken one):
 * it is skipped. A selection naming no page of the file is refused, as Remove
 * Pages refuses it: the reference would answer the file whole, as if split.
 */
export function splitRanges(selection: string, doc: PageDocument): [number, number][] {
  const pageCount = doc.pageCount;
  if (pageCount < 1) throw new InvalidInputError('The PDF has no pages to split.');
  let points: number[];
  try {
    points = parsePageSelection(selection, pageCount);
  } catch (error) {
    throw new InvalidInputError(error instanceof Error ? error.message : String(error));
  }
  if (points.length === 0) {
    const missing = outOfRangePages(selection, pageCount);
    if (missing.length > 0) throw outOfRange(missing, doc);
    throw new InvalidInputError(`"${selection.trim()}" selects no page to split after: "${doc.name}" has ${pagesText(pageCount)}.`);
  }
  if (!points.includes(pageCount - 1)) points.push(pageCount - 1);
  const ranges: [number, number][] = [];
  let start = 0;
  for (const point of points) {
    if (point < start) continue;
    ranges.push([start, point]);
    start = point + 1;
  }
  return ranges;
}
