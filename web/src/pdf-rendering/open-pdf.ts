import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';

type Pdfjs = typeof import('pdfjs-dist');

interface LoadedPdfjs {
  pdfjs: Pdfjs;
  /**
   * One worker for every document the page opens: pdf.js otherwise starts a
   * worker (a thread, and a copy of its 1 MB script) per document, and a file
   * list of twenty PDFs would start twenty.
   */
  worker: PDFWorker;
}

let pdfjsLoading: Promise<LoadedPdfjs> | undefined;

/** pdf.js and its worker, fetched the first time a page shows a PDF, never before. */
function loadPdfjs(): Promise<LoadedPdfjs> {
  pdfjsLoading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([pdfjs, workerScript]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerScript.default;
    // Errors only: a damaged upload is told apart by the page, not by warnings in the console.
    return { pdfjs, worker: new pdfjs.PDFWorker({ verbosity: pdfjs.VerbosityLevel.ERRORS }) };
  });
  return pdfjsLoading;
}

/** Where the build puts pdf.js's fonts, CMaps, colour profiles and decoders (see vite.config.ts). */
function assetsFolder(version: string): string {
  return `/pdfjs/${version}/`;
}

/** Bytes pdf.js asks for at a time; a preview of the first pages reads only a few of them. */
const RANGE_CHUNK_BYTES = 256 * 1024;

/**
 * Opens a PDF the browser holds as a Blob for drawing. pdf.js reads it in ranges
 * (slices of the Blob), so a result of hundreds of megabytes is never copied
 * whole into the page's memory, and it never runs the document's JavaScript:
 * previews show the pages, not the scripts of a file nobody has vetted yet.
 *
 * Rejects with pdf.js's own errors: `name` 'PasswordException' for a document
 * that opens only with a password, 'InvalidPDFException' for one that is not a
 * readable PDF. `signal` stops an opening nobody waits for any more (the file
 * was removed) and rejects it with an 'AbortError'.
 */
export async function openPdf(blob: Blob, signal?: AbortSignal): Promise<PDFDocumentProxy> {
  const { pdfjs, worker } = await loadPdfjs();
  signal?.throwIfAborted();
  const transport = new pdfjs.PDFDataRangeTransport(blob.size, null);
  transport.requestDataRange = (begin: number, end: number) => {
    blob
      .slice(begin, end)
      .arrayBuffer()
      .then((chunk) => transport.onDataRange(begin, new Uint8Array(chunk)))
      // A range that arrives after the document was closed, or a file the system no longer lets
      // the page read, ends the opening through pdf.js; it is no error of the page's own.
      .catch(() => undefined);
  };
  const assets = assetsFolder(pdfjs.version);
  const loading = pdfjs.getDocument({
    range: transport,
    length: blob.size,
    worker,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    rangeChunkSize: RANGE_CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    enableXfa: false,
    cMapUrl: `${assets}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${assets}standard_fonts/`,
    wasmUrl: `${assets}wasm/`,
    iccUrl: `${assets}iccs/`,
  });
  const stop = () => void loading.destroy();
  signal?.addEventListener('abort', stop);
  try {
    const doc = await loading.promise;
    signal?.throwIfAborted();
    return doc;
  } catch (error) {
    if (signal?.aborted) {
      void loading.destroy();
      throw signal.reason;
    }
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

/** True when pdf.js refused a document because it opens only with a password. */
export function needsPassword(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'PasswordException';
}

export type { PDFDocumentProxy };
