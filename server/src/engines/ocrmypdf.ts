import { PdfCorruptedError, PdfPasswordError } from './pdf-errors';
import { EngineFailedError, pageWatchdog, runProcess, type EngineOptions } from './process';

/**
 * OCRmyPDF (Tesseract underneath): adds an invisible text layer over the
 * pages that are only images, so text extraction finds words there.
 * `addTextLayer` leaves pages that already have text as they are and looks
 * only at the listed pages; `recognisePages` is the OCR tool's full set of
 * options.
 */

const OCRMYPDF = 'ocrmypdf';

/** Recognising a page takes a few times as long as drawing it. */
const PAGES_PER_RECOGNISED_PAGE = 3;

export interface OcrJob {
  input: string;
  output: string;
  /** 1-based page numbers to recognise; the others are copied untouched. */
  pages: readonly number[];
  /** Tesseract language codes, e.g. ['eng']. */
  languages?: readonly string[];
}

export async function addTextLayer(job: OcrJob, engine: EngineOptions): Promise<void> {
  if (job.pages.length === 0) throw new Error('addTextLayer: no pages to recognise.');
  await runProcess(
    OCRMYPDF,
    [
      '--skip-text',
      '--pages',
      job.pages.join(','),
      '-l',
      (job.languages ?? ['eng']).join('+'),
      // One core: the machine is shared by every request's engines.
      '--jobs',
      '1',
      // A plain PDF, not PDF/A: no Ghostscript pass, the pages stay as they were.
      '--output-type',
      'pdf',
      '--optimize',
      '0',
      '--quiet',
      job.input,
      job.output,
    ],
    { ...engine, watchdogMs: pageWatchdog(job.pages.length * PAGES_PER_RECOGNISED_PAGE) },
  );
}

/** What `recognisePages` does with a document. */
export interface RecognitionJob {
  input: string;
  output: string;
  /** Tesseract language codes, e.g. ['eng', 'deu']. */
  languages: readonly string[];
  /**
   * 'skip-text': pages that have text are copied as they are. 'force-ocr': every
   * page worked on is drawn as a picture (its text becomes part of the picture)
   * and recognised.
   */
  mode: 'skip-text' | 'force-ocr';
  /** 'hocr': OCRmyPDF places each word itself; 'sandwich': Tesseract's own text-only PDF laid under the page. */
  renderer: 'hocr' | 'sandwich';
  /** 1-based pages to work on, in order; every page when omitted. The others are copied untouched. */
  pages?: readonly number[];
  /** Straighten each page's picture before recognising it (the result keeps the straightened picture). */
  deskew?: boolean;
  /** Clean scanning specks and borders (unpaper) before recognising; the page keeps its picture. */
  clean?: boolean;
  /** Clean as `clean`, and keep the cleaned picture in the result. */
  cleanFinal?: boolean;
  /** Where to write the recognised text: pages separated by form feeds, "[OCR skipped on page(s) …]" for the others. */
  sidecar?: string;
  /** Pages recognised at once (OCRmyPDF's worker processes, one Tesseract each). */
  jobs: number;
  /** Largest picture of one page OCRmyPDF may unpack, in megapixels (its decompression-bomb guard). */
  maxImageMegapixels: number;
  /**
   * What the work is worth in ordinary pages (a letter page at 300 DPI; larger
   * pictures count for more), for the run's watchdog. The number of pages by default.
   */
  workInPages?: number;
  /**
   * Hears of each page as OCRmyPDF finishes it (every page of the document,
   * those it only copies included), in the order they finish: `done` pages so far.
   */
  onPage?: (done: number) => void;
}

/**
 * OCRmyPDF refused the document or failed on one of its pages (a page
 * Ghostscript cannot draw, a picture too large to unpack, a dynamic XFA form):
 * the input's doing. `reason` is safe to show (no paths).
 */
export class OcrInputError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OcrInputError';
  }
}

/** OCRmyPDF's exit codes (ocrmypdf/exceptions.py `ExitCode`) that name the input as the cause. */
const EXIT = { inputFile: 2, alreadyDoneOcr: 6, childProcessError: 7, encryptedPdf: 8, otherError: 15 } as const;

/**
 * Recognises the text of a document's pages and writes it as an invisible
 * layer over them (a plain PDF, not PDF/A, so nothing else is rewritten; the
 * document's bookmarks, links and metadata stay). Tesseract runs
 * single-threaded in each of `jobs` worker processes.
 */
export async function recognisePages(job: RecognitionJob, engine: EngineOptions): Promise<void> {
  const args = [
    `--${job.mode}`,
    ...(job.pages ? ['--pages', compactPageList(job.pages)] : []),
    '--language',
    job.languages.join('+'),
    '--pdf-renderer',
    job.renderer,
    ...(job.deskew ? ['--deskew'] : []),
    ...(job.clean ? ['--clean'] : []),
    ...(job.cleanFinal ? ['--clean-final'] : []),
    ...(job.sidecar ? ['--sidecar', job.sidecar] : []),
    '--jobs',
    String(Math.max(1, Math.floor(job.jobs))),
    '--max-image-mpixels',
    String(job.maxImageMegapixels),
    '--output-type',
    'pdf',
    // OCRmyPDF 16 and later refuse a signed document unless told that recognising it breaks the signature (as the reference tells them).
    ...((await majorVersion(engine)) >= 16 ? ['--invalidate-digital-signatures'] : []),
    // Its progress bar is drawn only on a terminal; its page-by-page log is the progress there is.
    ...(job.onPage ? ['--verbose', '1'] : ['--quiet']),
    // Never an option: a file named like one ("-x.pdf") stays a file.
    '--',
    job.input,
    job.output,
  ];
  const work = Math.max(job.workInPages ?? 0, job.pages?.length ?? 1);
  try {
    const onStderrLine = job.onPage && pagesFinished(job.onPage);
    await runProcess(OCRMYPDF, args, {
      ...engine,
      watchdogMs: pageWatchdog(Math.ceil(work * PAGES_PER_RECOGNISED_PAGE)),
      ...(onStderrLine ? { onStderrLine } : {}),
    });
  } catch (error) {
    throw classify(error);
  }
}

/**
 * A line of OCRmyPDF's verbose log that it writes once a page's result is put
 * into the output (the page number first, as it prefixes each page's lines).
 * e.g. '    3 Text rotation: (text, autorotate, content) -> text misalignment = (0, 0, 0) -> 0'
 */
const PAGE_FINISHED = /^\s*(\d+) Text rotation:/;

/** A stderr listener that calls `onPage` with the count of pages finished, once per page. */
function pagesFinished(onPage: (done: number) => void): (line: string) => void {
  const finished = new Set<number>();
  return (line) => {
    const page = PAGE_FINISHED.exec(line)?.[1];
    if (page === undefined || finished.has(Number(page))) return;
    finished.add(Number(page));
    onPage(finished.size);
  };
}

let installedMajor: Promise<number> | undefined;

/** OCRmyPDF's major version, asked once per server. */
function majorVersion(engine: EngineOptions): Promise<number> {
  installedMajor ??= runProcess(OCRMYPDF, ['--version'], engine).then(
    ({ stdout }) => Number.parseInt(stdout.trim(), 10) || 0,
    (error: unknown) => {
      installedMajor = undefined;
      throw error;
    },
  );
  return installedMajor;
}

/** 1-based page numbers as OCRmyPDF's --pages list, runs joined: [1,2,3,7] → '1-3,7'. */
export function compactPageList(pages: readonly number[]): string {
  const runs: string[] = [];
  let start = pages[0];
  for (let i = 1; i <= pages.length; i++) {
    if (i < pages.length && pages[i] === pages[i - 1] + 1) continue;
    const end = pages[i - 1];
    runs.push(start === end ? String(start) : `${start}-${end}`);
    start = pages[i];
  }
  return runs.join(',');
}

/** OCRmyPDF's failures that are the document's doing, as domain errors; anything else as it came. */
function classify(error: unknown): unknown {
  if (!(error instanceof EngineFailedError)) return error;
  const said = error.stderr;
  if (error.exitCode === EXIT.encryptedPdf) return new PdfPasswordError();
  if (/DecompressionBomb/i.test(said)) return new OcrInputError('A picture in the PDF is too large to unpack for recognition.');
  if (error.exitCode === EXIT.inputFile) {
    if (/XFA/i.test(said)) return new OcrInputError('The PDF is a dynamic XFA form, which only Adobe Reader can draw; it cannot be recognised.');
    return new PdfCorruptedError(undefined, 'OCRmyPDF could not read it');
  }
  // A crash while OCRmyPDF surveys the pages (a page object that is missing or not a dictionary) is the file's damage.
  if (error.exitCode === EXIT.otherError && /in get_pdfinfo|pdfinfo[/\\]info\.py/.test(said))
    return new PdfCorruptedError(undefined, 'OCRmyPDF could not read its pages');
  if (error.exitCode === EXIT.alreadyDoneOcr) return new OcrInputError('A page already has text.');
  if (error.exitCode === EXIT.childProcessError) return new OcrInputError('A page of the PDF could not be drawn or recognised: it is damaged or too complex.');
  return error;
}
