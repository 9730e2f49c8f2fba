import { PDFDocument, StandardFonts } from 'pdf-lib';

/** One line of text placed on a page: its text, font size and baseline (points from the bottom). */
export interface PlacedLine {
  text: string;
  size: number;
  y: number;
  x?: number;
}

/** A PDF of US Letter pages, each showing its lines in Helvetica (an empty list is a blank page). */
export async function linesPdf(pages: readonly (readonly PlacedLine[])[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    for (const line of lines) page.drawText(line.text, { x: line.x ?? 72, y: line.y, size: line.size, font });
  }
  return Buffer.from(await doc.save());
}

/** Body text: `count` lines of 11 pt from `top` down, each saying its number. */
export function bodyLines(count: number, top = 600): PlacedLine[] {
  return Array.from({ length: count }, (_, i) => ({ text: `Body line ${i + 1} of the report, set in the running text size.`, size: 11, y: top - i * 14 }));
}
