import { Inject } from '@nestjs/common';
import { baseName, pdfToImageTool, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { combineFrames, convertImage, MAX_IMAGE_SIDE, stackVertically, type RasterFormat } from '../../engines/imagemagick';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { readPageSizes, renderPages, type RenderSettings, type ShownPageSize } from '../../engines/poppler';
import type { EngineOptions } from '../../engines/process';
import { selectPages } from '../../engines/qpdf/qpdf-pages';
import { writeZip } from '../../engines/zip';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { compactRanges, renderOrder } from '../../page-orders/page-orders';
import { refuseOversizedRendering } from '../../input-checks/raster-budget';

type Params = ToolParams<typeof pdfToImageTool>;

const COLOURS: Record<Params['colourType'], RenderSettings['colour']> = { colour: 'colour', grayscale: 'grey', blackwhite: 'bilevel' };

/**
 * Renders the chosen pages, in the chosen order, with Poppler's pdftoppm (PNG,
 * JPEG and TIFF directly; WebP and GIF re-encoded by ImageMagick from PNG).
 * The pixels a request would make are weighed from the page sizes before
 * anything is drawn.
 */
@ToolProcessor(pdfToImageTool)
export class PdfToImageProcessor implements Processor<typeof pdfToImageTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine, progress }: ProcessorInput<typeof pdfToImageTool>): Promise<ProcessorOutput> {
    const { dpi, imageFormat: format } = params;
    if (!(dpi >= 1)) throw new InvalidInputError('DPI must be at least 1.');

    const sizes = await readPageSizes(file.path, engine);
    const order = renderOrder(params.customPages, { name: file.originalName, pageCount: sizes.length });
    const single = params.pageResultType === 'single';
    this.checkBudgets(
      file,
      order.map((i) => sizes[i]),
      dpi,
      single ? format : undefined,
    );

    // Poppler renders a document in page order: other orders and subsets are cut out first (qpdf).
    const inOrder = order.length === sizes.length && order.every((page, i) => page === i);
    const source = inOrder ? file.path : workspace.newPath('.pdf');
    if (!inOrder) await selectPages(file.path, source, compactRanges(order), engine);

    // A single picture is assembled from lossless renderings; so are the formats pdftoppm cannot write.
    const direct = !single && (format === 'png' || format === 'jpg' || format === 'tiff');
    const settings: RenderSettings = {
      dpi,
      colour: COLOURS[params.colourType],
      annotations: params.includeAnnotations,
      format: direct ? format : 'png',
    };
    const rendered = await renderPages(source, order.length, workspace.newPath(), settings, engine, (done, of) =>
      progress.measure(done / of, `page ${done} of ${of}`),
    );
    if (rendered.length !== order.length) throw new PdfCorruptedError(file.originalName, `Poppler drew ${rendered.length} of ${order.length} pages`);

    if (single) {
      const output = workspace.newPath(`.${format}`);
      if (format === 'tiff') await combineFrames(rendered, output, format, engine);
      else await stackVertically(rendered, output, format, engine);
      return { path: output };
    }

    const base = baseName(file.originalName);
    const images = direct ? rendered : await reencodeAll(rendered, format, workspace, engine);
    const zip = workspace.newPath('.zip');
    // Named by page number, not position: pages 1, 6 and 11 are _1, _6 and _11 (the selection never repeats a page).
    await writeZip(
      zip,
      images.map((path, k) => ({ path, name: `${base}_${order[k] + 1}.${format}` })),
    );
    return { path: zip };
  }

  /**
   * Refuses, before rendering, a request whose pages would not fit the pixel
   * budgets: per page, per request, and for one tall image the side ImageMagick
   * can create.
   */
  private checkBudgets(file: InputFile, pages: readonly ShownPageSize[], dpi: number, singleFormat: RasterFormat | undefined): void {
    const pixelSizes = refuseOversizedRendering(file, pages, dpi, this.config, {
      page: 'Choose a lower DPI.',
      request: 'Choose a lower DPI or fewer pages.',
    });
    if (singleFormat && singleFormat !== 'tiff') {
      const width = pixelSizes.reduce((widest, s) => Math.max(widest, s.width), 0);
      const height = pixelSizes.reduce((sum, s) => sum + s.height, 0);
      if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
        throw new InvalidInputError(
          `One image of these pages would be ${width} × ${height} pixels at ${dpi} DPI; a single image can be at most ${MAX_IMAGE_SIDE} pixels on a side. Choose a lower DPI, fewer pages or one image per page.`,
        );
      }
    }
  }
}

async function reencodeAll(pngs: readonly string[], format: RasterFormat, workspace: Workspace, engine: EngineOptions): Promise<string[]> {
  const outputs: string[] = [];
  for (const png of pngs) {
    const output = workspace.newPath(`.${format}`);
    await convertImage(png, output, format, engine);
    outputs.push(output);
  }
  return outputs;
}
