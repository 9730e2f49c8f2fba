import { writeFile } from 'node:fs/promises';
import { compareTool } from '@folio/registry';
import { findVisualDifferences, readPageFrames, writeComparisonReport } from '../../engines/page-differences';
import { readWordBoxes, type PageWords } from '../../engines/poppler-text';
import { InvalidInputError } from '../../refusals/input-errors';
import type { InputFile } from '../../tool-execution/processor';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { assembleComparison, extraPageDifferences, pairsToRender, unturnedWords, visualDifferences } from './comparison';
import { comparisonReport } from './comparison-report';
import { textDifferences, wordsInOrder } from './text-differences';

/** Pages are compared as pictures at this resolution: a mark of a point or two still shows, a page costs milliseconds. */
const VISUAL_DPI = 50;

/**
 * Compares the original (the main upload) with the changed PDF (`compareFile`):
 * Poppler's words in reading order diffed (sequence-diff.ts), pages without
 * text or with the same words rendered by MuPDF and compared as pictures
 * (engines/page-differences.ts), pages only one has counted as added or
 * removed; answered as JSON, or drawn as a report PDF.
 */
@ToolProcessor(compareTool)
export class CompareProcessor implements Processor<typeof compareTool> {
  readonly readsPageContent = true;

  async run({ files: [original], params, workspace, engine }: ProcessorInput<typeof compareTool>): Promise<ProcessorOutput> {
    const changed = params.compareFile;
    // The runner refuses a request without it; a pipeline step fed a single file meets this.
    if (!changed) throw new InvalidInputError(compareTool.fields.compareFile.required);
    const mode = params.mode;
    // The frames (MuPDF) and both documents' words (Poppler) are read at the same time.
    const wantsWords = mode !== 'visual';
    const [frames, originalWords, changedWords] = await Promise.all([
      readPageFrames(original.path, changed.path, pagesOf(original) + pagesOf(changed), workspace, engine),
      wantsWords ? readWords(original, engine) : [],
      wantsWords ? readWords(changed, engine) : [],
    ]);
    const originalPages = unturnedWords(originalWords, frames.original);
    const changedPages = unturnedWords(changedWords, frames.changed);
    const text = textDifferences(wordsInOrder(originalPages), wordsInOrder(changedPages));

    const shared = Math.min(frames.original.length, frames.changed.length);
    const pairs = pairsToRender(mode, shared, originalPages, changedPages);
    const regions = await findVisualDifferences(original.path, changed.path, pairs, VISUAL_DPI, workspace, engine);
    const found = [...text.differences, ...visualDifferences(pairs, regions)];
    const comparison = assembleComparison(mode, frames, [...found, ...extraPageDifferences(frames, found)], text.words);

    const output = workspace.newPath(params.outputFormat === 'pdf' ? '.pdf' : '.json');
    if (params.outputFormat === 'pdf') {
      await writeComparisonReport(
        original.path,
        changed.path,
        output,
        comparisonReport(comparison, original.originalName, changed.originalName),
        workspace,
        engine,
      );
    } else {
      await writeFile(output, JSON.stringify(comparison, null, 2));
    }
    return { path: output };
  }
}

function pagesOf(file: InputFile): number {
  return file.pageCount ?? 1;
}

function readWords(file: InputFile, engine: ProcessorInput<typeof compareTool>['engine']): Promise<PageWords[]> {
  return readWordBoxes(file.path, { first: 1, last: pagesOf(file) }, engine);
}
