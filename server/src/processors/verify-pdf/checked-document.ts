import { asDict, nameOf, type PdfObjects } from '../../pdf-objects/pdf-objects';

/** What the checks read: qpdf's listing of every object (no stream data), the XMP packet, the encryption. */
export interface CheckedDocument {
  pdf: PdfObjects;
  /** The catalog's XMP packet as text; undefined when there is none (or it could not be read). */
  xmp?: string;
  encrypted: boolean;
}

/** One problem a check found: what, and where (an object, a page). */
export interface Finding {
  message: string;
  location: string | null;
  /** The veraPDF test number within the check's clause, when the check covers several. */
  testNumber?: number;
}

/** Where an object is, as veraPDF's locations name it. e.g. '12 0 obj' */
export const objectLocation = (key: string) => key.replace(/^obj:/, '').replace(/ R$/, ' obj');

/**
 * Calls `visit` on every dictionary of the file (stream dictionaries
 * included), with the object it sits in; dictionaries nested in an object's
 * value are visited too. References are not followed: each object is visited
 * as itself, so loops cannot happen.
 */
export function eachDictionary(document: CheckedDocument, visit: (dict: Record<string, unknown>, location: string, isStream: boolean) => void): void {
  for (const [key, entry] of Object.entries(document.pdf.objects)) {
    if (!key.startsWith('obj:')) continue;
    const location = objectLocation(key);
    if (entry.stream) visit(entry.stream.dict, location, true);
    walk(entry.value ?? (entry.stream ? Object.values(entry.stream.dict) : undefined), (dict) => visit(dict, location, false));
  }
}

function walk(value: unknown, visit: (dict: Record<string, unknown>) => void, depth = 0): void {
  // Real files nest a few levels; a hostile one may nest thousands.
  if (depth > 64) return;
  if (Array.isArray(value)) value.forEach((item) => walk(item, visit, depth + 1));
  else if (value && typeof value === 'object') {
    const dict = value as Record<string, unknown>;
    visit(dict);
    Object.values(dict).forEach((item) => walk(item, visit, depth + 1));
  }
}

/** Each page's annotations, resolved, with the page's number (1-based). */
export function pageAnnotations(document: CheckedDocument): { page: number; annotation: Record<string, unknown>; ref?: string }[] {
  const { pdf } = document;
  return pdf.pageRefs().flatMap((pageRef, index) =>
    (pdf.array(pdf.dict(pageRef)?.['/Annots']) ?? []).flatMap((value) => {
      const annotation = pdf.dict(value);
      return annotation ? [{ page: index + 1, annotation, ref: typeof value === 'string' ? value : undefined }] : [];
    }),
  );
}

/** A stream's /Filter names, single or array. */
export function filtersOf(dict: Record<string, unknown>, pdf: PdfObjects): string[] {
  const filter = pdf.resolve(dict['/Filter']);
  const names = Array.isArray(filter) ? filter.map((f) => pdf.resolve(f)) : [filter];
  return names.map(nameOf).filter((name): name is string => name !== undefined);
}

/** The trailer dictionary. */
export const trailerOf = (document: CheckedDocument) => asDict(document.pdf.objects.trailer?.value);
