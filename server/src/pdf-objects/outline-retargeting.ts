import type { EngineOptions } from '../engines/process';
import { readObjects } from '../engines/qpdf/qpdf-objects';
import { readOutlineTree, writeOutlines, type OutlineNode } from './outlines';
import { PdfObjects } from './pdf-objects';

/**
 * Bookmarks that follow their pages when a tool keeps some pages of a document
 * (Extract, Remove, Organise, Split): qpdf moves pages, but bookmarks to pages
 * that are gone would stay in the list and lead nowhere (or, in a part cut
 * from the pages alone, every bookmark would be lost).
 */

/** Where an old page (0-based) is in the result, or undefined when it is not there. */
export type PageMapping = (oldIndex: number) => number | undefined;

/**
 * The bookmarks of `tree` that still have their page, each opening it at its
 * new place (same view, colour, style, open or closed). A bookmark whose page
 * is gone is dropped and its remaining children take its place; one that opens
 * no page (a heading, or a link already broken) stays while something under it
 * does; a web link stays.
 */
export function retargetOutline(tree: readonly OutlineNode[], newIndexOf: PageMapping): OutlineNode[] {
  return tree.flatMap((node): OutlineNode[] => {
    const children = retargetOutline(node.children, newIndexOf);
    if (node.pageIndex !== undefined) {
      const pageIndex = newIndexOf(node.pageIndex);
      return pageIndex === undefined ? children : [{ ...node, pageIndex, children }];
    }
    return children.length > 0 || node.look?.uri ? [{ ...node, children }] : [];
  });
}

/** The mapping of a result made of the pages in `order` (old 0-based indices); a page listed twice is found at its first place. */
export function mappingOfOrder(order: readonly number[]): PageMapping {
  const at = new Map<number, number>();
  order.forEach((old, index) => at.has(old) || at.set(old, index));
  return (old) => at.get(old);
}

/** The mapping of a part holding pages `first` to `last` (0-based, inclusive) of the original. */
export function mappingOfRange(first: number, last: number): PageMapping {
  return (old) => (old >= first && old <= last ? old - first : undefined);
}

/** A document's bookmarks with their look (view, colour, style, open or closed), for carrying them into other files. */
export async function readOutlinesToCarry(path: string, engine: EngineOptions): Promise<OutlineNode[]> {
  return readOutlineTree(new PdfObjects((await readObjects(path, engine)).objects), { look: true });
}

/**
 * Writes `output` as `selected` (made by qpdf from `source`'s pages in
 * `order`, document kept) with `source`'s bookmarks retargeted to the pages
 * that remain. Answers false, writing nothing, when `source` has no
 * bookmarks: `selected` is then the result as it is.
 */
export async function carryOutline(
  source: string,
  selected: string,
  output: string,
  order: readonly number[],
  scratchJson: string,
  engine: EngineOptions,
): Promise<boolean> {
  const tree = await readOutlinesToCarry(source, engine);
  if (tree.length === 0) return false;
  await writeOutlines(selected, output, retargetOutline(tree, mappingOfOrder(order)), scratchJson, engine, { showOutlines: false });
  return true;
}
