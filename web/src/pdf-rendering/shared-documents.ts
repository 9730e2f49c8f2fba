import { openPdf, type PDFDocumentProxy } from './open-pdf';

/**
 * A document nobody holds is closed on the next turn, not at once: React's
 * StrictMode lets go and takes hold again in one turn, which should not reopen it.
 */
const IDLE_CLOSE_MS = 0;

interface SharedDocument {
  opening: Promise<PDFDocumentProxy>;
  holders: number;
  stop: AbortController;
  closeTimer?: ReturnType<typeof setTimeout>;
}

const shared = new Map<Blob, SharedDocument>();

/** One hold on a shared document: `release()` once done with it (safe to call twice). */
export interface DocumentHold {
  document: Promise<PDFDocumentProxy>;
  release(): void;
}

/**
 * The document of `blob`, opened once for everyone reading it at the same time
 * (the file list's page count and its thumbnail, say), and closed shortly after
 * the last holder lets go: a file removed from the list stops its opening and
 * frees pdf.js's memory for it.
 */
export function holdDocument(blob: Blob): DocumentHold {
  let entry = shared.get(blob);
  if (!entry) {
    const stop = new AbortController();
    entry = { opening: openPdf(blob, stop.signal), holders: 0, stop };
    // Each holder handles the outcome; this only keeps an unwatched failure out of the console.
    entry.opening.catch(() => undefined);
    shared.set(blob, entry);
  }
  const held = entry;
  clearTimeout(held.closeTimer);
  held.holders++;
  let released = false;
  return {
    document: held.opening,
    release() {
      if (released) return;
      released = true;
      if (--held.holders > 0) return;
      held.closeTimer = setTimeout(() => close(blob, held), IDLE_CLOSE_MS);
    },
  };
}

function close(blob: Blob, entry: SharedDocument): void {
  if (entry.holders > 0 || shared.get(blob) !== entry) return;
  shared.delete(blob);
  entry.stop.abort();
  entry.opening.then((doc) => doc.destroy()).catch(() => undefined);
}
