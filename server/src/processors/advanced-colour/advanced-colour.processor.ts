import { Inject } from '@nestjs/common';
import { advancedColourTool, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { ColourConversionError, convertToCmyk, rasterisePdf, RasterisationError } from '../../engines/ghostscript';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { recolourPdf } from '../../engines/pikepdf';
import { readPageSizes } from '../../engines/poppler';
import { refuseOversizedRendering } from '../../input-checks/raster-budget';
import { parseColourValue, type Rgb } from '../../page-marks/colours';
import type { EngineOptions } from '../../engines/process';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';

type Params = ToolParams<typeof advancedColourTool>;

/** The reference's pairs (§6.6): yellow is #FFFF00, green #00FF00. */
const HIGH_CONTRAST: Record<NonNullable<Params['highContrastColorCombination']>, { text: Rgb; background: Rgb }> = {
  WHITE_TEXT_ON_BLACK: { text: [1, 1, 1], background: [0, 0, 0] },
  BLACK_TEXT_ON_WHITE: { text: [0, 0, 0], background: [1, 1, 1] },
  YELLOW_TEXT_ON_BLACK: { text: [1, 1, 0], background: [0, 0, 0] },
  GREEN_TEXT_ON_BLACK: { text: [0, 1, 0], background: [0, 0, 0] },
};

/** Resolution of the pictures inverted pages become (the reference uses its maximum, 500 DPI: pages of tens of megabytes). */
export const INVERSION_DPI = 150;

/**
 * Advanced Colour Options. High contrast and custom colours: pikepdf rewrites
 * the colours in the content streams (text, lines and thin rules in the text
 * colour; fills and the page in the background colour; pictures untouched), so
 * the text stays text. Full inversion: pikepdf inverts every colour in the
 * content and every picture, so the text stays text and the size stays; only
 * content whose inverse is no colour change (shadings, patterns, spot colours,
 * blend modes) has the pages inverted exactly (a white Difference-blended
 * cover) and drawn as pictures by Ghostscript, and the answer says so
 * (X-Colour-Inversion). CMYK: Ghostscript's pdfwrite converts every colour.
 */
@ToolProcessor(advancedColourTool)
export class AdvancedColourProcessor implements Processor<typeof advancedColourTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof advancedColourTool>): Promise<ProcessorOutput<typeof advancedColourTool>> {
    const output = workspace.newPath('.pdf');
    const pages = file.pageCount ?? 1;
    switch (params.replaceAndInvertOption) {
      case 'HIGH_CONTRAST_COLOR':
        await recolourPdf(
          file.path,
          output,
          { mode: 'replace', ...HIGH_CONTRAST[params.highContrastColorCombination ?? 'WHITE_TEXT_ON_BLACK'] },
          pages,
          workspace,
          engine,
        );
        return { path: output };
      case 'CUSTOM_COLOR':
        await recolourPdf(file.path, output, { mode: 'replace', ...customColours(params) }, pages, workspace, engine);
        return { path: output };
      case 'FULL_INVERSION': {
        const { unsupported } = await recolourPdf(file.path, output, { mode: 'invert-content' }, pages, workspace, engine);
        if (unsupported === undefined) return { path: output, headers: { 'X-Colour-Inversion': 'content' } };
        return {
          path: await this.invertAsPictures(file, workspace, engine),
          headers: { 'X-Colour-Inversion': 'pictures', 'X-Colour-Inversion-Reason': pictureReason(unsupported) },
        };
      }
      case 'COLOR_SPACE_CONVERSION':
        await convertToCmyk(file.path, pages, output, engine).catch((error: unknown) => {
          throw error instanceof ColourConversionError ? new PdfCorruptedError(file.originalName, error.detail) : error;
        });
        return { path: output };
    }
  }

  /** The pages inverted exactly (a white Difference-blended cover) and drawn as pictures by Ghostscript, within the raster budgets. */
  private async invertAsPictures(file: InputFile, workspace: Workspace, engine: EngineOptions): Promise<string> {
    const sizes = await readPageSizes(file.path, engine);
    this.refuseOversizedPictures(file, sizes);
    const inverted = workspace.newPath('.pdf');
    const output = workspace.newPath('.pdf');
    await recolourPdf(file.path, inverted, { mode: 'invert' }, sizes.length, workspace, engine);
    await rasterisePdf(inverted, sizes.length, output, INVERSION_DPI, engine).catch((error: unknown) => {
      throw error instanceof RasterisationError ? new PdfCorruptedError(file.originalName, error.detail) : error;
    });
    return output;
  }

  /** Inverted pages become pictures, only within the raster budgets. */
  private refuseOversizedPictures(file: InputFile, sizes: Parameters<typeof refuseOversizedRendering>[1]): void {
    refuseOversizedRendering(file, sizes, INVERSION_DPI, this.config, {
      page: 'High contrast and custom colours keep pages as they are, at any size.',
      request: 'Invert fewer pages at a time, or choose high contrast or custom colours, which keep pages as they are.',
    });
  }
}

/** Why the pages came back as pictures, for the X-Colour-Inversion-Reason header. e.g. what 'a shading' */
function pictureReason(what: string): string {
  return `The document holds ${what}, which cannot be inverted by changing colours: its pages were inverted as pictures at ${INVERSION_DPI} DPI, so their text can no longer be selected or searched.`;
}

/** The custom colours; the schema gives their defaults while the option is custom. */
function customColours(params: Params): { text: Rgb; background: Rgb } {
  const { textColor, backGroundColor } = advancedColourTool.fields;
  return {
    text: parseColourValue(params.textColor ?? textColor.default, textColor.invalid),
    background: parseColourValue(params.backGroundColor ?? backGroundColor.default, backGroundColor.invalid),
  };
}
