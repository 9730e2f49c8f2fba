import type { PDFDocumentProxy } from 'pdfjs-dist';

/** The most pixels one page's canvas may hold, so a poster-sized page cannot exhaust the tab. */
const MAX_CANVAS_PIXELS = 12_000_000;

/** A page's shape before it is drawn, so a placeholder can hold its place. */
export async function pageAspect(doc: PDFDocumentProxy, pageNumber: number): Promise<number> {
  const page = await doc.getPage(pageNumber);
  const { width, height } = page.getViewport({ scale: 1 });
  return height / width;
}

/**
 * pdf.js's AnnotationMode.ENABLE_FORMS: the page is drawn without the
 * appearances of the fields a form layer shows as controls (read-only text
 * keeps its own), so a value is not drawn twice. A number, not pdf.js's enum,
 * so this module does not load pdf.js before the document does.
 */
const ANNOTATION_MODE_ENABLE_FORMS = 2;

export interface DrawOptions {
  /** Leave the form fields' appearances out: controls over the page show them (Fill Form). */
  withoutFormFields?: boolean;
}

/**
 * Draws one page (1-based) on a canvas `cssWidth` pixels wide, sharp on the
 * screen's pixel density. Resolves when done; `signal` stops a drawing whose
 * canvas is going away.
 */
export async function drawPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  signal: AbortSignal,
  options: DrawOptions = {},
): Promise<void> {
  const page = await doc.getPage(pageNumber);
  if (signal.aborted) return;
  const natural = page.getViewport({ scale: 1 });
  const density = Math.min(window.devicePixelRatio || 1, 2);
  let scale = (cssWidth / natural.width) * density;
  const pixels = natural.width * natural.height * scale * scale;
  if (pixels > MAX_CANVAS_PIXELS) scale *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
  const viewport = page.getViewport({ scale });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const task = page.render({ canvas, viewport, ...(options.withoutFormFields && { annotationMode: ANNOTATION_MODE_ENABLE_FORMS }) });
  const cancel = () => task.cancel();
  signal.addEventListener('abort', cancel);
  try {
    await task.promise;
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
