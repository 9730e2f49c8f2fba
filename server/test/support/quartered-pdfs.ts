import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * Split by Sections' fixture: two 400 × 300 pt pages, each with a word in every
 * quarter (oneNW, oneNE, oneSW, oneSE; then twoNW ...) and a black square
 * (x 100–160, y 220–280) in the top-left quarter; optionally turned or cropped.
 */
export async function quarteredPdf(options: { rotate?: number; crop?: [number, number, number, number] } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const prefix of ['one', 'two']) {
    const page = doc.addPage([400, 300]);
    page.drawText(`${prefix}NW`, { x: 20, y: 260, size: 14, font });
    page.drawText(`${prefix}NE`, { x: 300, y: 260, size: 14, font });
    page.drawText(`${prefix}SW`, { x: 20, y: 20, size: 14, font });
    page.drawText(`${prefix}SE`, { x: 300, y: 20, size: 14, font });
    page.drawRectangle({ x: 100, y: 220, width: 60, height: 60, color: rgb(0, 0, 0) });
    if (options.rotate) page.setRotation(degrees(options.rotate));
    if (options.crop) page.setCropBox(...options.crop);
  }
  return Buffer.from(await doc.save());
}
