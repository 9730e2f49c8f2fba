import type { FileTypeKey } from './file-types';

/**
 * An uploaded file as a processor receives it, already checked by the server's
 * runner (type sniffed from the content, PDF opened): the main `fileInput`
 * files and the values of `file` fields alike.
 */
export interface InputFile {
  /** Where the upload lies inside the request's workspace. */
  path: string;
  /** The name the client gave it. e.g. 'report.pdf' */
  originalName: string;
  size: number;
  /** What the content was recognised as, among the accepted types. */
  type: FileTypeKey;
  /** Page count, for PDFs. */
  pageCount?: number;
  /**
   * A file in the workspace holding the password that opened this PDF, when the
   * tool declares `input.passwordField` and one was given: hand it to engines
   * (qpdf's `--password-file`), never the password itself.
   */
  passwordFile?: string;
}
