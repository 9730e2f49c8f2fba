/**
 * What the server refuses about a request's input (files, options, pages),
 * said without HTTP: input checks, page helpers, processors and engines throw
 * them, and the exception filter (http/api-exception.filter.ts) maps each to
 * its answer. Its own folder imports nothing, so anything may throw them.
 */

/**
 * The request asks for something the document cannot give (an out-of-range
 * page, an empty selection), or its options do not hold together; `errors`
 * lists every problem when there are several, each a sentence.
 */
export class InvalidInputError extends Error {
  constructor(
    message: string,
    readonly errors?: readonly string[],
  ) {
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

/** No file was sent where the tool needs one; the message is the tool's. e.g. 'Please upload a PDF file.' */
export class MissingFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingFileError';
  }
}

/** A file's content is none of the types the tool takes; the message is the tool's. */
export class WrongFileTypeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WrongFileTypeError';
  }
}

/** More files than the tool, or the server, takes in one request. */
export class TooManyFilesError extends Error {
  constructor(readonly max: number) {
    super(`At most ${max} files.`);
    this.name = 'TooManyFilesError';
  }
}

/** A PDF without a single page. */
export class NoPagesError extends Error {
  constructor(readonly fileName: string) {
    super(`The PDF "${fileName}" has no pages.`);
    this.name = 'NoPagesError';
  }
}

/** The converted file does not meet the archival standard it was made for (PDF to PDF/A's check). e.g. label 'PDF/A-2b' */
export class NotArchivableError extends Error {
  constructor(
    readonly standard: string,
    readonly problems: readonly string[],
  ) {
    super(`The converted file does not meet ${standard}: ${problems.join('; ')}.`);
    this.name = 'NotArchivableError';
  }
}
