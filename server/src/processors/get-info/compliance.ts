import { asDict, nameOf, textOf, type PdfObjects } from '../../pdf-objects/pdf-objects';
import { xmpValue } from '../../pdf-objects/xmp-properties';

/**
 * The standards a document says it meets, read from its XMP identification
 * schemas (and PDF/X's Info key). A claim is not a validation: nothing here
 * checks the document against the standard, as the reference's veraPDF does.
 */
export interface StandardClaim {
  /** e.g. 'PDF/A-2B', 'PDF/UA-1', 'PDF/X-4', 'PDF/E-1', 'PDF/VT-1' */
  standard: string;
  /** Where the claim was read. e.g. 'pdfaid:part 2, pdfaid:conformance B' */
  source: string;
  family: 'PDF/A' | 'PDF/UA' | 'PDF/X' | 'PDF/E' | 'PDF/VT';
  /** PDF/A's part and level, lower case, as the reference writes it. e.g. '2b' */
  pdfaLevel?: string;
}

/** The value of an XMP property under the first of its usual prefixes the packet has. */
function xmpProperty(xmp: string, prefixes: readonly string[], name: string): string | undefined {
  for (const prefix of prefixes) {
    const value = xmpValue(xmp, `${prefix}:${name}`);
    if (value) return value;
  }
  return undefined;
}

/** Every standard the XMP packet (and the Info dictionary, for PDF/X) claims. */
export function standardClaims(xmp: string | null, pdf: PdfObjects): StandardClaim[] {
  const claims: StandardClaim[] = [];
  const text = xmp ?? '';
  const part = xmpProperty(text, ['pdfaid'], 'part');
  if (part) {
    const conformance = xmpProperty(text, ['pdfaid'], 'conformance') ?? '';
    claims.push({
      standard: `PDF/A-${part}${conformance.toUpperCase()}`,
      source: `pdfaid:part ${part}${conformance ? `, pdfaid:conformance ${conformance}` : ''}`,
      family: 'PDF/A',
      pdfaLevel: `${part}${conformance.toLowerCase()}`,
    });
  }
  const ua = xmpProperty(text, ['pdfuaid'], 'part');
  if (ua) claims.push({ standard: `PDF/UA-${ua}`, source: `pdfuaid:part ${ua}`, family: 'PDF/UA' });
  const infoX = textOf(pdf.resolve(pdf.dict(asDict(pdf.objects.trailer?.value)?.['/Info'])?.['/GTS_PDFXVersion']));
  const x = xmpProperty(text, ['pdfxid', 'pdfx'], 'GTS_PDFXVersion') ?? infoX;
  if (x) claims.push({ standard: x.replace(/^PDF\/X-?/i, 'PDF/X-'), source: `GTS_PDFXVersion ${x}`, family: 'PDF/X' });
  const e = xmpProperty(text, ['pdfe', 'pdfeid'], 'ISO_PDFEVersion');
  if (e) claims.push({ standard: e.replace(/^PDF\/E-?/i, 'PDF/E-'), source: `ISO_PDFEVersion ${e}`, family: 'PDF/E' });
  const vt = xmpProperty(text, ['pdfvtid'], 'GTS_PDFVTVersion');
  if (vt) claims.push({ standard: vt.replace(/^PDF\/VT-?/i, 'PDF/VT-'), source: `GTS_PDFVTVersion ${vt}`, family: 'PDF/VT' });
  return claims;
}

/** What the Compliancy section says about where its answers come from. */
export const CLAIMS_BASIS =
  'Claims the document makes in its XMP metadata (and, for PDF/X, its Info dictionary); the document was not validated against the standards.';

/**
 * PDF/SEC as the reference approximates it: not encrypted, no document
 * JavaScript, no form, no embedded files, no links that leave the document.
 */
export function looksSecCompliant(pdf: PdfObjects, encrypted: boolean): boolean {
  if (encrypted) return false;
  const catalog = pdf.catalog ?? {};
  const open = pdf.dict(catalog['/OpenAction']);
  if (open && nameOf(pdf.resolve(open['/S'])) === 'JavaScript') return false;
  const names = pdf.dict(catalog['/Names']);
  if (names?.['/JavaScript'] !== undefined || names?.['/EmbeddedFiles'] !== undefined) return false;
  if (catalog['/AcroForm'] !== undefined) return false;
  for (const page of pdf.pageRefs()) {
    for (const annotation of pdf.array(pdf.dict(page)?.['/Annots']) ?? []) {
      const dict = pdf.dict(annotation);
      if (dict?.['/Subtype'] !== '/Link') continue;
      const action = nameOf(pdf.resolve(pdf.dict(dict['/A'])?.['/S']));
      if (action === 'URI' || action === 'Launch' || action === 'GoToR' || action === 'SubmitForm') return false;
    }
  }
  return true;
}

/**
 * Compliancy, in the reference's keys (each true when the document claims
 * the standard), then the PDF/X claim, the claims themselves and their basis.
 */
export function compliancySection(claims: readonly StandardClaim[], secCompliant: boolean): Record<string, unknown> {
  const claimed = (family: StandardClaim['family']) => claims.some((claim) => claim.family === family);
  const pdfa = claims.find((claim) => claim.family === 'PDF/A');
  return {
    'IsPDF/ACompliant': claimed('PDF/A'),
    'IsPDF/UACompliant': claimed('PDF/UA'),
    'IsPDF/ECompliant': claimed('PDF/E'),
    'IsPDF/VTCompliant': claimed('PDF/VT'),
    // The reference's reading: level B of PDF/A-1, 2 or 3.
    'IsPDF/BCompliant': pdfa?.pdfaLevel !== undefined && /^[123]b$/.test(pdfa.pdfaLevel),
    ...(pdfa ? { 'PDF/AConformanceLevel': pdfa.pdfaLevel } : {}),
    'IsPDF/SECCompliant': secCompliant,
    'IsPDF/XCompliant': claimed('PDF/X'),
    ClaimedStandards: claims.map((claim) => claim.standard),
    ComplianceBasis: CLAIMS_BASIS,
  };
}

/** SummaryData's Compliance entries: one per claim. */
export function complianceSummary(claims: readonly StandardClaim[]): { Standard: string; Compliant: boolean; Summary: string }[] {
  return claims.map((claim) => ({
    Standard: claim.standard,
    Compliant: true,
    Summary: `Claimed in the document's metadata (${claim.source}); not validated.`,
  }));
}
