import { rm, stat } from 'node:fs/promises';
import { autoSplitSizeTool, baseName } from '@folio/registry';
import type { EngineOptions } from '../../engines/process';
import { assemblePages, cutRanges, splitIntoRanges } from '../../engines/qpdf/qpdf-pages';
import { writeZip } from '../../engines/zip';
import { PageWeights, refuseOversizedParts } from '../../pdf-objects/page-weights';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { estimatedParts, partsBySize, type PartCutter, type SizedPart } from './size-parts';
import { rangesOfDocuments, rangesOfPages, readSplitValue } from './split-value';

/**
 * Cuts the document into consecutive parts (reference §3.10): of at most a
 * size, measured on the real parts (size-parts.ts); of so many pages; or so
 * many parts of near-equal length. qpdf cuts every part from the original
 * without decoding a stream, so memory stays flat however large the file;
 * the parts go into a ZIP as `<base>_1.pdf`, `<base>_2.pdf`, ...
 */
@ToolProcessor(autoSplitSizeTool)
export class AutoSplitSizeProcessor implements Processor<typeof autoSplitSizeTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof autoSplitSizeTool>): Promise<ProcessorOutput> {
    const plan = readSplitValue(params.splitType, params.splitValue ?? '');
    const weights = await PageWeights.read(file.path, engine);
    // qpdf's count, as every other tool sees the document (a damaged page tree is read as qpdf repairs it).
    const pageCount = file.pageCount ?? weights.pageCount;

    let parts: SizedPart[];
    if (plan.by === 'size') {
      const weigher = { pageCount, startPart: () => weights.startPart() };
      refuseOversizedParts(estimatedParts(weigher, plan.maxBytes).map((part) => part.estimate));
      parts = await partsBySize(weigher, plan.maxBytes, cutterFor(file, pageCount, workspace, engine));
    } else {
      const ranges = plan.by === 'pages' ? rangesOfPages(pageCount, plan.pagesPerPart) : rangesOfDocuments(pageCount, plan.parts);
      refuseOversizedParts(weights.estimateParts(ranges));
      parts = ranges.map(([first, last]) => ({ first, last }));
    }

    // Parts not cut while measuring (single pages, and every part of a count split) are cut now, in few passes.
    const uncut = parts.filter((part) => !part.path);
    const paths = await splitIntoRanges(
      file.path,
      uncut.map((part) => [part.first, part.last]),
      await workspace.newFolder(),
      engine,
    );
    uncut.forEach((part, i) => (part.path = paths[i]));

    const base = baseName(file.originalName);
    const zip = workspace.newPath('.zip');
    await writeZip(
      zip,
      parts.map((part, i) => ({ path: part.path!, name: `${base}_${i + 1}.pdf` })),
    );
    return { path: zip };
  }
}

/**
 * From this many pages on, a pass over the whole document costs qpdf noticeable
 * time (it reads every page object, about half a second for 10,000 pages), so a
 * batch of cuts is made from a copy of just the pages it spans.
 */
const WINDOW_FROM_PAGES = 1000;

/**
 * Cuts measured on disk: qpdf writes them into the job's folder. A batch from a
 * long document is cut from a copy of the pages it spans, made in one pass: a
 * part cut from that copy is the same objects, numbered alike, as one cut from
 * the original, so it has the same size (and is the file delivered).
 */
function cutterFor(file: InputFile, pageCount: number, workspace: Workspace, engine: EngineOptions): PartCutter {
  return {
    async cut(ranges) {
      const first = Math.min(...ranges.map(([a]) => a));
      const last = Math.max(...ranges.map(([, b]) => b));
      let source = file.path;
      let shift = 0;
      if (ranges.length > 1 && pageCount >= WINDOW_FROM_PAGES && (last - first + 1) * 2 <= pageCount) {
        source = workspace.newPath('.pdf');
        await assemblePages(source, [{ path: file.path, range: `${first + 1}-${last + 1}` }], engine);
        shift = first;
      }
      const shifted = ranges.map(([a, b]) => [a - shift, b - shift] as const);
      const paths = await cutRanges(source, shifted, await workspace.newFolder(), workspace.newPath('.args'), engine);
      if (source !== file.path) await rm(source, { force: true });
      return Promise.all(paths.map(async (path) => ({ path, bytes: (await stat(path)).size })));
    },
    async discard(path) {
      await rm(path, { force: true });
    },
  };
}
