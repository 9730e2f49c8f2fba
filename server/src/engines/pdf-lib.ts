import { readFile, writeFile } from 'node:fs/promises';
import { degrees, PDFDocument, type PDFEmbeddedPage, type PDFPage } from 'pdf-lib';
import type { Workspace } from '../tools/workspace';
import { decrypt, isEncrypted, type EngineOptions } from './qpdf';

/**
 * pdf-lib, for drawing onto pages (scaling, layouts, stacking). It holds whole
 * documents in memory, so structural work goes through qpdf instead.
 */

/** Opens a PDF for drawing; an owner-password-only file is decrypted by qpdf first (pdf-lib cannot). */
export async function openPdf(path: string, workspace: Workspace, engine: EngineOptions): Promise<PDFDocument> {
  let source = path;
  if (await isEncrypted(path, engine)) {
    source = workspace.newPath('.pdf');
    await decrypt(path, source, engine);
  }
  return PDFDocument.load(await readFile(source), { updateMetadata: false });
}

export async function savePdf(doc: PDFDocument, path: string): Promise<void> {
  await writeFile(path, await doc.save({ useObjectStreams: false }));
}

/** A rectangle in PDF user space (points, lower-left origin). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A source page ready to draw elsewhere, with the size a viewer shows it at. */
export interface PlaceablePage {
  embedded: PDFEmbeddedPage;
  /** /Rotate of the source page, normalised to 0, 90, 180 or 270. */
  rotation: number;
  /** Width and height as displayed, i.e. after the page's own rotation. */
  width: number;
  height: number;
}

/**
 * Embeds pages as form XObjects (their content stays vector, text stays text),
 * bounded by what a viewer shows: the crop box, at its real origin.
 */
export async function embedForPlacement(target: PDFDocument, pages: readonly PDFPage[]): Promise<PlaceablePage[]> {
  const boxes = pages.map((page) => page.getCropBox());
  const embedded = await target.embedPages(
    [...pages],
    boxes.map((b) => ({ left: b.x, bottom: b.y, right: b.x + b.width, top: b.y + b.height })),
  );
  return pages.map((page, i) => {
    const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
    const { width, height } = boxes[i];
    const turned = rotation === 90 || rotation === 270;
    return { embedded: embedded[i], rotation, width: turned ? height : width, height: turned ? width : height };
  });
}

/**
 * Draws a page scaled uniformly to fit `box` (times `factor`), centred, honouring
 * the source page's rotation so it looks as it did in a viewer.
 */
export function drawFitted(target: PDFPage, page: PlaceablePage, box: Box, factor = 1): { scale: number; drawn: Box } {
  const scale = Math.min(box.width / page.width, box.height / page.height) * factor;
  const drawn = {
    width: page.width * scale,
    height: page.height * scale,
    x: box.x + (box.width - page.width * scale) / 2,
    y: box.y + (box.height - page.height * scale) / 2,
  };
  drawAt(target, page, drawn.x, drawn.y, scale);
  return { scale, drawn };
}

/** Draws a page at `scale` with its displayed lower-left corner at (x, y). */
export function drawAt(target: PDFPage, page: PlaceablePage, x: number, y: number, scale: number): void {
  // Unrotated size of the embedded content, scaled.
  const w = (page.rotation === 90 || page.rotation === 270 ? page.height : page.width) * scale;
  const h = (page.rotation === 90 || page.rotation === 270 ? page.width : page.height) * scale;
  // /Rotate turns clockwise; pdf-lib rotates counter-clockwise about the drawing origin,
  // so the origin moves to keep the turned content's lower-left corner at (x, y).
  const origin = {
    0: { x, y },
    90: { x, y: y + w },
    180: { x: x + w, y: y + h },
    270: { x: x + h, y },
  }[page.rotation as 0 | 90 | 180 | 270];
  target.drawPage(page.embedded, { x: origin.x, y: origin.y, xScale: scale, yScale: scale, rotate: degrees(-page.rotation) });
}
