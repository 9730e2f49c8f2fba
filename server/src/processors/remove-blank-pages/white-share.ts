import { rm } from 'node:fs/promises';
import { readGrayImage, renderGrayPagesScaled, type GrayImage } from '../../engines/poppler';
import type { EngineOptions } from '../../engines/process';
import type { Workspace } from '../../workspace/workspace';

/** When a drawn page counts as blank (reference §6.10). */
export interface BlankCriteria {
  /** A pixel is white when it is at most this far from pure white (0–255). */
  threshold: number;
  /** The page is blank when at least this share of its pixels (0–100) is white. */
  whitePercent: number;
}

/**
 * Pages are drawn with their longer side this many pixels, whatever their size:
 * about 90 dpi for Letter or A4, fine enough that a line of handwriting or a
 * stamp is thousands of dark pixels, a speck of dust a handful (0.1 % of the
 * page is a thousand pixels), and at most a megapixel, so a poster-sized page
 * costs no more than a small one.
 */
export const LONG_SIDE_PX = 1000;
/** Pages drawn by one pdftoppm run, so a long document never lies on disk as a whole. */
const PAGES_PER_BATCH = 16;
/**
 * Pages not asked for that a batch may draw anyway, to keep a run of pages in
 * one engine call: drawing a page this small costs about as much as starting
 * the renderer again.
 */
const MAX_GAP = 2;

/** Renderer runs at once for one document: both cores of a small server, and no more. */
const RENDERERS = 2;

/**
 * Draws `pages` (1-based, ascending) of `pdf` in grey, a batch at a time
 * (two batches at once), and answers those that are blank by `criteria`, in
 * order. A page the renderer could not draw is kept (not blank): nothing is
 * removed on a guess.
 */
export async function judgeDrawnPages(
  pdf: string,
  pages: readonly number[],
  criteria: BlankCriteria,
  workspace: Workspace,
  engine: EngineOptions,
): Promise<number[]> {
  const blank: number[] = [];
  const queue = batches(pages);
  let failed = false;
  const renderer = async () => {
    for (let batch = queue.shift(); batch && !failed; batch = queue.shift()) {
      const drawn = await renderGrayPagesScaled(pdf, { first: batch[0], last: batch[batch.length - 1] }, workspace.newPath(), LONG_SIDE_PX, engine);
      try {
        for (const page of batch) {
          const file = drawn.get(page);
          if (file && isBlank(await readGrayImage(file), criteria)) blank.push(page);
        }
      } finally {
        await Promise.all([...drawn.values()].map((file) => rm(file, { force: true })));
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(RENDERERS, queue.length) }, () =>
      renderer().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    ),
  );
  return blank.sort((a, b) => a - b);
}

/** Whether at least `whitePercent` % of the pixels are within `threshold` of white. */
export function isBlank(image: GrayImage, { threshold, whitePercent }: BlankCriteria): boolean {
  const white = 255 - threshold;
  const { pixels } = image;
  if (pixels.length === 0) return true;
  let whiteCount = 0;
  for (let i = 0; i < pixels.length; i++) if (pixels[i] >= white) whiteCount++;
  return (whiteCount * 100) / pixels.length >= whitePercent;
}

/** `pages` in runs for one renderer call each: at most PAGES_PER_BATCH asked for, gaps of at most MAX_GAP pages between them. */
export function batches(pages: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const page of pages) {
    const run = runs[runs.length - 1];
    if (run && run.length < PAGES_PER_BATCH && page - run[run.length - 1] <= MAX_GAP + 1) run.push(page);
    else runs.push([page]);
  }
  return runs;
}
