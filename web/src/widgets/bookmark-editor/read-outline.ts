import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString, type PDFObject } from 'pdf-lib';
import { MAX_DEPTH, newId, type Bookmark } from './bookmark-tree';

/** Bookmarks read at most: a hostile file cannot make the page walk millions. */
const MAX_ITEMS = 10_000;

/** What the editor learns from the chosen PDF. */
export interface OutlineReading {
  pageCount: number;
  /** The file's bookmarks, each opening its page (1 when its target is not a page of the file). */
  bookmarks: Bookmark[];
  /** The file is encrypted: its titles cannot be read here (the server still keeps or replaces them). */
  encrypted: boolean;
}

/**
 * Reads the page count and the outline of a PDF with pdf-lib's object layer
 * (pdf-lib has no outline API): /Outlines → /First → /Next, each item read
 * once (a loop ends its list), its page from /Dest or a GoTo action's /D,
 * explicit or named (catalog /Dests, or the /Names → /Dests tree).
 */
export async function readOutline(bytes: ArrayBuffer | Uint8Array): Promise<OutlineReading> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const pages = doc.getPages().map((page) => page.ref.toString());
  if (doc.isEncrypted) return { pageCount: pages.length, bookmarks: [], encrypted: true };

  const lookup = (value: PDFObject | undefined): PDFObject | undefined => (value instanceof PDFRef ? doc.context.lookup(value) : value);
  const dict = (value: PDFObject | undefined) => {
    const resolved = lookup(value);
    return resolved instanceof PDFDict ? resolved : undefined;
  };
  const text = (value: PDFObject | undefined) => {
    const resolved = lookup(value);
    return resolved instanceof PDFString || resolved instanceof PDFHexString ? resolved.decodeText() : undefined;
  };

  const named = (name: PDFObject): PDFObject | undefined => {
    if (name instanceof PDFName) return lookup(dict(doc.catalog.get(PDFName.of('Dests')))?.get(name));
    const key = text(name);
    const seen = new Set<PDFObject>();
    const stack: (PDFObject | undefined)[] = [dict(doc.catalog.get(PDFName.of('Names')))?.get(PDFName.of('Dests'))];
    while (stack.length > 0) {
      const node = stack.pop();
      if (!node || seen.has(node)) continue;
      seen.add(node);
      const tree = dict(node);
      const names = lookup(tree?.get(PDFName.of('Names')));
      if (names instanceof PDFArray) for (let i = 0; i + 1 < names.size(); i += 2) if (text(names.get(i)) === key) return lookup(names.get(i + 1));
      const kids = lookup(tree?.get(PDFName.of('Kids')));
      if (kids instanceof PDFArray) stack.push(...kids.asArray());
    }
    return undefined;
  };

  const pageOf = (item: PDFDict): number => {
    let target = item.get(PDFName.of('Dest'));
    const action = dict(item.get(PDFName.of('A')));
    if (target === undefined && action?.get(PDFName.of('S')) === PDFName.of('GoTo')) target = action.get(PDFName.of('D'));
    let destination = lookup(target);
    if (destination instanceof PDFName || destination instanceof PDFString || destination instanceof PDFHexString) destination = named(destination);
    if (destination instanceof PDFDict) destination = lookup(destination.get(PDFName.of('D')));
    const page = destination instanceof PDFArray ? destination.get(0) : undefined;
    const index = page instanceof PDFRef ? pages.indexOf(page.toString()) : -1;
    return index >= 0 ? index + 1 : 1;
  };

  const seen = new Set<string>();
  const readList = (first: PDFObject | undefined, depth: number): Bookmark[] => {
    const list: Bookmark[] = [];
    for (let ref = first; ref instanceof PDFRef && !seen.has(ref.toString()) && seen.size < MAX_ITEMS;) {
      seen.add(ref.toString());
      const item = dict(ref);
      if (!item) break;
      const children = depth < MAX_DEPTH ? readList(item.get(PDFName.of('First')), depth + 1) : [];
      list.push({ id: newId(), title: text(item.get(PDFName.of('Title'))) ?? '', pageNumber: pageOf(item), children });
      ref = item.get(PDFName.of('Next'));
    }
    return list;
  };
  const outlines = dict(doc.catalog.get(PDFName.of('Outlines')));
  return { pageCount: pages.length, bookmarks: readList(outlines?.get(PDFName.of('First')), 1), encrypted: false };
}
