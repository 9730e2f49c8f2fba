import { baseName, parsePageSelection, splitTool } from '@folio/registry';
import { splitIntoRanges } from '../../engines/qpdf';
import { writeZip } from '../../engines/zip';
import { InvalidInputError } from '../../input-checks/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Cuts the document after each selected page (reference §3.9) and zips the parts
 * as `<base>_1.pdf`, `<base>_2.pdf`, ... qpdf cuts the parts from the original
 * (parts of one length in one pass), so nothing is held in memory.
 */
@ToolProcessor(splitTool)
export class SplitProcessor implements Processor<typeof splitTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof splitTool>): Promise<ProcessorOutput> {
    const ranges = splitRanges(params.pageNumbers ?? '', file.pageCount ?? 0);
    const base = baseName(file.originalName);
    const paths = await splitIntoRanges(file.path, ranges, await workspace.newFolder(), engine);
    const parts = paths.map((path, index) => ({ path, name: `${base}_${index + 1}.pdf` }));
    const zip = workspace.newPath('.zip');
    await writeZip(zip, parts);
    return { path: zip };
  }
}

/**
 * 0-based inclusive page ranges: one ends at each split point, in the order given,
 * and the last one always ends at the last page. A point at or before the end of
 * the previous part would make an empty part (the reference writes a broken one):
 * it is skipped.
 */
export function splitRanges(selection: string, pageCount: number): [number, number][] {
  if (pageCount < 1) throw new InvalidInputError('The PDF has no pages to split.');
  let points: number[];
  try {
    points = parsePageSelection(selection, pageCount);
  } catch (error) {
    throw new InvalidInputError(error instanceof Error ? error.message : String(error));
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
