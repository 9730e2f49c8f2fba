import { Inject } from '@nestjs/common';
import { autoRedactTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { readPageSizes } from '../../engines/poppler';
import { InvalidPatternError, redactText, SearchTooLongError } from '../../engines/pymupdf';
import { InvalidInputError } from '../../refusals/input-errors';
import { refuseOversizedRendering } from '../../input-checks/raster-budget';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { parseBoxColour } from './box-colour';
import { redactionHeaders } from './redaction-headers';
import { searchTerms } from './search-terms';

/** Resolution of the pages' pictures when the result is converted to images (the reference uses its maxDPI, 500). */
const IMAGE_DPI = 300;

const TOO_MANY_PIXELS = 'Redact without converting to images.';

/**
 * Finds every term on every page and removes the matched characters from the
 * content streams, covering where they were with a box (MuPDF, through
 * PyMuPDF); optionally replaces each page by a picture of itself; then takes
 * the terms out of everything else the file carries (properties, bookmarks,
 * annotations, form fields, embedded files...), and says where in headers.
 */
@ToolProcessor(autoRedactTool)
export class AutoRedactProcessor implements Processor<typeof autoRedactTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof autoRedactTool>): Promise<ProcessorOutput> {
    const terms = searchTerms(params.listOfText ?? '');
    const colour = parseBoxColour(params.colour);
    if (params.convertPDFToImage) {
      refuseOversizedRendering(file, await readPageSizes(file.path, engine), IMAGE_DPI, this.config, { page: TOO_MANY_PIXELS, request: TOO_MANY_PIXELS });
    }

    const output = workspace.newPath('.pdf');
    const request = {
      terms,
      useRegex: params.useRegex,
      wholeWord: params.wholeWordSearch,
      colour,
      padding: params.extraPadding,
      imageDpi: params.convertPDFToImage ? IMAGE_DPI : undefined,
    };
    const result = await redactText(file.path, output, request, file.pageCount ?? 1, workspace, engine).catch((error: unknown) => {
      throw refusal(error);
    });
    return { path: output, headers: redactionHeaders(result) };
  }
}

/** The engine's complaints about the terms, as the visitor's mistake (400). */
function refusal(error: unknown): unknown {
  // The reference's exact text (RedactController), with the reason where Java would have taken the pattern.
  if (error instanceof InvalidPatternError) {
    return new InvalidInputError(`Invalid regex pattern: ${error.term}${error.unsupported ? ` (${error.reason})` : ''}`);
  }
  if (error instanceof SearchTooLongError) {
    if (error.term === undefined) {
      return new InvalidInputError(`Searching this document took more than ${error.seconds} s: search for fewer or simpler terms.`);
    }
    const where = error.page === undefined ? 'the text outside the pages' : `page ${error.page}`;
    return new InvalidInputError(
      `The pattern ${error.term} is too complex: searching ${where} with it took more than ${error.seconds} s. Simplify it (nested repetition such as (a+)+ is the usual cause).`,
    );
  }
  return error;
}
