import { matchesFileType } from '@folio/registry';
import { needsPassword } from '../pdf-rendering/open-pdf';
import type { DocumentHold } from '../pdf-rendering/shared-documents';

/**
 * What the browser learned of a chosen file by reading it itself, before any
 * upload: a PDF's page count and whether it is encrypted.
 */
export interface ChosenFileFacts {
  /**
   * - `not-pdf`: nothing to learn (an image, an office file...);
   * - `reading`: pdf.js is opening it;
   * - `read`: opened; `pageCount` and `encrypted` are known;
   * - `locked`: it opens only with a password (`encrypted`, no `pageCount`);
   * - `damaged`: pdf.js cannot read it (the server, with other readers, may still).
   */
  state: 'not-pdf' | 'reading' | 'read' | 'locked' | 'damaged';
  /** The document's pages, once read. e.g. 3 */
  pageCount?: number;
  /** The document is encrypted: with a password to open it (`locked`), or with an owner password only (`read`). */
  encrypted?: boolean;
}

export interface FileFactsStore {
  /** The facts known now; `reading` for a PDF nobody has asked about yet. Stable between changes (for useSyncExternalStore). */
  factsOf(file: Blob & { name?: string }): ChosenFileFacts;
  /** Calls `listener` after any file's facts change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * Starts reading `file` unless its facts are known or being read, and keeps the reading going
   * until the returned function is called by every watcher: a file removed before it was read
   * stops its reading, and is read afresh if it is watched again.
   */
  watch(file: File): () => void;
}

const NOT_PDF: ChosenFileFacts = Object.freeze({ state: 'not-pdf' });
const READING: ChosenFileFacts = Object.freeze({ state: 'reading' });

/**
 * The facts of chosen files, kept per File object (a WeakMap: a file nobody
 * holds any more is forgotten with it). `hold` opens a document, shared with the
 * thumbnails reading the same file.
 */
export function createFileFactsStore(hold: (file: Blob) => DocumentHold): FileFactsStore {
  const known = new WeakMap<Blob, ChosenFileFacts>();
  const reading = new WeakMap<Blob, { watchers: number; hold: DocumentHold }>();
  const listeners = new Set<() => void>();

  const isPdf = (file: Blob & { name?: string }) => matchesFileType({ name: file.name ?? '', type: file.type }, ['pdf']);
  const settle = (file: Blob, facts: ChosenFileFacts) => {
    known.set(file, facts);
    for (const listener of [...listeners]) listener();
  };

  function startReading(file: File) {
    const read = { watchers: 0, hold: hold(file) };
    reading.set(file, read);
    const current = () => reading.get(file) === read;
    read.hold.document
      .then(async (doc) => {
        const metadata = await doc.getMetadata().catch(() => undefined);
        const encrypted = Boolean((metadata?.info as { EncryptFilterName?: string | null } | undefined)?.EncryptFilterName);
        if (current()) settle(file, { state: 'read', pageCount: doc.numPages, encrypted });
      })
      .catch((error: unknown) => {
        if (current()) settle(file, needsPassword(error) ? { state: 'locked', encrypted: true } : { state: 'damaged' });
      })
      .finally(() => {
        if (current()) reading.delete(file);
        read.hold.release();
      });
    return read;
  }

  return {
    factsOf(file) {
      return known.get(file) ?? (isPdf(file) ? READING : NOT_PDF);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch(file) {
      if (known.has(file) || !isPdf(file)) return () => undefined;
      const read = reading.get(file) ?? startReading(file);
      read.watchers++;
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        if (--read.watchers > 0 || reading.get(file) !== read) return;
        // Nobody waits for it any more: stop it; a later watcher starts over.
        reading.delete(file);
        read.hold.release();
      };
    },
  };
}
