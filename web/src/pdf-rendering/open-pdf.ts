import type { PDFDocumentProxy } from 'pdfjs-dist';

type Pdfjs = typeof import('pdfjs-dist');

let pdfjsLoading: Promise<Pdfjs> | undefined;

/** pdf.js and its worker, fetched the first time a page shows a PDF, never before. */
function loadPdfjs(): Promise<Pdfjs> {
  pdfjsLoading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
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
 */
export async function openPdf(blob: Blob): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  const transport = new pdfjs.PDFDataRangeTransport(blob.size, null);
  transport.requestDataRange = (begin: number, end: number) => {
    void blob
      .slice(begin, end)
      .arrayBuffer()
      .then((chunk) => transport.onDataRange(begin, new Uint8Array(chunk)));
  };
  const assets = assetsFolder(pdfjs.version);
  return pdfjs.getDocument({
    range: transport,
    length: blob.size,
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
  }).promise;
}

export type { PDFDocumentProxy };
