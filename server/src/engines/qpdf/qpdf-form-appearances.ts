import type { EngineOptions } from '../process';
import { run } from './qpdf-process';

/**
 * Draws the appearances of a form's text and choice fields from their values
 * (qpdf's --generate-appearances, which works only while the form says
 * /NeedAppearances, and then clears it), as the reference's PDFBox refreshes
 * them after setting values. Everything else is copied as it is. Decrypted.
 */
export async function generateFormAppearances(input: string, output: string, options: EngineOptions): Promise<void> {
  // Not --stream-data=preserve: qpdf writes a generated appearance's text through a filter applied only as streams are rewritten.
  await run([input, '--decrypt', '--generate-appearances', output], options);
}
