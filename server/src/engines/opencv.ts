import { writeFile } from 'node:fs/promises';
import { engineScript } from './engine-scripts';
import { pageWatchdog, runProcess, type EngineOptions, type ScratchFiles } from './process';

/**
 * OpenCV through Python (Debian's python3-opencv and python3-numpy), driven by
 * a script kept with the server (server/src/engines/scanned-photos.py): photos
 * laid on a scanner's bed found on the page pictures, each cut out, turned
 * upright and trimmed.
 */

const PYTHON = '/usr/bin/python3';
/** Reaches the program from src/engines (tests, ts-jest) and dist/engines (built server) alike. */
const PROGRAM = engineScript('scanned-photos.py');

/** How photos are told from the paper and cut out; see the script for each step. */
export interface PhotoSearch {
  /** Smallest tilt, in degrees, that is turned upright; smaller tilts are cut out as they lie. */
  angleThreshold: number;
  /** How far (0–255, any channel) a pixel's colour may be from the paper's and still count as paper. */
  tolerance: number;
  /** Fewest pixels a photo's upright bounding box must cover. */
  minArea: number;
  /** Fewest pixels a photo's outline must enclose. */
  minContourArea: number;
  /** Pixels taken off every side of each photo. */
  borderSize: number;
}

/** One page picture to search. */
export interface ScannedPage {
  /** A PNG or PNM picture in the job's folder. */
  path: string;
  /** Its page number, for messages. */
  page: number;
}

/** A photo written as PNG. */
export interface FoundPhoto {
  page: number;
  path: string;
  width: number;
  height: number;
  /** Degrees it was tilted by (-45..45). */
  tilt: number;
  /** Turned upright (its tilt was at least the threshold). */
  deskewed: boolean;
}

/** A page picture OpenCV cannot decode. */
export class UnreadablePictureError extends Error {
  constructor(readonly page: number) {
    super(`page ${page} could not be decoded`);
    this.name = 'UnreadablePictureError';
  }
}

/** The pages hold more photos than one run may write. */
export class TooManyPhotosError extends Error {
  constructor(
    readonly page: number,
    readonly max: number,
  ) {
    super(`more than ${max} photos found, the last on page ${page}`);
    this.name = 'TooManyPhotosError';
  }
}

type Answer = { photos: FoundPhoto[]; error?: undefined } | { error: 'unreadable'; page: number } | { error: 'too-many'; page: number; max: number };

/**
 * Finds and cuts out the photos on `pages`, writing them as PNGs into
 * `outputDir` numbered from `firstIndex`, at most `maxPhotos` of them
 * (TooManyPhotosError past that). Answers them in page and reading order.
 */
export async function cutOutPhotos(
  pages: readonly ScannedPage[],
  outputDir: string,
  search: PhotoSearch,
  limits: { firstIndex: number; maxPhotos: number; maxPixels: number },
  workspace: ScratchFiles,
  options: EngineOptions,
): Promise<FoundPhoto[]> {
  const jobFile = workspace.newPath('.json');
  await writeFile(jobFile, JSON.stringify({ pages, outputDir, firstIndex: limits.firstIndex, maxPhotos: limits.maxPhotos, ...search }));
  const { stdout } = await runProcess(PYTHON, ['-I', '-B', PROGRAM, jobFile], {
    ...options,
    readable: [PROGRAM],
    okExitCodes: [0, 2],
    watchdogMs: pageWatchdog(pages.length),
    // OpenCV's own decoder limit, so no picture it is handed can be larger than the page budget.
    env: { CV_IO_MAX_IMAGE_PIXELS: String(limits.maxPixels), OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1' },
  });
  const answer = JSON.parse(stdout) as Answer;
  if (answer.error === 'unreadable') throw new UnreadablePictureError(answer.page);
  if (answer.error === 'too-many') throw new TooManyPhotosError(answer.page, answer.max);
  return answer.photos;
}
