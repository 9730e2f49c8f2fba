import { readFile, writeFile } from 'node:fs/promises';
import { degrees, PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFEmbeddedPage, type PDFPage } from 'pdf-lib';
import { inflateWithin, isFlate, loadWithinBudget } from './pdf-lib-budget';
import { PdfCorruptedError, PdfTooComplexError } from './pdf-errors';

/**
 * pdf-lib, for drawing onto pages (scaling, layouts, stacking). It holds whole
 * documents in memory, so structural work goes through qpdf instead, and it only
 * ever runs in a confined process of its own, with a heap limit, a budget and a
 * watchdog (engines/pdf-lib-tasks.ts runs it; pdf-lib-host/host.ts is that
 * process): a hostile file can only fail its own job.
 */

/**
 * pdf-lib could not open the file: it cannot parse it, or its page tree or a
 * page's boxes are unusable. qpdf's rewrite of it (which repairs and decrypts)
 * may still open (engines/pdf-lib-tasks.ts `runPdfLibTaskOnPdf`).
 */
export class PdfLibCannotOpenError extends Error {
  constructor(readonly reason: string) {
    super(`pdf-lib cannot open the PDF: ${reason}`);
    this.name = 'PdfLibCannotOpenError';
  }
}

/**
 * Opens a PDF for drawing, within the parse budget (engines/pdf-lib-budget.ts).
 * Walks the page tree and every page's boxes now: a loop in the tree (pdf-lib's
 * stack overflows), a box that is no rectangle or has no area, fail here as a
 * file pdf-lib cannot open rather than mid-way through a tool.
 */
export async function loadPdf(path: string): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    doc = await loadWithinBudget(await readFile(path));
  } catch (error) {
    if (error instanceof PdfTooComplexError || error instanceof RangeError) throw error;
    throw new PdfLibCannotOpenError(error instanceof Error ? error.message : String(error));
  }
  let pages: PDFPage[];
  try {
    pages = doc.getPages();
  } catch (error) {
    throw new PdfLibCannotOpenError(`its page tree cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const [index, page] of pages.entries()) {
    let box: Box;
    try {
      box = visibleBox(page);
    } catch (error) {
      throw new PdfLibCannotOpenError(`page ${index + 1}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!(box.width > 0 && box.height > 0 && Number.isFinite(box.width * box.height))) throw new PdfLibCannotOpenError(`page ${index + 1} has no area`);
  }
  return doc;
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
 * A page's /Rotate, inherited values included, normalised to 0, 90, 180 or 270
 * (a stray value that is not a multiple of 90 goes to the nearest one).
 */
export function pageRotation(page: PDFPage): 0 | 90 | 180 | 270 {
  const quarterTurns = Math.round(page.getRotation().angle / 90);
  return ((((quarterTurns % 4) + 4) % 4) * 90) as 0 | 90 | 180 | 270;
}

/** The overlap of two rectangles, or undefined when they do not overlap. */
export function intersectBoxes(a: Box, b: Box): Box | undefined {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : undefined;
}

/** A box array may list its corners in any order (PDF 32000 §7.9.5). */
function normalised(box: Box): Box {
  return {
    x: Math.min(box.x, box.x + box.width),
    y: Math.min(box.y, box.y + box.height),
    width: Math.abs(box.width),
    height: Math.abs(box.height),
  };
}

/**
 * What a viewer shows of a page, unrotated: the crop box clipped to the media box
 * (PDF 32000 §14.11.2). pdf-lib returns the crop box as written, which may stick
 * out of the media box or be inverted.
 */
export function visibleBox(page: PDFPage): Box {
  const media = normalised(page.getMediaBox());
  return intersectBoxes(normalised(page.getCropBox()), media) ?? media;
}

/** A page's size as a viewer shows it: its visible box, turned by its /Rotate. */
export function shownSize(page: PDFPage): { width: number; height: number } {
  const { width, height } = visibleBox(page);
  return pageRotation(page) % 180 === 0 ? { width, height } : { width: height, height: width };
}

/**
 * Makes `box` the whole page: MediaBox and CropBox both. The bleed, trim and art
 * boxes described the page before the cut and could now stick out of it, so they
 * go (they then default to the crop box).
 */
export function setPageBox(page: PDFPage, box: Box): void {
  page.setMediaBox(box.x, box.y, box.width, box.height);
  page.setCropBox(box.x, box.y, box.width, box.height);
  for (const name of ['BleedBox', 'TrimBox', 'ArtBox']) page.node.delete(PDFName.of(name));
}

/**
 * A new document for pages redrawn from `source`, keeping what the reader sees of
 * its description (title, author, subject, keywords, creator), as the reference's
 * tools that build a new document do (§1.3).
 */
export async function createDerivedPdf(source: PDFDocument): Promise<PDFDocument> {
  const target = await PDFDocument.create();
  const title = source.getTitle();
  const author = source.getAuthor();
  const subject = source.getSubject();
  const keywords = source.getKeywords();
  const creator = source.getCreator();
  if (title) target.setTitle(title);
  if (author) target.setAuthor(author);
  if (subject) target.setSubject(subject);
  if (keywords) target.setKeywords([keywords]);
  if (creator) target.setCreator(creator);
  return target;
}

/**
 * Embeds pages as form XObjects (their content stays vector, text stays text),
 * bounded by what a viewer shows: the visible box, at its real origin.
 */
export async function embedForPlacement(target: PDFDocument, pages: readonly PDFPage[]): Promise<PlaceablePage[]> {
  const boxes = pages.map(visibleBox);
  // A blank page may have no content stream at all, which pdf-lib refuses to embed.
  for (const page of pages) if (!page.node.Contents()) page.node.set(PDFName.of('Contents'), page.doc.context.obj([]));
  inflateContents(pages);
  let embedded: PDFEmbeddedPage[];
  try {
    embedded = await target.embedPages(
      [...pages],
      boxes.map((b) => ({ left: b.x, bottom: b.y, right: b.x + b.width, top: b.y + b.height })),
    );
    // pdf-lib decodes the content only when saving; doing it now lets a damaged stream be reported as such.
    for (const page of embedded) await page.embed();
  } catch (error) {
    // The file parsed, but a page's content stream cannot be decoded.
    throw new PdfCorruptedError(undefined, error instanceof Error ? error.message : String(error));
  }
  return pages.map((page, i) => ({ embedded: embedded[i], rotation: pageRotation(page), ...shownSize(page) }));
}

/** Most page content, decoded, that one document may bring: pdf-lib holds all of it in memory at once. */
const MAX_DECODED_CONTENT = 256 * 1024 * 1024;
/** Deflate cannot expand data more than about 1032 times. */
const MAX_INFLATE_RATIO = 1032;
const FILTER = PDFName.of('Filter');
const DECODE_PARMS = PDFName.of('DecodeParms');

/**
 * Inflates the pages' Flate content streams with zlib, within a budget, and
 * stores them decoded. pdf-lib would inflate them itself when embedding, with
 * its own inflater (far slower) and without limit: a small stream that inflates
 * to gigabytes (a decompression bomb) would hold the process until its
 * watchdog. A stream zlib finds broken is left to pdf-lib's more lenient
 * decoder when it cannot outgrow the budget.
 */
function inflateContents(pages: readonly PDFPage[]): void {
  let budget = MAX_DECODED_CONTENT;
  const tooLarge = () => new PdfTooComplexError(`its page content inflates past ${MAX_DECODED_CONTENT / 1024 / 1024} MB`);
  const seen = new Set<PDFRef>();
  for (const page of pages) {
    const { context } = page.doc;
    const entry = page.node.get(PDFName.of('Contents'));
    const contents = context.lookup(entry);
    const refs = contents instanceof PDFArray ? contents.asArray() : [entry];
    for (const ref of refs) {
      if (!(ref instanceof PDFRef) || seen.has(ref)) continue;
      seen.add(ref);
      const stream = context.lookup(ref);
      if (!(stream instanceof PDFRawStream) || !isFlate(stream.dict.lookup(FILTER)) || stream.dict.has(DECODE_PARMS)) continue;
      const decoded = inflateWithin(stream.contents, budget);
      if (decoded === 'too-large') throw tooLarge();
      if (decoded === undefined) {
        const worstCase = stream.contents.length * MAX_INFLATE_RATIO;
        if (worstCase > budget) throw tooLarge();
        budget -= worstCase;
        continue;
      }
      budget -= decoded.length;
      const dict = stream.dict.clone(context);
      dict.delete(FILTER);
      context.assign(ref, PDFRawStream.of(dict, decoded));
    }
  }
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
