import { removeAnnotations, type EditableDict, type PdfEdits } from '../pdf-objects/object-edits';
import { isReference } from '../pdf-objects/pdf-objects';

/** Field trees and /Parent chains deeper than this are not followed (no real form comes near). */
const MAX_DEPTH = 64;
/** Annotation flags that keep an annotation from being shown: Hidden (2) and NoView (32). */
const NOT_SHOWN = 2 | 32;

/**
 * Removes every signature field, signed or not, from the form (a parent left
 * with no fields goes too) and its widgets from the pages, drawing what a
 * visible signature showed into the page instead, as the reference's
 * flattening does. The signatures' values go with them, and so do the
 * document's signature permissions (/Perms: certification and usage rights),
 * its validation store (/DSS: certificates, OCSP answers, CRLs) and /SigFlags.
 * Other form fields are not touched.
 */
export function removeSignatures(edits: PdfEdits): void {
  const catalog = edits.catalog;
  if (!catalog) return;
  const removedFields = new Set<unknown>();
  const form = edits.open(catalog.dict['/AcroForm'], catalog.owner);
  if (form) {
    pruneFields(edits, form, '/Fields', removedFields, new Set(), 0);
    if ('/SigFlags' in form.dict) {
      delete form.dict['/SigFlags'];
      edits.touch(form.owner);
    }
  }
  const widgets = removeAnnotations(
    edits,
    (annotation, value) => removedFields.has(value) || (edits.pdf.resolve(annotation['/Subtype']) === '/Widget' && fieldType(edits, annotation) === '/Sig'),
  );
  drawAppearances(edits, widgets);

  // Something may still point at a removed field (a tagged PDF's structure tree at its widget): its signed value goes anyway.
  for (const field of new Set([...removedFields, ...widgets.map((w) => w.annotation)])) {
    const node = isReference(field) ? edits.open(field, `obj:${field}`) : undefined;
    if (node && '/V' in node.dict) {
      delete node.dict['/V'];
      edits.touch(node.owner);
    }
  }

  for (const key of ['/Perms', '/DSS']) {
    if (!(key in catalog.dict)) continue;
    delete catalog.dict[key];
    edits.touch(catalog.owner);
  }
}

/** A field's type, its own or the nearest ancestor's (/FT is inheritable). */
function fieldType(edits: PdfEdits, node: Record<string, unknown>): unknown {
  const seen = new Set<unknown>();
  for (let current: Record<string, unknown> | undefined = node, depth = 0; current && depth < MAX_DEPTH; depth++) {
    if (current['/FT'] !== undefined) return edits.pdf.resolve(current['/FT']);
    const parent = current['/Parent'];
    if (seen.has(parent)) return undefined;
    seen.add(parent);
    current = edits.pdf.dict(parent);
  }
  return undefined;
}

/**
 * Takes the signature fields out of `holder[key]` (the form's /Fields or a
 * field's /Kids), in place, adding what it takes to `removed`. A field whose
 * kids all go goes too. A node met twice (a loop) is left where it is.
 */
function pruneFields(edits: PdfEdits, holder: EditableDict, key: string, removed: Set<unknown>, seen: Set<unknown>, depth: number): boolean {
  const value = holder.dict[key];
  const list = edits.pdf.array(value);
  if (!list) return false;
  const kept = list.filter((kid) => {
    const node = edits.open(kid, holder.owner);
    if (!node || (isReference(kid) && seen.has(kid)) || depth > MAX_DEPTH) return true;
    if (isReference(kid)) seen.add(kid);
    const kids = edits.pdf.array(node.dict['/Kids']);
    if (kids && kids.length > 0) {
      pruneFields(edits, node, '/Kids', removed, seen, depth + 1);
      if ((edits.pdf.array(node.dict['/Kids'])?.length ?? 0) > 0) return true;
    } else if (fieldType(edits, node.dict) !== '/Sig') {
      return true;
    }
    removed.add(kid);
    return false;
  });
  if (kept.length === list.length) return false;
  if (kept.length === 0 && key === '/Kids') {
    delete holder.dict[key];
    edits.touch(holder.owner);
  } else if (isReference(value)) {
    list.splice(0, list.length, ...kept);
    edits.touch(`obj:${value}`);
  } else {
    holder.dict[key] = kept;
    edits.touch(holder.owner);
  }
  return true;
}

/**
 * Draws each removed widget's normal appearance into its page where the
 * widget was (PDF 32000-1 §12.5.5: the appearance box, through its matrix,
 * fitted to the widget's rectangle), after the page's own content, which is
 * wrapped in q … Q so nothing it leaves set shifts the drawing.
 */
function drawAppearances(edits: PdfEdits, widgets: readonly { page: string; annotation: unknown }[]): void {
  const byPage = new Map<string, unknown[]>();
  for (const { page, annotation } of widgets) byPage.set(page, [...(byPage.get(page) ?? []), annotation]);

  for (const [pageRef, annotations] of byPage) {
    const page = edits.open(pageRef, `obj:${pageRef}`);
    if (!page) continue;
    const resources = { ...edits.pdf.dict(inherited(edits, page.dict, '/Resources')) };
    const xobjects = { ...edits.pdf.dict(resources['/XObject']) };
    const draws: string[] = [];
    for (const annotation of annotations) {
      const widget = edits.pdf.dict(annotation);
      const placed = widget && placement(edits, widget);
      if (!placed) continue;
      let name = `/FolioSignature${draws.length + 1}`;
      while (name in xobjects) name += 'x';
      xobjects[name] = placed.form;
      draws.push(`q ${placed.matrix.map(formatNumber).join(' ')} cm ${name} Do Q`);
    }
    if (draws.length === 0) continue;

    resources['/XObject'] = xobjects;
    const contents = page.dict['/Contents'];
    const existing = edits.isStream(contents) ? [contents] : (edits.pdf.array(contents) ?? []);
    page.dict['/Resources'] = resources;
    page.dict['/Contents'] = [edits.addStream({}, Buffer.from('q\n')), ...existing, edits.addStream({}, Buffer.from(`Q\n${draws.join('\n')}\n`))];
    edits.touch(page.owner);
  }
}

/** A page attribute, the page's own or inherited from the page tree. */
function inherited(edits: PdfEdits, page: Record<string, unknown>, key: string): unknown {
  const seen = new Set<unknown>();
  for (let node: Record<string, unknown> | undefined = page, depth = 0; node && depth < MAX_DEPTH; depth++) {
    if (node[key] !== undefined) return node[key];
    if (seen.has(node['/Parent'])) return undefined;
    seen.add(node['/Parent']);
    node = edits.pdf.dict(node['/Parent']);
  }
  return undefined;
}

/**
 * Where a shown widget's normal appearance goes: its form XObject and the
 * matrix that fits it to the widget's rectangle. Undefined for a hidden
 * widget, one without an appearance, or one of no size (an invisible signature).
 */
function placement(edits: PdfEdits, widget: Record<string, unknown>): { form: string; matrix: number[] } | undefined {
  const flags = edits.pdf.resolve(widget['/F']);
  if (typeof flags === 'number' && (flags & NOT_SHOWN) !== 0) return undefined;
  const normal = edits.pdf.dict(widget['/AP'])?.['/N'];
  const states = edits.isStream(normal) ? undefined : edits.pdf.dict(normal);
  const form = states ? states[String(edits.pdf.resolve(widget['/AS']))] : normal;
  if (!isReference(form) || !edits.isStream(form)) return undefined;

  const rect = numbers(edits, widget['/Rect'], 4);
  const formDict = edits.open(form, `obj:${form}`)!;
  const bbox = numbers(edits, formDict.dict['/BBox'], 4);
  const matrix = numbers(edits, formDict.dict['/Matrix'], 6) ?? [1, 0, 0, 1, 0, 0];
  if (!rect || !bbox) return undefined;
  const [rx1, ry1, rx2, ry2] = [Math.min(rect[0], rect[2]), Math.min(rect[1], rect[3]), Math.max(rect[0], rect[2]), Math.max(rect[1], rect[3])];
  const corners = [
    [bbox[0], bbox[1]],
    [bbox[0], bbox[3]],
    [bbox[2], bbox[1]],
    [bbox[2], bbox[3]],
  ].map(([x, y]) => [matrix[0] * x + matrix[2] * y + matrix[4], matrix[1] * x + matrix[3] * y + matrix[5]]);
  const [bx1, by1] = [Math.min(...corners.map((c) => c[0])), Math.min(...corners.map((c) => c[1]))];
  const [bx2, by2] = [Math.max(...corners.map((c) => c[0])), Math.max(...corners.map((c) => c[1]))];
  if (rx2 - rx1 <= 0 || ry2 - ry1 <= 0 || bx2 - bx1 <= 0 || by2 - by1 <= 0) return undefined;

  // Drawn with Do, the appearance must say it is a form XObject; some writers leave that out.
  if (edits.pdf.resolve(formDict.dict['/Subtype']) !== '/Form') {
    formDict.dict['/Type'] = '/XObject';
    formDict.dict['/Subtype'] = '/Form';
    edits.touch(formDict.owner);
  }
  const [sx, sy] = [(rx2 - rx1) / (bx2 - bx1), (ry2 - ry1) / (by2 - by1)];
  return { form, matrix: [sx, 0, 0, sy, rx1 - bx1 * sx, ry1 - by1 * sy] };
}

/** An array of `count` numbers (references followed), or undefined. */
function numbers(edits: PdfEdits, value: unknown, count: number): number[] | undefined {
  const list = edits.pdf.array(value)?.map((n) => edits.pdf.resolve(n));
  return list && list.length === count && list.every((n) => typeof n === 'number' && Number.isFinite(n)) ? (list as number[]) : undefined;
}

/** A number as content streams write it: no exponent, at most six decimals. */
function formatNumber(value: number): string {
  const text = value.toFixed(6).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}
