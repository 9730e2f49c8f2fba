import { Inject } from '@nestjs/common';
import { autoSplitPagesTool, baseName } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { pixelsAt, readPageSizes, type ShownPageSize } from '../../engines/poppler';
import { countPages, splitIntoRanges } from '../../engines/qpdf/qpdf-pages';
import { writeZip } from '../../engines/zip';
import { InvalidInputError, TooManyPagesError } from '../../refusals/input-errors';
import { megapixels } from '../../input-checks/raster-budget';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { findDividerPages, searchDpi } from './divider-search';
import { partsBetweenDividers } from './split-plan';

/**
 * Splits a scanned stack at its divider pages (reference §6.13): every page is
 * drawn by pdftoppm and searched for a QR code by OpenCV's WeChat reader
 * (divider-search.ts, engines/opencv-qr.ts); a page whose code reads one of the
 * divider texts (divider-texts.ts) ends a part and is left out, with the page
 * after it in duplex mode. qpdf cuts the parts from the original without
 * decoding a stream, into a ZIP as `<base>_1.pdf`, `<base>_2.pdf`, ...
 */
@ToolProcessor(autoSplitPagesTool)
export class AutoSplitPagesProcessor implements Processor<typeof autoSplitPagesTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof autoSplitPagesTool>): Promise<ProcessorOutput<typeof autoSplitPagesTool>> {
    const pageCount = file.pageCount ?? (await countPages(file.path, engine));
    const sizes = await readPageSizes(file.path, engine);
    this.refuseTooMuchToDraw(file, sizes);

    const dividers = await findDividerPages(file.path, file.originalName, sizes, workspace, engine);
    const parts = partsBetweenDividers(pageCount, dividers, params.duplexMode);
    if (parts.length === 0) {
      throw new InvalidInputError(
        `Every page of "${file.originalName}" is a divider${params.duplexMode ? ' or the back of one' : ''}: no document is left to split out.`,
      );
    }

    const paths = await splitIntoRanges(
      file.path,
      parts.map(([first, last]) => [first - 1, last - 1]),
      await workspace.newFolder(),
      engine,
    );
    const base = baseName(file.originalName);
    const zip = workspace.newPath('.zip');
    await writeZip(
      zip,
      paths.map((path, i) => ({ path, name: `${base}_${i + 1}.pdf` })),
    );
    // Without dividers the reference's answer is the whole document as one part; the page says why.
    return dividers.size === 0 ? { path: zip, outcome: 'no-dividers' } : { path: zip };
  }

  /** Every page is drawn: the raster budgets apply to the whole document at the DPI each page is searched at. */
  private refuseTooMuchToDraw(file: InputFile, sizes: readonly ShownPageSize[]): void {
    const { maxRasterPages, maxPixelsPerRequest } = this.config;
    if (sizes.length > maxRasterPages) throw new TooManyPagesError(sizes.length, maxRasterPages);
    const total = sizes.reduce((sum, size) => {
      const dpi = searchDpi(size);
      return sum + pixelsAt(size.width, dpi) * pixelsAt(size.height, dpi);
    }, 0);
    if (total > maxPixelsPerRequest) {
      throw new InvalidInputError(
        `The ${sizes.length} pages of "${file.originalName}" would make ${megapixels(total)} megapixels drawn to look for dividers; one request can draw up to ${megapixels(maxPixelsPerRequest)}. Split the stack into smaller files first.`,
      );
    }
  }
}
