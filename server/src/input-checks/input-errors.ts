/**
 * What the input checks and page helpers refuse, said without HTTP: the
 * exception filter (http/api-exception.filter.ts) maps each to its answer.
 */

/** The request asks for something the document cannot give (an out-of-range page, an empty selection). */
export class InvalidInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidInputError';
  }
}

/** The document has more pages than the server or the tool will take. */
export class TooManyPagesError extends Error {
  constructor(
    readonly pages: number,
    readonly max: number,
  ) {
    super(`This tool handles documents of up to ${max} pages; this one has ${pages}.`);
    this.name = 'TooManyPagesError';
  }
}

/** A PDF's content streams inflate past the configured budget (a compression bomb). */
export class ContentTooLargeError extends Error {
  constructor(
    readonly fileName: string,
    readonly limitMb: number,
  ) {
    super(`The page content of "${fileName}" inflates to more than ${limitMb} MB when read, more than this server will render or read.`);
    this.name = 'ContentTooLargeError';
  }
}
