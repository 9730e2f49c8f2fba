import { rm } from 'node:fs/promises';
import { Inject } from '@nestjs/common';
import { scannerEffectTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { makeLookScanned } from '../../engines/imagemagick';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { readPageSizes, renderPageRange, type ShownPageSize } from '../../engines/poppler';
import { writePicturePdf, type PicturePage } from '../../engines/qpdf/qpdf-rewrites';
import { pixelsWithinTimeLimit, refuseBeyondToolBudget, refuseOversizedRendering } from '../../input-checks/raster-budget';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { pageLook, scanSettings } from './scan-look';

/**
 * Pixels one request's pages may make per second of the job's time limit:
 * each is drawn, then framed, tilted, blurred and grained, up to half a second
 * of one core per megapixel (the strongest blur), so a request within the
 * budget ends within the limit on a busy machine. At the default 300 s, 300
 * megapixels: some 140 letter pages at the default 150 DPI, 35 at 300.
 */
export const PIXELS_PER_SECOND = 1_000_000;
/** Pages Poppler draws in one run, so a long document is not reopened for every page. */
const PAGES_PER_RENDER = 4;

/**
 * Scanner Effect. pdfinfo gives the pages' sizes, weighed against the raster
 * budgets before anything is drawn; pdftoppm draws them a few at a time at the
 * chosen resolution and ImageMagick makes each look scanned (scan-look.ts),
 * pages side by side up to the engines' concurrency; qpdf puts the pictures,
 * as the JPEGs they are, on pages of the original sizes.
 */
@ToolProcessor(scannerEffectTool)
export class ScannerEffectProcessor implements Processor<typeof scannerEffectTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof scannerEffectTool>): Promise<ProcessorOutput> {
    const settings = scanSettings(params);
    const sizes = await readPageSizes(file.path, engine);
    const pixels = this.checkBudgets(file, sizes, settings.dpi, params.advancedEnabled, pixelsWithinTimeLimit(engine.timeLimitMs, PIXELS_PER_SECOND));

    const folder = await workspace.newFolder();
    const pages: PicturePage[] = new Array(sizes.length);
    const colour = settings.grayscale && !settings.yellowish ? 'grey' : 'rgb';
    await inParallel(chunks(sizes.length, PAGES_PER_RENDER), this.config.engineConcurrency, async ({ first, last }) => {
      const rendered = await renderPageRange(
        file.path,
        { first, last },
        `${folder}/page-${first}`,
        { dpi: settings.dpi, colour: settings.grayscale ? 'grey' : 'colour' },
        engine,
      );
      for (let page = first; page <= last; page++) {
        const picture = rendered.get(page);
        if (!picture) throw new PdfCorruptedError(file.originalName, `Poppler could not draw page ${page}`);
        const jpeg = `${folder}/scan-${page}.jpg`;
        await makeLookScanned(picture, jpeg, pageLook(settings, pixels[page - 1], Math.random), engine);
        await rm(picture, { force: true });
        pages[page - 1] = { jpeg, pixelWidth: pixels[page - 1].width, pixelHeight: pixels[page - 1].height, colour, ...sizes[page - 1] };
      }
    });

    const output = workspace.newPath('.pdf');
    await writePicturePdf(pages, workspace.newPath('.json'), output, engine);
    return { path: output };
  }

  /** The raster budgets, and this tool's own on the work (`maxPixels`); answers each page's pixel size. */
  private checkBudgets(file: InputFile, sizes: readonly ShownPageSize[], dpi: number, advanced: boolean, maxPixels: number) {
    const lower = advanced ? 'Choose a lower resolution' : 'Choose a lower quality';
    const pixels = refuseOversizedRendering(file, sizes, dpi, this.config, { page: `${lower}.`, request: `${lower} or fewer pages.` });
    refuseBeyondToolBudget(file, pixels, dpi, maxPixels, { work: 'the scanner effect draws', remedy: `${lower} or fewer pages.` });
    return pixels.map(({ width, height }) => ({ width: Math.max(1, width), height: Math.max(1, height) }));
  }
}

/** Pages 1..count in runs of at most `size`. */
function chunks(count: number, size: number): { first: number; last: number }[] {
  return Array.from({ length: Math.ceil(count / size) }, (_, i) => ({ first: i * size + 1, last: Math.min(count, (i + 1) * size) }));
}

/**
 * Runs `work` on every item, `workers` at a time; the first failure stops new
 * items from starting and is thrown once the running ones have settled.
 */
async function inParallel<T>(items: readonly T[], workers: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, items.length)) }, worker));
  if (failure) throw failure.error;
}
