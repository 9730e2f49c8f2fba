import { PdfCorruptedError, PdfPasswordError } from '../pdf-errors';
import { EngineFailedError, runProcess, type EngineOptions } from '../process';

/**
 * qpdf, the program: how it is run and how its failures become the typed PDF
 * errors the API reports. The other qpdf-*.ts modules do their work through it.
 */

export const QPDF = 'qpdf';

/** qpdf exits 3 when it succeeded with warnings (e.g. a repaired xref). */
export const OK = [0, 3] as const;

/**
 * Structural work never needs to touch stream data: copying it as it is (no
 * decode, no recompress) keeps large files fast and memory flat.
 */
export const PRESERVE_STREAMS = '--stream-data=preserve';

/**
 * A file holding the password that opens a protected PDF (its first line): qpdf
 * reads it from there, so a password never shows on a command line.
 */
export interface PasswordFile {
  passwordFile?: string;
}

/** The argument that hands qpdf the password, if any. */
export const passwordArgs = (password: PasswordFile = {}) => (password.passwordFile ? [`--password-file=${password.passwordFile}`] : []);

export async function readJson<T>(path: string, keys: readonly string[], options: EngineOptions): Promise<T> {
  try {
    const { stdout } = await runProcess(QPDF, ['--json=2', ...keys, path], { ...options, okExitCodes: OK, maxBuffer: 512 * 1024 * 1024 });
    return parseQpdfJson<T>(stdout);
  } catch (error) {
    throw classify(error);
  }
}

/**
 * qpdf writes real numbers as the PDF spells them, and PDF allows spellings
 * JSON does not (`4.`, `.5`, `-.002`, `+3`): when the text does not parse,
 * such numbers outside strings are rewritten as JSON numbers. What still does
 * not parse is a damaged file's doing.
 */
export function parseQpdfJson<T>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    const mended = text.replace(/"(?:[^"\\]|\\.)*"|[-+]?(?:\d+\.\d*|\.\d+|\d+)/g, (token) => (token.startsWith('"') ? token : String(Number(token))));
    try {
      return JSON.parse(mended) as T;
    } catch (error) {
      throw new PdfCorruptedError(undefined, `qpdf's description of the file does not parse: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export async function run(args: readonly string[], options: EngineOptions): Promise<void> {
  try {
    await runProcess(QPDF, args, { ...options, okExitCodes: OK });
  } catch (error) {
    throw classify(error);
  }
}

/**
 * Maps qpdf's failures to the typed PDF errors the API reports. qpdf exits 2 on
 * errors in its input (our own arguments are fixed and tested), so any such exit
 * is the file's fault: a damaged PDF, or one that needs a password.
 */
export function classify(error: unknown): unknown {
  if (!(error instanceof EngineFailedError) || error.exitCode !== 2) return error;
  if (/invalid password/i.test(error.stderr)) return new PdfPasswordError();
  return new PdfCorruptedError(undefined, error.stderr.trim().split('\n')[0]);
}
