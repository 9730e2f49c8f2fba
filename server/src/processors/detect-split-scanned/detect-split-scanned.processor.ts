import { open, rm } from 'node:fs/promises';
import { Inject } from '@nestjs/common';
import { baseName, detectSplitScannedTool, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { imageDimensions } from '../../engines/image-dimensions';
import { identifyFrames, normaliseToPng, UnreadableImageError } from '../../engines/imagemagick';
import { cutOutPhotos, TooManyPhotosError, UnreadablePictureError, type FoundPhoto, type PhotoSearch, type ScannedPage } from '../../engines/opencv';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { readPageSizes, renderPageRange, type ShownPageSize } from '../../engines/poppler';
import { EngineFailedError, type EngineOptions } from '../../engines/process';
import { writeZip } from '../../engines/zip';
import { InvalidInputError } from '../../refusals/input-errors';
import { megapixels, pixelsWithinTimeLimit, refuseBeyondToolBudget, refuseOversizedRendering } from '../../input-checks/raster-budget';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

type Params = ToolParams<typeof detectSplitScannedTool>;

/** PDF pages are drawn at this resolution (a scanner's usual one), lower only for pages too large for the page budget. */
const RENDER_DPI = 300;
/** Pages Poppler draws, and OpenCV searches, in one run: a long document is neither reopened per page nor held drawn whole. */
const PAGES_PER_RUN = 4;
/** Most photos one request answers; far more than a scanner bed holds per page. */
const MAX_PHOTOS = 500;
/**
 * Page pixels one request may search per second of the job's time limit: drawing
 * and searching take well under half a second of one core per megapixel. At the
 * default 300 s, 600 megapixels: some 70 letter pages at 300 DPI.
 */
const PIXELS_PER_SECOND = 2_000_000;

/**
 * Detect / Split Scanned Photos. A PDF is drawn page by page by pdftoppm (a
 * few pages a run), an image decoded by ImageMagick (upright by its EXIF
 * orientation, first frame); OpenCV finds the photos on each picture, cuts
 * each out, turns it upright and trims it (engines/opencv.ts). One photo is
 * answered as a PNG, several as a ZIP of PNGs (reference §6.14); none is a 400.
 */
@ToolProcessor(detectSplitScannedTool)
export class DetectSplitScannedProcessor implements Processor<typeof detectSplitScannedTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({
    files: [file],
    params,
    workspace,
    engine,
  }: ProcessorInput<typeof detectSplitScannedTool>): Promise<ProcessorOutput<typeof detectSplitScannedTool>> {
    const search = photoSearch(params);
    const maxPixels = pixelsWithinTimeLimit(engine.timeLimitMs, PIXELS_PER_SECOND);
    const folder = await workspace.newFolder();
    const find = async (pages: readonly ScannedPage[], found: readonly FoundPhoto[]) =>
      cutOutPhotos(
        pages,
        folder,
        search,
        { firstIndex: found.length + 1, maxPhotos: MAX_PHOTOS - found.length, maxPixels: this.config.maxPixelsPerPage },
        workspace,
        engine,
      );

    const photos: FoundPhoto[] = [];
    try {
      if (file.type === 'pdf') {
        const sizes = await readPageSizes(file.path, engine);
        const dpi = this.checkPdfBudgets(file, sizes, maxPixels);
        for (let first = 1; first <= sizes.length; first += PAGES_PER_RUN) {
          const last = Math.min(sizes.length, first + PAGES_PER_RUN - 1);
          const drawn = await renderPageRange(file.path, { first, last }, `${folder}/page-${first}`, { dpi, colour: 'colour' }, engine);
          const pages: ScannedPage[] = [];
          for (let page = first; page <= last; page++) {
            const path = drawn.get(page);
            if (!path) throw new PdfCorruptedError(file.originalName, `Poppler could not draw page ${page}`);
            pages.push({ path, page });
          }
          photos.push(...(await find(pages, photos)));
          await Promise.all(pages.map(({ path }) => rm(path, { force: true })));
        }
      } else {
        const picture = await this.decodeImage(file, folder, maxPixels, engine);
        photos.push(...(await find([{ path: picture, page: 1 }], photos)));
      }
    } catch (error) {
      if (error instanceof TooManyPhotosError) {
        throw new InvalidInputError(`More than ${error.max} photos were found in "${file.originalName}". Raise the minimum area or the tolerance.`);
      }
      if (error instanceof UnreadablePictureError)
        throw file.type === 'pdf' ? new PdfCorruptedError(file.originalName, `page ${error.page} drew as no picture`) : unreadable(file);
      throw error;
    }

    if (photos.length === 0) throw new InvalidInputError('No images detected');
    if (photos.length === 1) return { path: photos[0].path, outcome: 'one-photo' };
    const base = baseName(file.originalName);
    const zip = workspace.newPath('.zip');
    await writeZip(
      zip,
      photos.map((photo, i) => ({ path: photo.path, name: `${base}_processed_${i + 1}.png` })),
    );
    return { path: zip };
  }

  /**
   * The raster budgets at the resolution the pages are drawn at (300 DPI, or
   * lower so that the largest page fits the page budget), and this tool's own
   * on the work; answers that resolution.
   */
  private checkPdfBudgets(file: InputFile, sizes: readonly ShownPageSize[], maxPixels: number): number {
    const largest = sizes.reduce((most, page) => Math.max(most, page.width * page.height), 0);
    const fitting = largest > 0 ? Math.floor(72 * Math.sqrt(this.config.maxPixelsPerPage / largest) * 0.99) : RENDER_DPI;
    const dpi = Math.max(1, Math.min(RENDER_DPI, fitting));
    const pixels = refuseOversizedRendering(file, sizes, dpi, this.config, { page: 'Split it into smaller pages.', request: 'Send fewer pages at a time.' });
    refuseBeyondToolBudget(file, pixels, dpi, maxPixels, { work: 'this tool searches', remedy: 'Send fewer pages at a time.' });
    return dpi;
  }

  /**
   * The upload's first frame as an upright 8-bit PNG. Its size is read from the
   * header before anything is decoded, so a pixel bomb is refused up front.
   */
  private async decodeImage(file: InputFile, folder: string, maxPixels: number, engine: EngineOptions): Promise<string> {
    const header = await readHead(file.path);
    const declared = imageDimensions(header);
    if (declared) this.checkImageSize(file, declared.width, declared.height, maxPixels);
    const frames = await identifyFrames(file.path, engine).catch((error: unknown) => {
      throw error instanceof UnreadableImageError ? unreadable(file) : error;
    });
    if (frames.length === 0) throw unreadable(file);
    this.checkImageSize(file, frames[0].width, frames[0].height, maxPixels);
    const png = `${folder}/upload.png`;
    await normaliseToPng(file.path, png, { frame: 0, colour: 'colour', autoOrient: true }, engine).catch((error: unknown) => {
      throw error instanceof EngineFailedError ? unreadable(file) : error;
    });
    return png;
  }

  private checkImageSize(file: InputFile, width: number, height: number, maxPixels: number): void {
    const limit = Math.min(this.config.maxPixelsPerPage, maxPixels);
    if (width * height > limit) {
      throw new InvalidInputError(
        `The image "${file.originalName}" is ${width} × ${height} pixels; images of up to ${megapixels(limit)} megapixels can be searched for photos.`,
      );
    }
  }
}

/** The options as the engine takes them. */
function photoSearch(params: Params): PhotoSearch {
  return {
    angleThreshold: params.angle_threshold,
    tolerance: params.tolerance,
    minArea: params.min_area,
    minContourArea: params.min_contour_area,
    borderSize: params.border_size,
  };
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(256 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function unreadable(file: InputFile): InvalidInputError {
  return new InvalidInputError(`The image "${file.originalName}" could not be read: it is damaged, or larger than 16384 pixels on a side.`);
}
