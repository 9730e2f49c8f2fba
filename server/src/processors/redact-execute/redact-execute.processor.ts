import { Inject } from '@nestjs/common';
import { parsePageSelection, redactExecuteTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { redactAreas } from '../../engines/pdf-area-redact';
import { readPageSizes } from '../../engines/poppler';
import { InvalidPatternError, SearchTooLongError } from '../../engines/pymupdf';
import { refuseOversizedRendering } from '../../input-checks/raster-budget';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { listValues, parseImageBoxes, parseRanges, parseStyle } from './redaction-targets';

/** Resolution of the pages' pictures when the result is converted to images. */
const IMAGE_DPI = 300;

const TOO_MANY_PIXELS = 'Redact without converting to images.';

/**
 * Redact Execute: reads the targets (text, patterns, ranges, boxes, image
 * pages, whole pages) and the style, refuses a request with none, then
 * removes them all from the file in one MuPDF pass (pdf-area-redact.py), which
 * also sweeps the terms out of metadata, bookmarks, annotations and form
 * values; optionally replaces each page by a picture of itself.
 */
@ToolProcessor(redactExecuteTool)
export class RedactExecuteProcessor implements Processor<typeof redactExecuteTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof redactExecuteTool>): Promise<ProcessorOutput> {
    const pageCount = file.pageCount ?? 1;
    const style = parseStyle(params.style);
    const terms = [
      ...listValues(params.textValues).map((text) => ({ text, regex: false })),
      ...listValues(params.regexPatterns).map((text) => ({ text, regex: true })),
    ];
    const ranges = parseRanges(params.ranges);
    const areas = parseImageBoxes(params.imageBoxes, pageCount, style.colour);
    const wipePages = params.wipePages === undefined ? [] : parsePageSelection(params.wipePages, pageCount);
    const imagePages = params.redactImagePages === undefined ? [] : parsePageSelection(params.redactImagePages, pageCount);
    if (terms.length + ranges.length + areas.length + wipePages.length + imagePages.length === 0) {
      throw new InvalidInputError('No redaction targets provided');
    }

    const rasterise = style.convertToImage || style.strategy === 'IMAGE_FINALIZE';
    if (rasterise) {
      refuseOversizedRendering(file, await readPageSizes(file.path, engine), IMAGE_DPI, this.config, { page: TOO_MANY_PIXELS, request: TOO_MANY_PIXELS });
    }
    const output = workspace.newPath('.pdf');
    const request = {
      terms,
      ranges,
      areas,
      wipePages,
      wipeColour: style.colour,
      imagePages,
      colour: style.colour,
      padding: style.padding,
      imageDpi: rasterise ? IMAGE_DPI : undefined,
    };
    await redactAreas(file.path, output, request, pageCount, workspace, engine).catch((error: unknown) => {
      throw refusal(error);
    });
    return { path: output };
  }
}

/** The engine's complaints about the patterns, as the client's mistake (400). */
function refusal(error: unknown): unknown {
  if (error instanceof InvalidPatternError)
    return new InvalidInputError(`Invalid regex pattern: ${error.term}${error.unsupported ? ` (${error.reason})` : ''}`);
  if (error instanceof SearchTooLongError) {
    return new InvalidInputError(`Searching this document took more than ${error.seconds} s: search for fewer or simpler patterns.`);
  }
  return error;
}
