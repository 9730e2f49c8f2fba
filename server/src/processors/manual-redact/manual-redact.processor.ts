import { Inject } from '@nestjs/common';
import { manualRedactTool, parsePageSelection } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { redactAreas } from '../../engines/pdf-area-redact';
import { readPageSizes } from '../../engines/poppler';
import { refuseOversizedRendering } from '../../input-checks/raster-budget';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { colourOrBlack, toAreas } from './redaction-areas';

/** Resolution of the pages' pictures when the result is converted to images (the reference uses its maxDPI, 500). */
const IMAGE_DPI = 300;

const TOO_MANY_PIXELS = 'Redact without converting to images.';

/** Redact Execute's words for the same case (reference-beyond §9.2). */
const NO_TARGETS = 'No redaction targets provided';

/**
 * Manual Redact: reads the areas and whole pages asked for, then removes
 * everything under each area and everything of each whole page from the file
 * (MuPDF redaction through pdf-area-redact.py), filling them with their
 * colour; optionally replaces each page by a picture of itself.
 */
@ToolProcessor(manualRedactTool)
export class ManualRedactProcessor implements Processor<typeof manualRedactTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof manualRedactTool>): Promise<ProcessorOutput> {
    const pageCount = file.pageCount ?? 1;
    const areas = toAreas(params.redactions ?? [], pageCount);
    const wipePages = params.pageNumbers === undefined ? [] : parsePageSelection(params.pageNumbers, pageCount);
    // The reference answers the document untouched; nothing redacted must not read as a redaction done.
    if (areas.length === 0 && wipePages.length === 0 && !params.convertPDFToImage) throw new InvalidInputError(NO_TARGETS);
    if (params.convertPDFToImage) {
      refuseOversizedRendering(file, await readPageSizes(file.path, engine), IMAGE_DPI, this.config, { page: TOO_MANY_PIXELS, request: TOO_MANY_PIXELS });
    }

    const output = workspace.newPath('.pdf');
    const request = {
      areas,
      wipePages,
      wipeColour: colourOrBlack(params.pageRedactionColor),
      colour: colourOrBlack(params.pageRedactionColor),
      padding: 0,
      imageDpi: params.convertPDFToImage ? IMAGE_DPI : undefined,
    };
    await redactAreas(file.path, output, request, pageCount, workspace, engine);
    return { path: output };
  }
}
