import type { EngineOptions } from '../../engines/process';
import { readObjects, type QpdfObjects } from '../../engines/qpdf/qpdf-objects';
import { readStreamText } from '../../engines/qpdf/qpdf-streams';
import { asDict, isReference, PdfObjects } from '../../pdf-objects/pdf-objects';
import { xmpValue } from '../../pdf-objects/xmp-properties';

/**
 * Checks that a file Ghostscript wrote really is what it claims: for PDF/A the
 * XMP identification (part and conformance B) and a GTS_PDFA1 output intent
 * with an ICC profile; for PDF/X the version key and a GTS_PDFX intent; for
 * both, every font embedded, no encryption and no JavaScript. Not a full
 * validator (no veraPDF here), but it catches the failures that matter: a file
 * that says PDF/A and is not.
 */

export type CheckedStandard = { standard: 'pdfa'; part: 1 | 2 | 3 } | { standard: 'pdfx' };

/** The problems found, empty when the file passes. */
export async function checkArchivalPdf(path: string, target: CheckedStandard, engine: EngineOptions): Promise<string[]> {
  const { objects } = await readObjects(path, engine);
  const metadataRef = new PdfObjects(objects).catalog?.['/Metadata'];
  const xmp = isReference(metadataRef) ? await readStreamText(path, metadataRef, engine) : undefined;
  return findArchivalProblems(objects, target, xmp);
}

/** The checks themselves, on qpdf's object dump and the XMP packet. */
export function findArchivalProblems(objects: QpdfObjects, target: CheckedStandard, xmp: string | undefined): string[] {
  const problems: string[] = [];
  const pdf = new PdfObjects(objects);
  const trailer = asDict(objects.trailer?.value);
  if (!trailer) return ['the file has no trailer'];
  if ('/Encrypt' in trailer) problems.push('the file is encrypted');
  const catalog = pdf.catalog;
  if (!catalog) return [...problems, 'the file has no catalogue'];

  const intentType = target.standard === 'pdfa' ? '/GTS_PDFA1' : '/GTS_PDFX';
  const intents = pdf.array(catalog['/OutputIntents']) ?? [];
  const hasIntent = intents.some((intent) => {
    const dict = pdf.dict(intent);
    const profile = dict?.['/DestOutputProfile'];
    return dict?.['/S'] === intentType && typeof profile === 'string' && objects[`obj:${profile}`]?.stream !== undefined;
  });
  if (!hasIntent) problems.push(`no ${intentType.slice(1)} output intent with an ICC profile`);

  if (target.standard === 'pdfa') {
    const part = xmp ? xmpValue(xmp, 'pdfaid:part') : undefined;
    const conformance = xmp ? xmpValue(xmp, 'pdfaid:conformance') : undefined;
    if (part !== String(target.part) || conformance?.toUpperCase() !== 'B') {
      problems.push(`the XMP metadata does not identify PDF/A-${target.part}b (found part ${part ?? 'none'}, conformance ${conformance ?? 'none'})`);
    }
  } else {
    const info = pdf.dict(trailer['/Info']);
    if (typeof info?.['/GTS_PDFXVersion'] !== 'string') problems.push('the document information has no GTS_PDFXVersion');
  }

  const unembedded = new Set<string>();
  let javaScript = false;
  for (const entry of Object.values(objects)) {
    walk(entry.value ?? entry.stream?.dict, (dict) => {
      if ('/JS' in dict || dict['/S'] === '/JavaScript' || '/JavaScript' in dict) javaScript = true;
      if (dict['/Type'] === '/Font' && !isEmbedded(pdf, dict)) unembedded.add(String(dict['/BaseFont'] ?? 'unnamed').replace(/^\//, ''));
    });
  }
  if (unembedded.size > 0) problems.push(`fonts not embedded: ${[...unembedded].sort().join(', ')}`);
  if (javaScript) problems.push('the file contains JavaScript');
  return problems;
}

/** Type 3 glyphs are content streams and composite fonts are checked through their descendants. */
function isEmbedded(pdf: PdfObjects, font: Record<string, unknown>): boolean {
  if (font['/Subtype'] === '/Type3' || font['/Subtype'] === '/Type0') return true;
  const descriptor = pdf.dict(font['/FontDescriptor']);
  return !!descriptor && ['/FontFile', '/FontFile2', '/FontFile3'].some((key) => key in descriptor);
}

/** Visits every dictionary inside a direct value (references are visited as their own objects). */
function walk(value: unknown, visit: (dict: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((item) => walk(item, visit));
  else if (value && typeof value === 'object') {
    const dict = value as Record<string, unknown>;
    visit(dict);
    Object.values(dict).forEach((item) => walk(item, visit));
  }
}
