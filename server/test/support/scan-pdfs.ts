import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * Pages for Scanner Effect (300 × 400 pt each): a black bar across the page
 * (its slope shows the tilt), a red square (shows whether colour stays) and a
 * line of text. Regions in points from the top-left corner.
 */
export const SCAN_LAYOUT = {
  size: [300, 400] as [number, number],
  /** The bar: 40–260 pt across, 195–205 pt from the top. */
  bar: { left: 40, right: 260, top: 195, bottom: 205 },
  /** The red square. */
  red: { left: 110, right: 190, top: 260, bottom: 340 },
  /** Blank paper, away from everything and from the edges. */
  paper: { left: 60, right: 240, top: 80, bottom: 150 },
};

export async function scanPdf(pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const [width, height] = SCAN_LAYOUT.size;
  const { bar, red } = SCAN_LAYOUT;
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([width, height]);
    page.drawRectangle({ x: bar.left, y: height - bar.bottom, width: bar.right - bar.left, height: bar.bottom - bar.top, color: rgb(0, 0, 0) });
    page.drawRectangle({ x: red.left, y: height - red.bottom, width: red.right - red.left, height: red.bottom - red.top, color: rgb(0.85, 0.1, 0.1) });
    page.drawText(`Scanned page ${i}`, { x: 40, y: height - 40, size: 18, font });
  }
  return Buffer.from(await doc.save());
}

/** `count` pages of `size` points, blank: for the raster budgets. */
export async function largePagesPdf(count: number, size: [number, number]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < count; i++) doc.addPage(size);
  return Buffer.from(await doc.save());
}
