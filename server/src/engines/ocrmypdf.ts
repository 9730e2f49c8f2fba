import { pageWatchdog, runProcess, type EngineOptions } from './process';

/**
 * OCRmyPDF (Tesseract underneath): adds an invisible text layer over the
 * pages that are only images, so text extraction finds words there. Pages
 * that already have text are left as they are (--skip-text), and only the
 * listed pages are looked at.
 */

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
    'ocrmypdf',
    [
      '--skip-text',
      '--pages', job.pages.join(','),
      '-l', (job.languages ?? ['eng']).join('+'),
      // One core: the machine is shared by every request's engines.
      '--jobs', '1',
      // A plain PDF, not PDF/A: no Ghostscript pass, the pages stay as they were.
      '--output-type', 'pdf',
      '--optimize', '0',
      '--quiet',
      job.input,
      job.output,
    ],
    // Recognising a page takes a few times as long as drawing it.
    { ...engine, watchdogMs: pageWatchdog(job.pages.length * 3) },
  );
}
