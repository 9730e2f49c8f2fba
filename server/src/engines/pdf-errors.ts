/** The input needs a user password we were not given. */
export class PdfPasswordError extends Error {
  constructor(readonly fileName?: string) {
    super('The PDF needs a password to open');
    this.name = 'PdfPasswordError';
  }
}

/** The input is not a readable PDF. */
export class PdfCorruptedError extends Error {
  constructor(readonly fileName?: string, readonly reason?: string) {
    super(`The PDF could not be read${reason ? `: ${reason}` : ''}`);
    this.name = 'PdfCorruptedError';
  }
}

/**
 * The input is a PDF, but opening it would take more than the server gives one
 * document (millions of objects, object streams that inflate to gigabytes).
 * e.g. reason 'it holds more than 500,000 objects'
 */
export class PdfTooComplexError extends Error {
  constructor(readonly reason: string) {
    super(`The PDF is too complex to open: ${reason}.`);
    this.name = 'PdfTooComplexError';
  }
}
