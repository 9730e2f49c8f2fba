import { readFile, writeFile } from 'node:fs/promises';

/**
 * The last resort of Repair PDF, for a file whose catalog or page tree is
 * gone (a document cut short: LibreOffice and Ghostscript, like most writers,
 * put them after the pages), which the engines give up on or draw without
 * their fonts. The page objects are often still there, each naming its
 * content and resources: this finds them by scanning the bytes and appends a
 * new catalog and page tree that list them, in the order they appear, behind a
 * trailer, so that qpdf's own reconstruction can read the file again. Pages in
 * object streams are not found; attributes a page inherited from a lost page
 * tree node (its resources, where groff puts them) stay lost.
 */

/** Object numbers above this are binary data that happens to read `n 0 obj`, not objects. */
const MAX_OBJECT_NUMBER = 10_000_000;
/** How far into an object its dictionary's `/Type` is looked for. */
const DICTIONARY_WINDOW = 8 * 1024;

const OBJECT_HEADER = /(\d+)\s+(\d+)\s+obj\b/g;
/** `/Type /Page`, not `/Pages`. */
const PAGE_TYPE = /\/Type\s*\/Page(?![A-Za-z0-9])/;

interface FoundPage {
  number: number;
  generation: number;
}

/** The page objects of the file, each at its last definition (a later update replaces an earlier one), in file order. */
export function findPageObjects(pdf: Buffer): { pages: FoundPage[]; highestObject: number } {
  const text = pdf.toString('latin1');
  const last = new Map<number, { at: number; generation: number; isPage: boolean }>();
  let highestObject = 0;
  for (const match of text.matchAll(OBJECT_HEADER)) {
    const number = Number(match[1]);
    if (number > MAX_OBJECT_NUMBER) continue;
    highestObject = Math.max(highestObject, number);
    const start = match.index + match[0].length;
    const window = text.slice(start, start + DICTIONARY_WINDOW);
    // The dictionary ends where the object's data or end begins.
    const end = ['endobj', 'stream'].map((word) => window.indexOf(word)).filter((i) => i >= 0);
    const dictionary = end.length > 0 ? window.slice(0, Math.min(...end)) : window;
    last.set(number, { at: match.index, generation: Number(match[2]), isPage: PAGE_TYPE.test(dictionary) });
  }
  const pages = [...last.entries()]
    .filter(([, found]) => found.isPage)
    .sort(([, a], [, b]) => a.at - b.at)
    .map(([number, found]) => ({ number, generation: found.generation }));
  return { pages, highestObject };
}

/**
 * Writes `input` with a new catalog and page tree of every page object found
 * appended to `output`, and answers how many pages it lists (0: nothing
 * written, nothing to salvage).
 */
export async function appendPageTree(input: string, output: string): Promise<number> {
  const pdf = await readFile(input);
  const { pages, highestObject } = findPageObjects(pdf);
  if (pages.length === 0) return 0;
  const catalog = highestObject + 1;
  const tree = catalog + 1;
  const kids = pages.map((page) => `${page.number} ${page.generation} R`).join(' ');
  const tail = [
    '',
    `${catalog} 0 obj`,
    `<< /Type /Catalog /Pages ${tree} 0 R >>`,
    'endobj',
    `${tree} 0 obj`,
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    'endobj',
    'trailer',
    `<< /Size ${tree + 1} /Root ${catalog} 0 R >>`,
    '%%EOF',
    '',
  ].join('\n');
  await writeFile(output, Buffer.concat([pdf, Buffer.from(tail, 'latin1')]));
  return pages.length;
}
