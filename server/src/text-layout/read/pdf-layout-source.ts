import { addTextLayer } from '../../engines/ocrmypdf';
import { readTextRunsAndImages, type PlacedImage } from '../../engines/pdftohtml';
import { listImages, readGrayImage, renderGrayPagesScaled } from '../../engines/poppler';
import { readTextLayout, readTextRuns, type PageLayout, type PageRange, type PageRuns } from '../../engines/poppler-text';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { EngineFailedError, type EngineOptions, type ScratchFiles } from '../../engines/process';
import { decrypt, isEncrypted } from '../../engines/qpdf/qpdf-encryption';
import { InvalidInputError } from '../../refusals/input-errors';
import { analyseDocument } from '../analyse/analyse';
import type { LayoutPage } from '../types';
import type { Workspace } from '../../workspace/workspace';
import { readPageDrawings } from './page-drawings';

/**
 * The layout of a PDF's pages for the text converters (Markdown, Word,
 * Text/RTF): Poppler's words, then, when asked, OCR of the pages that have
 * (almost) no text layer; text styles from pdftohtml; tables and drawn
 * bullets (page-drawings.ts); pictures when asked; then the layout analysis.
 */

/** A page with fewer words than this is taken as a scan without a text layer. */
const MIN_WORDS_FOR_TEXT_LAYER = 3;
/** A page without text is drawn this small to see whether it shows anything at all (a blank page needs no OCR). */
const INK_PROBE_PX = 100;
/** A grey level below which a pixel is ink. */
const INK_LEVEL = 200;

/**
 * Pictures are carried over only while their stored pixels stay within these
 * (pdftohtml writes each out in full); past them the document comes out
 * without pictures rather than not at all.
 */
export const PICTURE_BUDGET = { maxPictures: 500, maxPixelsPerPicture: 40_000_000, maxPixels: 250_000_000 };

export interface LayoutSourceOptions {
  range: PageRange;
  /** Recognise text on pages that have none (OCRmyPDF). */
  recognizeText: boolean;
  /** Carry the pages' pictures over (Word); the text formats leave them out. */
  pictures?: boolean;
  workspace: Workspace;
  engine: EngineOptions;
}

export interface DocumentLayout {
  pages: LayoutPage[];
  /** Pages (1-based) whose text was recognised by OCR, having no text layer of their own. */
  recognisedPages: number[];
}

/**
 * The layout of the pages. Never empty: a document in which nothing could be
 * read (a scan without a text layer, OCR off or finding nothing) is refused
 * with NoTextFoundError rather than answered as an empty file.
 */
export async function readDocumentLayout(pdf: string, options: LayoutSourceOptions): Promise<DocumentLayout> {
  const { source, pages, recognisedPages } = await readPageText(await withoutEncryption(pdf, options), options);
  const { runs, images } = await readRunsAndPictures(source, options);
  const { tables, bullets } = await readPageDrawings(source, pages, options.workspace, options.engine);
  const layout = analyseDocument(pages, { runs, tables, bullets, images });
  if (layout.every((page) => page.blocks.length === 0)) throw new NoTextFoundError(options.recognizeText);
  return { pages: layout, recognisedPages };
}

/**
 * Nothing on the pages reads as text: they are pictures without a text layer
 * (a scan), or blank. Said as invalid input: the document, not the server, is
 * why there is nothing to convert.
 */
export class NoTextFoundError extends InvalidInputError {
  constructor(ocrTried: boolean) {
    super(
      ocrTried
        ? 'No text found in this PDF: its pages have no text layer and text recognition (OCR) found none either. Blank pages, or a scan too faint to read.'
        : 'No text found in this PDF: its pages are pictures without a text layer (a scan). Turn on "Recognise text (OCR)", or run OCR PDF first, then convert again.',
    );
  }
}

/**
 * pdftohtml's text runs, and the pictures of the pages by page number when
 * asked and within the budget: one pdftohtml pass either way.
 */
async function readRunsAndPictures(pdf: string, options: LayoutSourceOptions): Promise<{ runs: PageRuns[]; images?: Map<number, PlacedImage[]> }> {
  const { range, workspace, engine } = options;
  if (options.pictures && (await picturesFitBudget(pdf, options))) {
    try {
      const { runs, images } = await readTextRunsAndImages(pdf, range, await workspace.newFolder(), engine);
      return { runs, images: new Map(images.map((page) => [page.page, page.images])) };
    } catch (error) {
      // A picture Poppler cannot write out should not cost the document its text.
      if (!(error instanceof EngineFailedError || error instanceof PdfCorruptedError)) throw error;
    }
  }
  return { runs: await readTextRuns(pdf, range, engine) };
}

/** The pages draw pictures, and their stored pixels (listed, not decoded) fit PICTURE_BUDGET. */
async function picturesFitBudget(pdf: string, { range, engine }: LayoutSourceOptions): Promise<boolean> {
  const stored = await listImages(pdf, range, engine);
  const pixels = stored.map((image) => image.width * image.height);
  return (
    stored.length > 0 &&
    stored.length <= PICTURE_BUDGET.maxPictures &&
    pixels.every((p) => p <= PICTURE_BUDGET.maxPixelsPerPicture) &&
    pixels.reduce((sum, p) => sum + p, 0) <= PICTURE_BUDGET.maxPixels
  );
}

/** The words of the pages, and the PDF they were read from (the OCR'd copy when there was OCR). */
async function readPageText(
  pdf: string,
  { range, recognizeText, workspace, engine }: LayoutSourceOptions,
): Promise<{ source: string; pages: PageLayout[]; recognisedPages: number[] }> {
  const pages = await readTextLayout(pdf, range, engine);
  if (!recognizeText) return { source: pdf, pages, recognisedPages: [] };
  const textless = pages.filter((page) => wordCount(page) < MIN_WORDS_FOR_TEXT_LAYER).map((page) => page.page);
  const withoutText = textless.length === 0 ? [] : await pagesWithInk(pdf, textless, workspace, engine);
  if (withoutText.length === 0) return { source: pdf, pages, recognisedPages: [] };
  const recognised = workspace.newPath('.pdf');
  try {
    await addTextLayer({ input: pdf, output: recognised, pages: withoutText }, engine);
  } catch (error) {
    // OCR refusing a page (an odd image, a font it cannot copy) should not cost the text the other pages have.
    if (error instanceof EngineFailedError) return { source: pdf, pages, recognisedPages: [] };
    throw error;
  }
  const after = await readTextLayout(recognised, range, engine);
  const recognisedPages = after.filter((page) => withoutText.includes(page.page) && wordCount(page) > 0).map((page) => page.page);
  return { source: recognised, pages: after, recognisedPages };
}

/**
 * The pages of `candidates` that show anything, drawn tiny: a page without text
 * may be a scan, but a blank one (the empty last page office programs leave)
 * would only cost OCR's start. A page Poppler could not draw is kept for OCR to judge.
 */
export async function pagesWithInk(pdf: string, candidates: readonly number[], scratch: ScratchFiles, engine: EngineOptions): Promise<number[]> {
  const range = { first: Math.min(...candidates), last: Math.max(...candidates) };
  const drawn = await renderGrayPagesScaled(pdf, range, scratch.newPath('-ink'), INK_PROBE_PX, engine);
  const inked: number[] = [];
  for (const page of candidates) {
    const file = drawn.get(page);
    if (!file || (await readGrayImage(file)).pixels.some((level) => level < INK_LEVEL)) inked.push(page);
  }
  return inked;
}

/**
 * An owner-password PDF (the runner refuses user passwords) read without its
 * restrictions: pdftohtml and OCRmyPDF refuse a PDF that forbids copying text,
 * while the reference's loader drops the encryption too.
 */
async function withoutEncryption(pdf: string, { workspace, engine }: LayoutSourceOptions): Promise<string> {
  if (!(await isEncrypted(pdf, engine))) return pdf;
  const plain = workspace.newPath('.pdf');
  await decrypt(pdf, plain, engine);
  return plain;
}

function wordCount(page: PageLayout): number {
  return page.blocks.reduce((sum, block) => sum + block.lines.reduce((n, line) => n + line.words.length, 0), 0);
}
