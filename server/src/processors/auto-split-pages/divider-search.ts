import { rm } from 'node:fs/promises';
import { QR_PAGE_SECONDS, readQrCodes } from '../../engines/opencv-qr';
import { pixelsAt, renderPageRange, type ShownPageSize } from '../../engines/poppler';
import type { EngineOptions } from '../../engines/process';
import { InvalidInputError } from '../../refusals/input-errors';
import type { Workspace } from '../../workspace/workspace';
import { isDivider } from './divider-texts';

/**
 * Pages are searched drawn at 150 DPI, as the reference does first: a printed
 * divider's code has modules of several pixels there, and the QR reader works
 * best at that size. Drawing again at a higher DPI did not help on our scans:
 * what the reader misses at 150 DPI is noise, which more pixels only add to
 * (and make many times slower), and no cheap finder could tell a missed code
 * from print to retry it.
 */
export const SEARCH_DPI = 150;
/** A page larger than this many pixels at 150 DPI (a poster) is drawn at the DPI that fits, about A2 at 150 DPI. */
export const MAX_PAGE_PIXELS = 9_000_000;
/** Pages drawn by one pdftoppm run and searched by one reader run: a long scan never lies on disk as a whole. */
const PAGES_PER_BATCH = 8;
/** Batches at once for one document: both cores of a small server, and no more. */
const WORKERS = 2;
/**
 * Pages whose search may run out of time (pure speckle noise) before the
 * document is refused: such a page counts as content, but a stack of them
 * would take the request past its time limit.
 */
const MAX_SLOW_PAGES = 8;

/** The DPI page `size` is drawn at: SEARCH_DPI, or less for a page too large for MAX_PAGE_PIXELS. */
export function searchDpi(size: ShownPageSize): number {
  const pixels = pixelsAt(size.width, SEARCH_DPI) * pixelsAt(size.height, SEARCH_DPI);
  if (pixels <= MAX_PAGE_PIXELS) return SEARCH_DPI;
  return Math.max(1, Math.floor(SEARCH_DPI * Math.sqrt(MAX_PAGE_PIXELS / pixels)));
}

/**
 * The pages (1-based) of `pdf` holding a divider's QR code. Pages are drawn in
 * grey by pdftoppm, a batch at a time (two batches at once), each batch
 * searched by one reader run and deleted before the next is drawn.
 */
export async function findDividerPages(
  pdf: string,
  fileName: string,
  sizes: readonly ShownPageSize[],
  workspace: Workspace,
  engine: EngineOptions,
): Promise<Set<number>> {
  const dividers = new Set<number>();
  let slowPages = 0;
  const queue = batches(sizes.map(searchDpi));
  let failed = false;
  const worker = async () => {
    for (let batch = queue.shift(); batch && !failed; batch = queue.shift()) {
      const drawn = await renderPageRange(pdf, { first: batch.first, last: batch.last }, workspace.newPath(), { dpi: batch.dpi, colour: 'grey' }, engine);
      try {
        // A page Poppler could not draw has no picture: it is searched as holding no code.
        const pages = [...drawn.keys()].sort((a, b) => a - b);
        const found = await readQrCodes(
          pages.map((page) => drawn.get(page)!),
          workspace,
          engine,
        );
        // A page whose search ran out of time (pure speckle noise) counts as content, like one without a code.
        pages.forEach((page, i) => {
          if (isDivider(found[i].texts)) dividers.add(page);
          if (found[i].timedOut) slowPages++;
        });
        if (slowPages >= MAX_SLOW_PAGES) {
          throw new InvalidInputError(
            `${slowPages} pages of "${fileName}" are too noisy to search for divider codes in time (over ${QR_PAGE_SECONDS} s each). Scan the stack again with less noise, or split it by hand.`,
          );
        }
      } finally {
        await Promise.all([...drawn.values()].map((file) => rm(file, { force: true })));
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(WORKERS, queue.length) }, () =>
      worker().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    ),
  );
  return dividers;
}

/** Runs of consecutive pages drawn at one DPI, at most PAGES_PER_BATCH long. */
export function batches(dpis: readonly number[]): { first: number; last: number; dpi: number }[] {
  const runs: { first: number; last: number; dpi: number }[] = [];
  dpis.forEach((dpi, index) => {
    const page = index + 1;
    const run = runs[runs.length - 1];
    if (run && run.dpi === dpi && run.last - run.first + 1 < PAGES_PER_BATCH) run.last = page;
    else runs.push({ first: page, last: page, dpi });
  });
  return runs;
}
