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
