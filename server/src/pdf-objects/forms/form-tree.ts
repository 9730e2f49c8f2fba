import { asArray, asDict, isReference, textOf, type PdfObjects } from '../pdf-objects';

/**
 * A document's AcroForm as PDFBox walks it (reference-beyond §3): the field
 * tree from the form's /Fields, each node with its fully qualified name and
 * the attributes it inherits (/FT, /Ff, /V, /DA, /Opt), each terminal field
 * with its widgets and the page each widget is on. Read from qpdf's listing of
 * the objects; nothing here trusts the file: a node met twice (a looping or
 * shared /Kids tree) is walked once, and the walk is bounded in depth and size.
 */

/** Field dictionaries visited at most: a file cannot make the server walk millions. */
const MAX_NODES = 100_000;
const MAX_DEPTH = 64;

/** Field flags (PDF 32000 Tables 221, 226, 228, 230). */
export const FIELD_FLAGS = {
  readOnly: 1 << 0,
  required: 1 << 1,
  multiline: 1 << 12,
  radio: 1 << 15,
  pushButton: 1 << 16,
  combo: 1 << 17,
  multiSelect: 1 << 21,
} as const;

/** The type names of the reference's field model. */
export type FieldType = 'signature' | 'button' | 'text' | 'checkbox' | 'combobox' | 'listbox' | 'radio';
export const FIELD_TYPES: readonly FieldType[] = ['signature', 'button', 'text', 'checkbox', 'combobox', 'listbox', 'radio'];

/** One node of the field tree: a group (non-terminal) or a field. */
export interface FieldNode {
  /** The object holding it ('12 0 R'); a direct dictionary in /Fields or /Kids has none. */
  ref?: string;
  dict: Record<string, unknown>;
  /** The object to mark changed after editing `dict` (object-edits.ts). e.g. 'obj:12 0 R' */
  owner: string;
  parent?: FieldNode;
  /** Its own /T. e.g. 'city' */
  partialName?: string;
  /** Its ancestors' names and its own, joined by dots. e.g. 'address.city' */
  name?: string;
  terminal: boolean;
}

/** A widget of a terminal field: its dictionary (the field's own for a merged field and widget) and its page. */
export interface Widget {
  ref?: string;
  dict: Record<string, unknown>;
  /** The object to mark changed after editing `dict`. */
  owner: string;
  /** 0-based; -1 when no page shows it. */
  pageIndex: number;
}

/** A terminal field with what it inherits, as PDFBox makes a field of it. */
export interface TerminalField extends FieldNode {
  terminal: true;
  name: string;
  type: FieldType;
  /** Field flags, its own or inherited. */
  flags: number;
  /** /V, its own or inherited, resolved. */
  value: unknown;
  /** /DA, its own or inherited. e.g. '/Helv 12 Tf 0 g' */
  defaultAppearance?: string;
  /** /Opt, its own or inherited, its entries resolved. */
  opt?: unknown[];
  widgets: Widget[];
}

export interface FormTree {
  /** The catalog's /AcroForm, resolved; undefined when the document has no form. */
  form?: Record<string, unknown>;
  /** The object to mark changed after editing `form`. */
  formOwner: string;
  /** Every node in tree order (PDFBox's getFieldTree): groups before their kids. */
  nodes: FieldNode[];
  /** The terminal fields in tree order, blank names included. */
  fields: TerminalField[];
  /** Page references in order. */
  pageRefs: string[];
}

const INHERITED = ['/FT', '/Ff', '/V', '/DA', '/Opt'] as const;

/** Reads the form of a document; a document without /AcroForm has an empty tree. */
export function readFormTree(pdf: PdfObjects): FormTree {
  const pageRefs = pdf.pageRefs();
  const formEntry = pdf.catalog?.['/AcroForm'];
  const form = pdf.dict(formEntry);
  const formOwner = isReference(formEntry) ? `obj:${formEntry}` : catalogOwner(pdf);
  const tree: FormTree = { form, formOwner, nodes: [], fields: [], pageRefs };
  if (!form) return tree;
  const pageOfAnnotation = annotationPages(pdf, pageRefs);
  const pageIndexOf = (widget: Record<string, unknown>, ref: string | undefined): number => {
    const scanned = ref ? pageOfAnnotation.get(ref) : undefined;
    if (scanned !== undefined) return scanned;
    // A widget no page lists (or a direct one): its /P, when that is one of the pages.
    const page = widget['/P'];
    return isReference(page) ? pageRefs.indexOf(page) : -1;
  };

  const fieldsEntry = form['/Fields'];
  // Where a direct dictionary in /Fields lives: the /Fields array's object, or the form's.
  const rootOwner = isReference(fieldsEntry) ? `obj:${fieldsEntry}` : formOwner;
  const seen = new Set<string>();
  const visit = (entry: unknown, parent: FieldNode | undefined, inherited: Record<string, unknown>, depth: number) => {
    if (tree.nodes.length >= MAX_NODES || depth > MAX_DEPTH) return;
    if (isReference(entry)) {
      if (seen.has(entry)) return;
      seen.add(entry);
    }
    const dict = pdf.dict(entry);
    if (!dict) return;
    const partialName = textOf(pdf.resolve(dict['/T']));
    const name = partialName === undefined ? parent?.name : parent?.name !== undefined ? `${parent.name}.${partialName}` : partialName;
    const own = { ...inherited };
    for (const key of INHERITED) if (dict[key] !== undefined) own[key] = pdf.resolve(dict[key]);
    const ref = isReference(entry) ? entry : undefined;
    const owner = ref ? `obj:${ref}` : (parent?.owner ?? rootOwner);
    const kids = pdf.array(dict['/Kids']) ?? [];
    // PDFBox: a node with a kid that has a /T of its own is a group; otherwise its kids are its widgets.
    if (kids.some((kid) => textOf(pdf.resolve(pdf.dict(kid)?.['/T'])) !== undefined)) {
      const node: FieldNode = { ref, dict, owner, parent, partialName, name, terminal: false };
      tree.nodes.push(node);
      for (const kid of kids) visit(kid, node, own, depth + 1);
      return;
    }
    const type = fieldTypeOf(own['/FT'], numberOr0(own['/Ff']));
    // PDFBox makes no field of a terminal without a known /FT.
    if (!type) return;
    const widgetEntries = kids.length > 0 ? kids : [entry];
    const widgets: Widget[] = [];
    for (const widgetEntry of widgetEntries) {
      const widget = pdf.dict(widgetEntry);
      if (!widget) continue;
      const widgetRef = isReference(widgetEntry) ? widgetEntry : undefined;
      widgets.push({ ref: widgetRef, dict: widget, owner: widgetRef ? `obj:${widgetRef}` : owner, pageIndex: pageIndexOf(widget, widgetRef) });
    }
    const field: TerminalField = {
      ref,
      dict,
      owner,
      parent,
      partialName,
      name: name ?? '',
      terminal: true,
      type,
      flags: numberOr0(own['/Ff']),
      value: own['/V'],
      defaultAppearance: textOf(own['/DA']),
      opt: asArray(own['/Opt'])?.map((option) => resolveDeep(pdf, option)),
      widgets,
    };
    tree.nodes.push(field);
    tree.fields.push(field);
  };
  for (const entry of pdf.array(form['/Fields']) ?? []) visit(entry, undefined, {}, 0);
  return tree;
}

/** The type name PDFBox's field classes stand for, from /FT and the flags; undefined for no known /FT. */
export function fieldTypeOf(fieldType: unknown, flags: number): FieldType | undefined {
  switch (fieldType) {
    case '/Tx':
      return 'text';
    case '/Sig':
      return 'signature';
    case '/Ch':
      return flags & FIELD_FLAGS.combo ? 'combobox' : 'listbox';
    case '/Btn':
      if (flags & FIELD_FLAGS.pushButton) return 'button';
      return flags & FIELD_FLAGS.radio ? 'radio' : 'checkbox';
    default:
      return undefined;
  }
}

/**
 * Where each annotation is listed: its reference → the 0-based index of the
 * first page whose /Annots holds it (PDFBox's annotation page map).
 */
function annotationPages(pdf: PdfObjects, pageRefs: readonly string[]): Map<string, number> {
  const pages = new Map<string, number>();
  pageRefs.forEach((page, index) => {
    for (const annotation of pdf.array(pdf.dict(page)?.['/Annots']) ?? []) {
      if (isReference(annotation) && !pages.has(annotation)) pages.set(annotation, index);
    }
  });
  return pages;
}

/**
 * The fields a name picks, as the reference looks names up: one map of fully
 * qualified and partial names in tree order, the first node registered under
 * a name winning.
 */
export function fieldLookup(tree: FormTree): Map<string, FieldNode> {
  const lookup = new Map<string, FieldNode>();
  for (const node of tree.nodes) {
    if (node.name !== undefined && !lookup.has(node.name)) lookup.set(node.name, node);
    if (node.partialName !== undefined && !lookup.has(node.partialName)) lookup.set(node.partialName, node);
  }
  return lookup;
}

/** The terminal fields at or under a node. */
export function terminalsUnder(tree: FormTree, node: FieldNode): TerminalField[] {
  return tree.fields.filter((field) => {
    for (let at: FieldNode | undefined = field; at; at = at.parent) if (at === node) return true;
    return false;
  });
}

/** The object holding the catalog: its reference's, or the trailer for a direct one. */
function catalogOwner(pdf: PdfObjects): string {
  const root = asDict(pdf.objects.trailer?.value)?.['/Root'];
  return isReference(root) ? `obj:${root}` : 'trailer';
}

function numberOr0(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** An /Opt entry with its parts resolved: a string, or a pair [export, display]. */
function resolveDeep(pdf: PdfObjects, value: unknown): unknown {
  const resolved = pdf.resolve(value);
  return Array.isArray(resolved) ? resolved.map((part) => pdf.resolve(part)) : resolved;
}
