/** The input needs a user password we were not given. */
export class PdfPasswordError extends Error {
  constructor(readonly fileName?: string) {
    super('The PDF needs a password to open');
    this.name = 'PdfPasswordError';
  }
}

/** The input is not a readable PDF. */
export class PdfCorruptedError extends Error {
  constructor(
    readonly fileName?: string,
    readonly reason?: string,
  ) {
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

/**
 * Repair PDF tried every recovery it has and none found a page in the file.
 * e.g. tried ['qpdf', 'MuPDF', 'Ghostscript', 'Poppler']
 */
export class PdfBeyondRepairError extends Error {
  constructor(
    readonly fileName: string,
    readonly tried: readonly string[],
  ) {
    super(
      `Nothing could be recovered from "${fileName}": ${tried.slice(0, -1).join(', ')} and ${tried.at(-1)} each tried to read it and found no page, nor any page left to rebuild one from. The file is too damaged to repair; if you have another copy of it, use that one.`,
    );
    this.name = 'PdfBeyondRepairError';
  }
}
