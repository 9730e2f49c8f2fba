/**
 * Single XMP properties read from a packet's text (Get Info's standards,
 * PDF/A conversion's check, Verify PDF's declarations and the properties the
 * Info dictionary mirrors). A text scan, not an RDF parser: properties are
 * found written as attributes (`pdfaid:part="2"`) or as elements, simple or in
 * an rdf:Alt / rdf:Seq / rdf:Bag (the first item). The packet comes from the
 * upload, so nothing here may backtrack: a 5 KB run of spaces after an
 * unclosed element once held a regular expression for minutes.
 */

/** The five entities XML predefines and numeric references, decoded. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * A property's value (`prefix:name`), or undefined when the packet does not
 * have it. Scanned with indexOf, never a backtracking pattern: a hostile
 * packet of many unclosed tags costs one pass, not one pass per tag.
 */
export function xmpValue(xmp: string, property: string): string | undefined {
  for (let at = xmp.indexOf(property); at >= 0; at = xmp.indexOf(property, at + property.length)) {
    const before = xmp[at - 1];
    const after = at + property.length;
    if (before === '<' && (xmp[after] === '>' || /\s/.test(xmp[after] ?? ''))) {
      const open = xmp.indexOf('>', after);
      const close = xmp.indexOf(`</${property}>`, after);
      if (open < 0 || close < 0) return undefined;
      const inner = xmp.slice(open + 1, close);
      const item = inner.indexOf('<rdf:li');
      const itemOpen = item < 0 ? -1 : inner.indexOf('>', item);
      const itemClose = itemOpen < 0 ? -1 : inner.indexOf('</rdf:li>', itemOpen);
      const text = itemClose >= 0 ? inner.slice(itemOpen + 1, itemClose) : inner;
      return decodeEntities(text.replace(/<[^>]*>/g, '')).trim();
    }
    if (before !== undefined && /\s/.test(before)) {
      const equals = /^\s*=\s*(["'])/.exec(xmp.slice(after, after + 64));
      if (!equals) continue;
      const start = after + equals[0].length;
      const end = xmp.indexOf(equals[1], start);
      if (end < 0) return undefined;
      return decodeEntities(xmp.slice(start, end)).trim();
    }
  }
  return undefined;
}

/** What the packet declares: PDF/A part and conformance, PDF/UA part. */
export interface Declarations {
  pdfa?: { part: string; conformance: string };
  pdfua?: { part: string };
}

export function declarationsOf(xmp: string | undefined): Declarations {
  if (!xmp) return {};
  const part = xmpValue(xmp, 'pdfaid:part');
  const ua = xmpValue(xmp, 'pdfuaid:part');
  return {
    ...(part ? { pdfa: { part, conformance: (xmpValue(xmp, 'pdfaid:conformance') ?? '').toLowerCase() } } : {}),
    ...(ua ? { pdfua: { part: ua } } : {}),
  };
}
