import { isReference, type PdfObjects } from './pdf-objects';

/** The XObjects a resource dictionary names: [reference or direct value, its dictionary], in the order named. */
export function xObjectsOf(pdf: PdfObjects, resources: Record<string, unknown>): [unknown, Record<string, unknown>][] {
  const named = pdf.dict(resources['/XObject']) ?? {};
  return Object.values(named).flatMap((value) => {
    const dict = pdf.dict(value);
    return dict ? [[value, dict] as [unknown, Record<string, unknown>]] : [];
  });
}

/** Forms nested deeper than this are not looked into (real files nest a few levels). */
const MAX_FORM_DEPTH = 64;

/**
 * True when `resources` (a page's) name an image XObject, directly or in the
 * resources of a form XObject they name, at any depth (reference-beyond §2:
 * images drawn inline in a content stream are not XObjects and do not count).
 * Each form is looked into once, so forms that name each other end the walk.
 */
export function namesImage(pdf: PdfObjects, resources: Record<string, unknown>): boolean {
  const visitedForms = new Set<string>();
  const pending: [Record<string, unknown>, number][] = [[resources, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    for (const [value, dict] of xObjectsOf(pdf, current)) {
      if (dict['/Subtype'] === '/Image') return true;
      if (dict['/Subtype'] !== '/Form' || depth >= MAX_FORM_DEPTH) continue;
      if (isReference(value)) {
        if (visitedForms.has(value)) continue;
        visitedForms.add(value);
      }
      const formResources = pdf.dict(dict['/Resources']);
      if (formResources) pending.push([formResources, depth + 1]);
    }
  }
  return false;
}
