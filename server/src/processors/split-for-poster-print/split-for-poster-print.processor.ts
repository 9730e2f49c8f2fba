import { Inject } from '@nestjs/common';
import { baseName, splitForPosterPrintTool, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { imposePages, measurePages } from '../../engines/page-imposition';
import { writeZip } from '../../engines/zip';
import { PDFBOX_PAGE_SIZES } from '../../pdf-objects/standard-page-sizes';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { posterTiles } from './poster-tiles';

/** The reference's sizes, portrait, in points (PDFBox's constants; Tabloid is 11 × 17 in). */
const TILE_SIZES: Record<ToolParams<typeof splitForPosterPrintTool>['pageSize'], { width: number; height: number }> = {
  A4: size(PDFBOX_PAGE_SIZES.A4),
  Letter: size(PDFBOX_PAGE_SIZES.LETTER),
  A3: size(PDFBOX_PAGE_SIZES.A3),
  A5: size(PDFBOX_PAGE_SIZES.A5),
  Legal: size(PDFBOX_PAGE_SIZES.LEGAL),
  Tabloid: { width: 792, height: 1224 },
};

function size([width, height]: readonly [number, number]): { width: number; height: number } {
  return { width, height };
}

/**
 * Poster (reference §8.2): reads the pages' shown sizes, works out the tiles
 * (poster-tiles.ts), draws them with qpdf as form XObjects clipped to their
 * cells (engines/page-imposition.ts), and answers the PDF inside a ZIP, as the
 * reference does. The tile count is checked first: 10 × 10 tiles of a long
 * document would pass the page limit.
 */
@ToolProcessor(splitForPosterPrintTool)
export class SplitForPosterPrintProcessor implements Processor<typeof splitForPosterPrintTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof splitForPosterPrintTool>): Promise<ProcessorOutput> {
    const pageCount = file.pageCount ?? 1;
    const tileCount = pageCount * params.xFactor * params.yFactor;
    if (tileCount > this.config.maxPages) {
      throw new InvalidInputError(
        `The poster would have ${tileCount} tiles; at most ${this.config.maxPages} pages can be made at once. Use fewer tiles or fewer pages.`,
      );
    }
    const pages = await measurePages(file.path, pageCount, workspace, engine);
    const tiles = posterTiles({
      pages,
      tile: TILE_SIZES[params.pageSize],
      columns: params.xFactor,
      rows: params.yFactor,
      rightToLeft: params.rightToLeft,
      overlap: params.overlap,
      cropMarks: params.cropMarks,
    });
    const poster = workspace.newPath('.pdf');
    await imposePages(file.path, poster, tiles, pageCount, workspace, engine);
    const output = workspace.newPath('.zip');
    await writeZip(output, [{ path: poster, name: `${baseName(file.originalName)}_poster.pdf` }]);
    return { path: output };
  }
}
