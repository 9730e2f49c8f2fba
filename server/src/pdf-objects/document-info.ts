import { asDict, nameOf, type PdfObjects } from './pdf-objects';

/** The document's Info dictionary (trailer /Info), resolved; empty when it has none. */
export function infoDictionary(pdf: PdfObjects): Record<string, unknown> {
  return pdf.dict(asDict(pdf.objects.trailer?.value)?.['/Info']) ?? {};
}

/**
 * The PDF version as PDFBox's getVersion reads it: the header's, or the
 * catalog's /Version where that is later; 1.4 when neither reads as a number.
 * `headerVersion` as qpdf reports it. e.g. ('1.7', a catalog with /Version /2.0) → 2
 */
export function pdfVersion(pdf: PdfObjects, headerVersion: string): number {
  const header = Number(headerVersion);
  const declared = Number(nameOf(pdf.resolve(pdf.catalog?.['/Version'])));
  const known = Number.isFinite(header) ? header : undefined;
  return Number.isFinite(declared) && declared > (known ?? 0) ? declared : (known ?? 1.4);
}
