import { drawPage } from './draw-page';
import type { PDFDocumentProxy } from './open-pdf';

/** Pages drawn at once: enough to fill a screen quickly, few enough that scrolling stays smooth. */
const CONCURRENT_DRAWINGS = 2;
/**
 * Thumbnails kept as small images once drawn (a few kilobytes each), so
 * scrolling back shows them at once; the least recently shown go first.
 */
const KEPT_THUMBNAILS = 400;
/** Thumbnails are drawn this wide (CSS pixels, sharpened for dense screens by drawPage) whatever the cell: low resolution on purpose. */
const THUMBNAIL_WIDTH = 128;

/** Draws one page (1-based) as a small image; undefined when aborted. */
export type DrawThumbnail = (page: number, signal: AbortSignal) => Promise<Blob | undefined>;

interface Job {
  page: number;
  signal: AbortSignal;
  resolve(url: string | undefined): void;
}

/**
 * Draws a document's pages as thumbnail images, a few at a time, in the order
 * asked for. A request whose signal aborts (its cell scrolled away) leaves the
 * queue, or has its drawing cancelled. Results are kept as image URLs.
 */
export class ThumbnailRenderer {
  private readonly queue: Job[] = [];
  private readonly kept = new Map<number, string>();
  private running = 0;
  private disposed = false;

  constructor(
    private readonly drawThumbnail: DrawThumbnail,
    private readonly concurrency = CONCURRENT_DRAWINGS,
    private readonly keep = KEPT_THUMBNAILS,
  ) {}

  /** Thumbnails of a PDF opened with pdf.js. */
  static of(doc: PDFDocumentProxy): ThumbnailRenderer {
    return new ThumbnailRenderer((page, signal) => drawPdfThumbnail(doc, page, signal));
  }

  /** The page's thumbnail if already drawn. */
  cached(page: number): string | undefined {
    const url = this.kept.get(page);
    if (url !== undefined) {
      // Most recently shown last, so eviction takes the oldest.
      this.kept.delete(page);
      this.kept.set(page, url);
    }
    return url;
  }

  /** The page's thumbnail URL; undefined when aborted, disposed, or the page cannot be drawn. */
  request(page: number, signal: AbortSignal): Promise<string | undefined> {
    const url = this.cached(page);
    if (url !== undefined) return Promise.resolve(url);
    return new Promise((resolve) => {
      this.queue.push({ page, signal, resolve });
      signal.addEventListener('abort', () => this.drop(page, signal), { once: true });
      this.pump();
    });
  }

  /** Forgets every thumbnail; requests still waiting get undefined. */
  dispose(): void {
    this.disposed = true;
    for (const job of this.queue.splice(0)) job.resolve(undefined);
    for (const url of this.kept.values()) URL.revokeObjectURL(url);
    this.kept.clear();
  }

  private drop(page: number, signal: AbortSignal): void {
    const index = this.queue.findIndex((job) => job.page === page && job.signal === signal);
    if (index >= 0) this.queue.splice(index, 1)[0]!.resolve(undefined);
  }

  private pump(): void {
    while (!this.disposed && this.running < this.concurrency && this.queue.length > 0) {
      const job = this.queue.shift()!;
      if (job.signal.aborted) {
        job.resolve(undefined);
        continue;
      }
      this.running++;
      void this.draw(job).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async draw(job: Job): Promise<void> {
    const ready = this.cached(job.page);
    if (ready !== undefined) return job.resolve(ready);
    try {
      const image = await this.drawThumbnail(job.page, job.signal);
      if (!image || job.signal.aborted || this.disposed) return job.resolve(undefined);
      const url = URL.createObjectURL(image);
      this.remember(job.page, url);
      job.resolve(url);
    } catch {
      job.resolve(undefined); // a page that cannot be drawn stays a blank box
    }
  }

  private remember(page: number, url: string): void {
    this.kept.set(page, url);
    while (this.kept.size > this.keep) {
      const [oldest, oldUrl] = this.kept.entries().next().value!;
      this.kept.delete(oldest);
      URL.revokeObjectURL(oldUrl);
    }
  }
}

/**
 * One page drawn small by pdf.js on a canvas that is let go at once (only the
 * image is kept: a long document never holds a canvas per page), then what pdf.js
 * parsed for the page freed.
 */
async function drawPdfThumbnail(doc: PDFDocumentProxy, page: number, signal: AbortSignal): Promise<Blob | undefined> {
  const canvas = document.createElement('canvas');
  try {
    await drawPage(doc, page, canvas, THUMBNAIL_WIDTH, signal);
    if (signal.aborted) return undefined;
    // WebP where the browser encodes it, PNG elsewhere (toBlob falls back on its own).
    return (await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/webp', 0.85))) ?? undefined;
  } finally {
    canvas.width = 0;
    canvas.height = 0;
    void doc
      .getPage(page)
      .then((proxy) => proxy.cleanup())
      .catch(() => undefined);
  }
}
