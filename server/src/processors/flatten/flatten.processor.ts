import { Inject } from '@nestjs/common';
import { flattenTool, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { rasterisePdf, RasterisationError } from '../../engines/ghostscript';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { readPageSizes, type ShownPageSize } from '../../engines/poppler';
import { refuseContentBombs } from '../../input-checks/content-budget';
import { refuseOversizedRendering } from '../../input-checks/raster-budget';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { flattenFormFields } from '../../pdf-objects/forms/form-flattening';
import { restorePageSizes } from './page-sizes';

/** The resolutions renderDpi is clamped to (reference §6.18: 72 to its maxDPI, 500). */
export const MIN_DPI = 72;
export const MAX_DPI = 500;
/** Resolution when renderDpi is not sent, lowered as far as MIN_DPI for pages that would not fit the raster budgets. */
export const DEFAULT_DPI = 300;

/**
 * Flatten. Forms only: qpdf draws each form field's appearance into its page
 * and removes the form (pdf-objects/forms/form-flattening.ts). Full: Ghostscript draws every
 * page as it looks (form fields and annotations included) into a JPEG
 * picture on a page of the same size, so no text, field or drawing is left to
 * select or change.
 */
@ToolProcessor(flattenTool)
export class FlattenProcessor implements Processor<typeof flattenTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof flattenTool>): Promise<ProcessorOutput> {
    const output = workspace.newPath('.pdf');
    if (params.flattenOnlyForms) {
      await flattenFormFields(file.path, output, workspace, engine);
      return { path: output };
    }

    const sizes = await readPageSizes(file.path, engine);
    const dpi = this.resolution(params, sizes);
    refuseOversizedRendering(file, sizes, dpi, this.config, {
      page: params.renderDpi === undefined ? 'Flatten only the forms instead.' : 'Choose a lower renderDpi, or flatten only the forms.',
      request:
        params.renderDpi === undefined
          ? 'Flatten fewer pages at a time, or only the forms.'
          : 'Choose a lower renderDpi, flatten fewer pages at a time, or only the forms.',
    });
    await refuseContentBombs(file, this.config.maxDecodedContentBytes, { workspace, engine });

    const pictures = workspace.newPath('.pdf');
    await rasterisePdf(file.path, sizes.length, pictures, dpi, engine).catch((error: unknown) => {
      throw error instanceof RasterisationError ? new PdfCorruptedError(file.originalName, error.detail) : error;
    });
    await restorePageSizes(pictures, output, sizes, workspace, engine);
    return { path: output };
  }

  /**
   * renderDpi clamped to 72–500 as the reference does; when it is not sent,
   * DEFAULT_DPI, or less where the pages would not fit the raster budgets at it.
   */
  private resolution(params: ToolParams<typeof flattenTool>, sizes: readonly ShownPageSize[]): number {
    if (params.renderDpi !== undefined) return Math.min(MAX_DPI, Math.max(MIN_DPI, params.renderDpi));
    const areas = sizes.map((size) => size.width * size.height);
    // The DPI at which `area` square points make `pixels`, less one for pixels rounded up at the edges.
    const fitting = (pixels: number, area: number) => Math.floor(72 * Math.sqrt(pixels / area)) - 1;
    const largest = fitting(this.config.maxPixelsPerPage, Math.max(...areas));
    const together = fitting(
      this.config.maxPixelsPerRequest,
      areas.reduce((sum, area) => sum + area, 0),
    );
    return Math.max(MIN_DPI, Math.min(DEFAULT_DPI, largest, together));
  }
}
