import { useEffect, useSyncExternalStore } from 'react';
import { holdDocument } from '../pdf-rendering/shared-documents';
import { createFileFactsStore, type ChosenFileFacts } from './file-facts';

export type { ChosenFileFacts };

/** The page's one store: every reader of a chosen file shares what was learned of it. */
const store = createFileFactsStore(holdDocument);

const NO_FILE: ChosenFileFacts = Object.freeze({ state: 'not-pdf' });

/**
 * What the browser learned of a chosen file without uploading it: for a PDF,
 * `{ state: 'read', pageCount, encrypted }` once pdf.js has opened it
 * (`reading` until then; `locked` or `damaged` when it cannot). Reads the file
 * while a component using it is mounted; one reading per file, shared by every
 * caller and with the file list's thumbnail.
 */
export function useChosenFileFacts(file: File | undefined): ChosenFileFacts {
  const facts = useSyncExternalStore(store.subscribe, () => (file ? store.factsOf(file) : NO_FILE));
  useEffect(() => (file ? store.watch(file) : undefined), [file]);
  return facts;
}
