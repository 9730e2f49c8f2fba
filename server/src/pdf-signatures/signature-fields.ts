import { asArray, isReference, PdfObjects, textOf } from '../pdf-objects/pdf-objects';

/**
 * The form fields of a document and the signatures among them, read from its
 * objects (qpdf's JSON, engines/qpdf.ts `readObjects`). A signature is what a
 * signature field's /V points at, as PDF 32000 §12.7.4.5 and the reference's
 * PDFBox (`getSignatureDictionaries`) find them. Nothing here trusts the file:
 * the field tree may loop or be deep; each field is visited once.
 */

/** Fields visited at most: a file cannot make the server walk millions. */
const MAX_FIELDS = 100_000;
const MAX_DEPTH = 64;

/** One terminal field of the form. */
export interface FormField {
  /** Fully qualified name: the /T of its ancestors and its own, joined by dots. e.g. 'Signature1' */
  name: string;
  /** Field type, inherited from its ancestors when it has none. e.g. '/Sig' */
  type?: string;
  /** The field's value, unresolved. e.g. '12 0 R' */
  value: unknown;
}

/** A signature dictionary as its field holds it. */
export interface SignatureDictionary {
  /** The signature field's fully qualified name. */
  fieldName: string;
  /** e.g. '/adbe.pkcs7.detached', '/ETSI.CAdES.detached', '/ETSI.RFC3161' */
  subFilter?: string;
  /** Four numbers: offset and length of the bytes before and after the signature. */
  byteRange?: number[];
  /** The CMS object, as the /Contents string holds it (trailing padding included); undefined unless qpdf gave it as bytes. */
  contents?: Buffer;
  /** /M as written. e.g. "D:20250106100000+05'30'" */
  signingTime?: string;
  name?: string;
  reason?: string;
  location?: string;
}

/** Every terminal field, in the order of the form's /Fields and their /Kids. */
export function formFields(pdf: PdfObjects): FormField[] {
  const fields: FormField[] = [];
  const seen = new Set<string>();
  const visit = (ref: unknown, parentName: string, parentType: string | undefined, depth: number) => {
    if (seen.size >= MAX_FIELDS || depth > MAX_DEPTH) return;
    if (isReference(ref)) {
      if (seen.has(ref)) return;
      seen.add(ref);
    }
    const field = pdf.dict(ref);
    if (!field) return;
    const partial = textOf(pdf.resolve(field['/T']));
    const name = partial === undefined ? parentName : parentName ? `${parentName}.${partial}` : partial;
    const ownType = pdf.resolve(field['/FT']);
    const type = typeof ownType === 'string' && ownType.startsWith('/') ? ownType : parentType;
    // Kids with a /T of their own are fields; kids without are the field's widgets.
    const kids = (pdf.array(field['/Kids']) ?? []).filter((kid) => pdf.dict(kid)?.['/T'] !== undefined);
    if (kids.length === 0) {
      fields.push({ name, type, value: field['/V'] });
      return;
    }
    for (const kid of kids) visit(kid, name, type, depth + 1);
  };
  for (const ref of pdf.array(pdf.dict(pdf.catalog?.['/AcroForm'])?.['/Fields']) ?? []) visit(ref, '', undefined, 0);
  return fields;
}

/** The signatures of a document: every signature field that has been signed, in form order. */
export function signatureDictionaries(pdf: PdfObjects): SignatureDictionary[] {
  const signatures: SignatureDictionary[] = [];
  for (const field of formFields(pdf)) {
    if (field.type !== '/Sig') continue;
    const dict = pdf.dict(field.value);
    if (!dict) continue;
    const byteRange = asArray(pdf.resolve(dict['/ByteRange']))?.map((n) => pdf.resolve(n));
    const contents = pdf.resolve(dict['/Contents']);
    const subFilter = pdf.resolve(dict['/SubFilter']);
    signatures.push({
      fieldName: field.name,
      subFilter: typeof subFilter === 'string' ? subFilter : undefined,
      byteRange: byteRange?.every((n) => typeof n === 'number' && Number.isSafeInteger(n)) ? (byteRange as number[]) : undefined,
      contents: typeof contents === 'string' && contents.startsWith('b:') ? Buffer.from(contents.slice(2), 'hex') : undefined,
      signingTime: textOf(pdf.resolve(dict['/M'])),
      name: textOf(pdf.resolve(dict['/Name'])),
      reason: textOf(pdf.resolve(dict['/Reason'])),
      location: textOf(pdf.resolve(dict['/Location'])),
    });
  }
  return signatures;
}
