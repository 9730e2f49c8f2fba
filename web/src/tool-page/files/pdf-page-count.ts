import { openPdf } from '../../pdf-rendering/open-pdf';

/**
 * A chosen PDF's page count, read with pdf.js (which reads only the ranges it
 * needs, so a large file is not copied whole), or null when pdf.js cannot tell:
 * a password, damage, or not a PDF. Nothing is drawn.
 */
export async function pdfPageCount(file: Blob): Promise<number | null> {
  try {
    const document = await openPdf(file);
    const count = document.numPages;
    void document.destroy();
    return count;
  } catch {
    return null;
  }
}
