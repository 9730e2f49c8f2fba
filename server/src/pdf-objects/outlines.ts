import { PdfCorruptedError } from '../engines/pdf-errors';
import type { EngineOptions } from '../engines/process';
import { readObjects, updateObjects } from '../engines/qpdf/qpdf-objects';
import { asArray, asDict, isReference, PdfObjects, textOf } from './pdf-objects';

/** A bookmark with the page it opens (0-based; undefined when it points nowhere in this file) and its children. */
export interface OutlineNode {
  title: string;
  pageIndex: number | undefined;
  children: OutlineNode[];
  /** How it shows and where on its page it opens, when read with `look` (written back as given; absent: full page, open). */
  look?: OutlineLook;
  /**
   * Read with `strays`: its destination names a page dictionary that is not
   * one of the document's pages (left out of the page tree), which PDFBox
   * tells from a destination that resolves to nothing (Extract Bookmarks).
   */
  strayPage?: true;
}

/** What a bookmark carried into another file keeps besides its title and page. */
export interface OutlineLook {
  /** Its destination after the page, as qpdf's JSON gives it. e.g. ['/XYZ', 72, 700, null] */
  view?: unknown[];
  /** False for a closed bookmark (its children hidden until opened). */
  open?: boolean;
  /** /C: its colour, three numbers from 0 to 1. */
  color?: number[];
  /** /F: 1 italic, 2 bold. */
  flags?: number;
  /** A bookmark that opens a web address (a URI action) rather than a page. */
  uri?: string;
}

/** One bookmark of a flattened outline, with the page it points at (0-based). */
export interface OutlineEntry {
  title: string;
  pageIndex: number;
}

/** Deeper levels are read as if they were this one: no viewer shows more, and recursion stays bounded. */
const MAX_DEPTH = 64;
/** Bookmarks read at most: a file cannot make the server walk millions. */
const MAX_ITEMS = 100_000;

/**
 * The document's bookmarks as a tree, read from its objects (not from qpdf's
 * outline JSON, which follows a /Next that points back forever). Each item is
 * read once: an item met again (a loop through /Next or /First) ends its list.
 */
export function readOutlineTree(pdf: PdfObjects, options: { look?: boolean; strays?: boolean } = {}): OutlineNode[] {
  const pages = new Map(pdf.pageRefs().map((ref, index) => [ref, index]));
  const seen = new Set<string>();
  const readList = (first: unknown, depth: number): OutlineNode[] => {
    const nodes: OutlineNode[] = [];
    for (let ref = first; isReference(ref) && !seen.has(ref) && seen.size < MAX_ITEMS;) {
      seen.add(ref);
      const item = pdf.dict(ref);
      if (!item) break;
      const children = depth < MAX_DEPTH ? readList(item['/First'], depth + 1) : [];
      const destination = destinationOf(pdf, item);
      const node: OutlineNode = { title: textOf(pdf.resolve(item['/Title'])) ?? '', pageIndex: pageOf(pdf, destination, pages), children };
      if (options.look) node.look = lookOf(pdf, item, destination);
      if (options.strays && node.pageIndex === undefined && pdf.dict(pageObjectOf(pdf, destination))) node.strayPage = true;
      nodes.push(node);
      ref = item['/Next'];
    }
    return nodes;
  };
  return readList(pdf.dict(pdf.catalog?.['/Outlines'])?.['/First'], 0);
}

/** Bookmarks depth first, one level, leaving out those that point at no page of the file. */
export function flattenOutlines(nodes: readonly OutlineNode[]): OutlineEntry[] {
  return nodes.flatMap((node) => [
    ...(node.pageIndex === undefined ? [] : [{ title: node.title, pageIndex: node.pageIndex }]),
    ...flattenOutlines(node.children),
  ]);
}

/** Destination kinds (PDF 32000 12.3.2.2) and how many numbers follow each. */
const VIEW_NUMBERS: Record<string, number> = { '/XYZ': 3, '/Fit': 0, '/FitH': 1, '/FitV': 1, '/FitR': 4, '/FitB': 0, '/FitBH': 1, '/FitBV': 1 };

/** An item's look: its view on the page (when well formed), open or closed, colour, style, web address. */
function lookOf(pdf: PdfObjects, item: Record<string, unknown>, destination: unknown): OutlineLook {
  const look: OutlineLook = {};
  const view = viewOf(pdf, destination);
  if (view) look.view = view;
  const count = pdf.resolve(item['/Count']);
  if (typeof count === 'number' && count < 0) look.open = false;
  const color = pdf.array(item['/C'])?.map((c) => pdf.resolve(c));
  if (color?.length === 3 && color.every((c) => typeof c === 'number' && c >= 0 && c <= 1)) look.color = color as number[];
  const flags = pdf.resolve(item['/F']);
  if (typeof flags === 'number' && Number.isInteger(flags) && flags > 0 && flags < 4) look.flags = flags;
  const action = pdf.dict(item['/A']);
  const uri = action?.['/S'] === '/URI' ? textOf(pdf.resolve(action['/URI'])) : undefined;
  if (uri) look.uri = uri;
  return look;
}

/** The part of an explicit destination after its page, resolved to plain values; undefined when malformed. */
function viewOf(pdf: PdfObjects, destination: unknown): unknown[] | undefined {
  let target = pdf.resolve(destination);
  if (typeof target === 'string') target = namedDestination(pdf, target);
  const explicit = pdf.array(asDict(target)?.['/D'] ?? target);
  const [kind, ...numbers] = (explicit ?? []).slice(1).map((value) => pdf.resolve(value));
  if (typeof kind !== 'string' || VIEW_NUMBERS[kind] === undefined || numbers.length < VIEW_NUMBERS[kind]) return undefined;
  const kept = numbers.slice(0, VIEW_NUMBERS[kind]);
  return kept.every((n) => n === null || typeof n === 'number') ? [kind, ...kept] : undefined;
}

/** An item's destination: /Dest, or the /D of a GoTo action. */
function destinationOf(pdf: PdfObjects, item: Record<string, unknown>): unknown {
  if (item['/Dest'] !== undefined) return item['/Dest'];
  const action = pdf.dict(item['/A']);
  return action?.['/S'] === '/GoTo' ? action['/D'] : undefined;
}

/** The page a destination opens: explicit ([page /Fit ...]), or named through /Dests or the /Names tree. */
function pageOf(pdf: PdfObjects, destination: unknown, pages: Map<string, number>): number | undefined {
  const page = pageObjectOf(pdf, destination);
  return isReference(page) ? pages.get(page) : undefined;
}

/** What a destination names as its page (the first element of the explicit destination it resolves to). */
function pageObjectOf(pdf: PdfObjects, destination: unknown): unknown {
  let target = pdf.resolve(destination);
  if (typeof target === 'string') target = namedDestination(pdf, target);
  return asArray(asDict(target)?.['/D'] ?? target)?.[0];
}

/** A named destination: by name in the catalog's /Dests, by string in the /Names → /Dests name tree. */
function namedDestination(pdf: PdfObjects, name: string): unknown {
  const catalog = pdf.catalog;
  if (name.startsWith('/')) return pdf.resolve(pdf.dict(catalog?.['/Dests'])?.[name]);
  const key = textOf(name);
  const seen = new Set<unknown>();
  const stack: unknown[] = [pdf.dict(catalog?.['/Names'])?.['/Dests']];
  while (stack.length > 0) {
    const node = stack.pop();
    if (seen.has(node)) continue;
    seen.add(node);
    const tree = pdf.dict(node);
    if (!tree) continue;
    const names = pdf.array(tree['/Names']) ?? [];
    for (let i = 0; i + 1 < names.length; i += 2) if (textOf(pdf.resolve(names[i])) === key) return pdf.resolve(names[i + 1]);
    stack.push(...(pdf.array(tree['/Kids']) ?? []));
  }
  return undefined;
}

/** Reads a file's bookmarks (see readOutlineTree). */
export async function readOutlines(path: string, engine: EngineOptions): Promise<OutlineNode[]> {
  return readOutlineTree(new PdfObjects((await readObjects(path, engine)).objects));
}

/** How `writeOutlines` treats the file's own bookmarks and its encryption. */
export interface OutlineWriteOptions {
  /**
   * Keep the file's bookmarks as they are (actions, colours, open or closed)
   * and add `nodes` after the last top-level one; otherwise they are replaced.
   */
  append?: boolean;
  /** Write the result without the input's encryption (an owner-password-only file). */
  decrypt?: boolean;
  /** False: leave the file's /PageMode as it is; otherwise a file given bookmarks opens with them shown. */
  showOutlines?: boolean;
}

/**
 * Writes `output` as `input` with its bookmarks replaced by `nodes` (none: the
 * outline is removed), or `nodes` added after them, each opening its page at
 * full view and open, unless its `look` says otherwise (view, colour, style,
 * closed). Only the catalog (or, appending, the outline root and its last
 * item) and the new outline items are written (qpdf's JSON update). A node
 * whose page is not in the file keeps its place and children but opens
 * nothing (or its web address).
 */
export async function writeOutlines(
  input: string,
  output: string,
  nodes: readonly OutlineNode[],
  scratchJson: string,
  engine: EngineOptions,
  options: OutlineWriteOptions = {},
): Promise<void> {
  const { objects, maxObjectId } = await readObjects(input, engine);
  const pdf = new PdfObjects(objects);
  const pages = pdf.pageRefs();
  const rootRef = asDict(objects.trailer?.value)?.['/Root'];
  const root = pdf.dict(rootRef);
  if (!isReference(rootRef) || !root) throw new PdfCorruptedError(undefined, 'the file has no catalog');

  const updates: Record<string, { value: unknown }> = {};
  let lastId = maxObjectId;
  const newRef = () => `${++lastId} 0 R`;
  /**
   * Writes one level under `parent`; answers its first and last items and how
   * many items a reader shows of it (each item, and the items under the open ones).
   */
  const writeLevel = (level: readonly OutlineNode[], parent: string): { first: string; last: string; count: number } => {
    const refs = level.map(() => newRef());
    let count = level.length;
    level.forEach((node, i) => {
      const page = node.pageIndex === undefined ? undefined : pages[node.pageIndex];
      const look = node.look ?? {};
      const children = node.children.length > 0 ? writeLevel(node.children, refs[i]) : undefined;
      const open = look.open !== false;
      if (children && open) count += children.count;
      updates[`obj:${refs[i]}`] = {
        value: {
          '/Title': `u:${node.title}`,
          '/Parent': parent,
          ...(page ? { '/Dest': [page, ...(look.view ?? ['/Fit'])] } : look.uri ? { '/A': { '/S': '/URI', '/URI': `u:${look.uri}` } } : {}),
          ...(look.color ? { '/C': look.color } : {}),
          ...(look.flags ? { '/F': look.flags } : {}),
          ...(i > 0 ? { '/Prev': refs[i - 1] } : {}),
          ...(i < level.length - 1 ? { '/Next': refs[i + 1] } : {}),
          ...(children ? { '/First': children.first, '/Last': children.last, '/Count': open ? children.count : -children.count } : {}),
        },
      };
    });
    return { first: refs[0], last: refs[refs.length - 1], count };
  };

  const existing = options.append ? existingOutline(pdf, root['/Outlines']) : undefined;
  if (existing && nodes.length > 0) {
    const top = writeLevel(nodes, existing.ref);
    (updates[`obj:${top.first}`].value as Record<string, unknown>)['/Prev'] = existing.last;
    updates[`obj:${existing.last}`] = { value: { ...pdf.dict(existing.last), '/Next': top.first } };
    updates[`obj:${existing.ref}`] = { value: { ...existing.dict, '/Last': top.last, '/Count': existing.visible + top.count } };
    await updateObjects(input, output, { maxObjectId: lastId, objects: updates }, scratchJson, engine, { decrypt: options.decrypt });
    return;
  }
  if (existing) {
    // Nothing to add: the file is copied with its outline as it is.
    await updateObjects(input, output, { maxObjectId: lastId, objects: {} }, scratchJson, engine, { decrypt: options.decrypt });
    return;
  }

  const catalog: Record<string, unknown> = { ...root };
  if (nodes.length > 0) {
    const outlinesRef = newRef();
    const top = writeLevel(nodes, outlinesRef);
    updates[`obj:${outlinesRef}`] = { value: { '/Type': '/Outlines', '/First': top.first, '/Last': top.last, '/Count': top.count } };
    catalog['/Outlines'] = outlinesRef;
    if (options.showOutlines !== false) catalog['/PageMode'] = '/UseOutlines';
  } else {
    delete catalog['/Outlines'];
  }
  updates[`obj:${rootRef}`] = { value: catalog };
  await updateObjects(input, output, { maxObjectId: lastId, objects: updates }, scratchJson, engine, { decrypt: options.decrypt });
}

/**
 * The file's outline root, when it is an indirect dictionary holding at least
 * one item: its reference, the last item of its top level as the /Next chain
 * really ends (a loop ends where it comes back), and how many items a reader
 * shows open (each item, and the items under it while its /Count is positive).
 */
function existingOutline(pdf: PdfObjects, outlines: unknown): { ref: string; dict: Record<string, unknown>; last: string; visible: number } | undefined {
  const dict = pdf.dict(outlines);
  if (!isReference(outlines) || !dict || !isReference(dict['/First']) || !pdf.dict(dict['/First'])) return undefined;
  const seen = new Set<string>();
  let last = dict['/First'];
  for (let ref: unknown = dict['/First']; isReference(ref) && !seen.has(ref) && pdf.dict(ref); ref = pdf.dict(ref)?.['/Next']) {
    seen.add(ref);
    last = ref;
  }
  const counted = new Set<string>();
  const visible = (first: unknown, depth: number): number => {
    let sum = 0;
    for (let ref = first; isReference(ref) && !counted.has(ref) && counted.size < MAX_ITEMS;) {
      counted.add(ref);
      const item = pdf.dict(ref);
      if (!item) break;
      const count = pdf.resolve(item['/Count']);
      sum += 1 + (typeof count === 'number' && count > 0 && depth < MAX_DEPTH ? visible(item['/First'], depth + 1) : 0);
      ref = item['/Next'];
    }
    return sum;
  };
  return { ref: outlines, dict, last, visible: visible(dict['/First'], 0) };
}
