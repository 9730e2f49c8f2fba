import { Inject } from '@nestjs/common';
import { baseName, removeBlankPagesTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { eachPageText, writePlainText } from '../../engines/poppler-text';
import type { EngineOptions } from '../../engines/process';
import { countPages, selectPages } from '../../engines/qpdf/qpdf-pages';
import { writeZip, type ZipEntry } from '../../engines/zip';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { judgeDrawnPages, LONG_SIDE_PX } from './white-share';

/**
 * Finds the blank pages and answers a ZIP of the pages kept and the pages
 * taken out (reference §6.10). A page with text (pdftotext) is never blank;
 * every other page, whatever it holds (a scan, drawings, nothing), is drawn
 * in grey by pdftoppm, small, a batch at a time, and is blank when enough of
 * its pixels are near white. qpdf then cuts both PDFs out of the original,
 * so everything else (metadata, bookmarks, form fields of the pages kept) stays.
 */
@ToolProcessor(removeBlankPagesTool)
export class RemoveBlankPagesProcessor implements Processor<typeof removeBlankPagesTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof removeBlankPagesTool>): Promise<ProcessorOutput> {
    const pageCount = file.pageCount ?? (await countPages(file.path, engine));
    const withoutText = await pagesWithoutText(file.path, pageCount, workspace.newPath('.txt'), engine);
    this.refuseTooManyToDraw(file, withoutText.length);
    const blank = new Set(await judgeDrawnPages(file.path, withoutText, { threshold: params.threshold, whitePercent: params.whitePercent }, workspace, engine));

    const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
    const kept = pages.filter((page) => !blank.has(page));
    const removed = pages.filter((page) => blank.has(page));
    const base = baseName(file.originalName);
    const entries: ZipEntry[] = [];
    if (kept.length > 0) {
      entries.push({ path: await cut(file.path, kept), name: `${base}_nonBlankPages.pdf` });
      if (removed.length > 0) entries.push({ path: await cut(file.path, removed), name: `${base}_blankPages.pdf` });
    } else {
      entries.push({ path: await cut(file.path, removed), name: `${base}_allBlankPages.pdf` });
    }
    const output = workspace.newPath('.zip');
    await writeZip(output, entries);
    return { path: output };

    async function cut(input: string, selected: readonly number[]): Promise<string> {
      const path = workspace.newPath('.pdf');
      await selectPages(input, path, pageRanges(selected), engine);
      return path;
    }
  }

  /**
   * Drawing is the expensive part: the raster budgets apply to the pages that
   * must be drawn, each at most LONG_SIDE_PX squared.
   */
  private refuseTooManyToDraw(file: InputFile, toDraw: number): void {
    const max = Math.min(this.config.maxRasterPages, Math.floor(this.config.maxPixelsPerRequest / LONG_SIDE_PX ** 2));
    if (toDraw > max) {
      throw new InvalidInputError(
        `${toDraw} pages of "${file.originalName}" have no text and would have to be drawn to tell whether they are blank; this server draws up to ${max} pages per document.`,
      );
    }
  }
}

/** The pages (1-based) on which pdftotext finds nothing but white space. */
async function pagesWithoutText(pdf: string, pageCount: number, textFile: string, engine: EngineOptions): Promise<number[]> {
  await writePlainText(pdf, textFile, pageCount, engine);
  const hasText = new Set<number>();
  await eachPageText(textFile, (page, text) => {
    if (/\S/.test(text)) hasText.add(page);
  });
  return Array.from({ length: pageCount }, (_, index) => index + 1).filter((page) => !hasText.has(page));
}

/** Sorted page numbers as qpdf ranges. e.g. [1, 2, 3, 7] → ['1-3', '7'] */
function pageRanges(pages: readonly number[]): string[] {
  const ranges: string[] = [];
  let start = pages[0];
  for (let i = 1; i <= pages.length; i++) {
    if (i < pages.length && pages[i] === pages[i - 1] + 1) continue;
    const end = pages[i - 1];
    ranges.push(start === end ? String(start) : `${start}-${end}`);
    start = pages[i];
  }
  return ranges;
}
