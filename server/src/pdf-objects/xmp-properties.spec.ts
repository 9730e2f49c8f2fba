import { declarationsOf, xmpValue } from './xmp-properties';

describe('reading an XMP packet', () => {
  it('finds properties written as attributes or elements, in rdf:Alt items, with entities decoded', () => {
    const xmp = `<rdf:Description pdfaid:part='3' pdfaid:conformance="u"/><rdf:Description><pdfuaid:part>1</pdfuaid:part>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Q&amp;A &#x263A;</rdf:li></rdf:Alt></dc:title><pdf:Producer>Tool</pdf:Producer></rdf:Description>`;
    expect(declarationsOf(xmp)).toEqual({ pdfa: { part: '3', conformance: 'u' }, pdfua: { part: '1' } });
    expect(xmpValue(xmp, 'dc:title')).toBe('Q&A ☺');
    expect(xmpValue(xmp, 'pdf:Producer')).toBe('Tool');
    expect(xmpValue(xmp, 'pdf:Keywords')).toBeUndefined();
    expect(declarationsOf(undefined)).toEqual({});
  });
});

describe('a hostile XMP packet', () => {
  it('is read in one pass: many unclosed tags and quotes take milliseconds', () => {
    const hostile = '<dc:title>'.repeat(200_000) + ' pdfaid:part="'.repeat(200_000);
    const started = Date.now();
    expect(xmpValue(hostile, 'dc:title')).toBeUndefined();
    expect(xmpValue(hostile, 'pdfaid:part')).toBe('pdfaid:part=');
    // An unclosed element followed by a long run of spaces (minutes for the pattern this replaced).
    expect(xmpValue(`<pdfaid:part>${' '.repeat(1_000_000)}2`, 'pdfaid:part')).toBeUndefined();
    expect(xmpValue(`<pdfaid:part>${' '.repeat(1_000_000)}2</pdfaid:part>`, 'pdfaid:part')).toBe('2');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
