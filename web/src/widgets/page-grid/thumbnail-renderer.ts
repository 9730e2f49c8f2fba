import { drawPage } from '../../pdf-rendering/draw-page';
import type { PDFDocumentProxy } from '../../pdf-rendering/open-pdf';

/** Pages drawn at once: enough to fill a screen quickly, few enough that scrolling stays smooth. */
const CONCURRENT_DRAWINGS = 2;
/**
 * Thumbnails kept as small images once drawn (a few kilobytes each), so
 * scrolling back shows them at once; the least recently shown go first.
 */
const KEPT_THUMBNAILS = 400;
/** Thumbnails are drawn this wide (CSS pixels, sharpened for dense screens by drawPage) whatever the cell: low resolution on purpose. */
const THUMBNAIL_WIDTH = 128;

interface Job {
  page: number;
  signal: AbortSignal;
  resolve(url: string | undefined): void;
}

/**
 * Draws a document's pages as thumbnail images, a few at a time, in the order
 * asked for. A request whose signal aborts (its cell scrolled away) leaves the
 * queue, or has its drawing cancelled; no canvas stays alive after a drawing,
 * the result is an image URL.
 */
export class ThumbnailRenderer {
  private readonly queue: Job[] = [];
  private readonly kept = new Map<number, string>();
  private running = 0;
  private disposed = false;

  constructor(private readonly doc: PDFDocumentProxy) {}

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
    while (!this.disposed && this.running < CONCURRENT_DRAWINGS && this.queue.length > 0) {
      const job = this.queue.shift()!;
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
    const canvas = document.createElement('canvas');
    try {
      await drawPage(this.doc, job.page, canvas, THUMBNAIL_WIDTH, job.signal);
      if (job.signal.aborted || this.disposed) return job.resolve(undefined);
      // WebP where the browser encodes it, PNG elsewhere (toBlob falls back on its own).
      const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/webp', 0.85));
      if (!blob || this.disposed) return job.resolve(undefined);
      const url = URL.createObjectURL(blob);
      this.keep(job.page, url);
      job.resolve(url);
    } catch {
      job.resolve(undefined); // a page pdf.js cannot draw stays a blank box
    } finally {
      canvas.width = 0;
      canvas.height = 0;
      // The thumbnail is kept as an image: pdf.js may free what it parsed for the page.
      void this.doc
        .getPage(job.page)
        .then((page) => page.cleanup())
        .catch(() => undefined);
    }
  }

  private keep(page: number, url: string): void {
    this.kept.set(page, url);
    while (this.kept.size > KEPT_THUMBNAILS) {
      const [oldest, oldUrl] = this.kept.entries().next().value!;
      this.kept.delete(oldest);
      URL.revokeObjectURL(oldUrl);
    }
  }
}
