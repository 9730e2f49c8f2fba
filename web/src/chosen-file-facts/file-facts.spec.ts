import { describe, expect, it, jest } from '@jest/globals';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { createFileFactsStore } from './file-facts';

/** A document opening the test settles by hand, and the holds taken on it. */
function fakeOpener() {
  const opened: { resolve(doc: PDFDocumentProxy): void; reject(error: Error): void; released: number }[] = [];
  const hold = jest.fn((_file: Blob) => {
    const opening = { released: 0 } as (typeof opened)[number];
    const document = new Promise<PDFDocumentProxy>((resolve, reject) => Object.assign(opening, { resolve, reject }));
    opened.push(opening);
    return { document, release: () => void opening.released++ };
  });
  return { hold, opened };
}

const documentOf = (numPages: number, encryptFilter: string | null = null) =>
  ({ numPages, getMetadata: async () => ({ info: { EncryptFilterName: encryptFilter } }) }) as unknown as PDFDocumentProxy;
const pdf = (name = 'a.pdf') => new File(['%PDF-'], name, { type: 'application/pdf' });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const passwordError = Object.assign(new Error('No password given'), { name: 'PasswordException' });

describe('the facts of chosen files', () => {
  it('learns nothing of a file that is not a PDF, and opens nothing for it', () => {
    const { hold } = fakeOpener();
    const store = createFileFactsStore(hold);
    const image = new File(['x'], 'photo.png', { type: 'image/png' });
    store.watch(image);
    expect(store.factsOf(image)).toEqual({ state: 'not-pdf' });
    expect(hold).not.toHaveBeenCalled();
  });

  it('reads a PDF once for every watcher: its page count, whether it is encrypted; then lets the document go', async () => {
    const { hold, opened } = fakeOpener();
    const store = createFileFactsStore(hold);
    const listener = jest.fn();
    store.subscribe(listener);
    const file = pdf();
    store.watch(file);
    store.watch(file);
    expect(store.factsOf(file)).toEqual({ state: 'reading' });
    expect(hold).toHaveBeenCalledTimes(1);

    opened[0]!.resolve(documentOf(3));
    await settled();
    expect(store.factsOf(file)).toEqual({ state: 'read', pageCount: 3, encrypted: false });
    expect(store.factsOf(file)).toBe(store.factsOf(file));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(opened[0]!.released).toBe(1);
    // Known facts are not read again.
    store.watch(file);
    expect(hold).toHaveBeenCalledTimes(1);
  });

  it('tells an owner-password PDF (read, encrypted) from one that needs a password (locked) and from a damaged one', async () => {
    const { hold, opened } = fakeOpener();
    const store = createFileFactsStore(hold);
    const [owner, locked, damaged] = [pdf('owner.pdf'), pdf('locked.pdf'), pdf('damaged.pdf')];
    for (const file of [owner, locked, damaged]) store.watch(file);
    opened[0]!.resolve(documentOf(2, 'Standard'));
    opened[1]!.reject(passwordError);
    opened[2]!.reject(Object.assign(new Error('Invalid PDF structure.'), { name: 'InvalidPDFException' }));
    await settled();
    expect(store.factsOf(owner)).toEqual({ state: 'read', pageCount: 2, encrypted: true });
    expect(store.factsOf(locked)).toEqual({ state: 'locked', encrypted: true });
    expect(store.factsOf(damaged)).toEqual({ state: 'damaged' });
    expect(opened.map((o) => o.released)).toEqual([1, 1, 1]);
  });

  it('stops a reading when its last watcher leaves before it ends (the file was removed), and starts over for a new watcher', async () => {
    const { hold, opened } = fakeOpener();
    const store = createFileFactsStore(hold);
    const file = pdf();
    const stopFirst = store.watch(file);
    const stopSecond = store.watch(file);
    stopFirst();
    expect(opened[0]!.released).toBe(0);
    stopSecond();
    stopSecond();
    expect(opened[0]!.released).toBe(1);

    // The abandoned opening ending later changes nothing.
    opened[0]!.resolve(documentOf(9));
    await settled();
    expect(store.factsOf(file)).toEqual({ state: 'reading' });

    store.watch(file);
    expect(hold).toHaveBeenCalledTimes(2);
    opened[1]!.resolve(documentOf(4));
    await settled();
    expect(store.factsOf(file)).toMatchObject({ state: 'read', pageCount: 4 });
  });
});
