import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { standardClaims } from './compliance';

describe('standardClaims', () => {
  const noInfo = new PdfObjects({ trailer: { value: {} } });
  it('reads the XMP identification written as attributes or as elements', () => {
    const attributes = '<rdf:Description pdfaid:part="3" pdfaid:conformance="A" pdfuaid:part=\'1\'/>';
    expect(standardClaims(attributes, noInfo).map((claim) => [claim.standard, claim.pdfaLevel])).toEqual([
      ['PDF/A-3A', '3a'],
      ['PDF/UA-1', undefined],
    ]);
    const elements =
      '<pdfaid:part>4</pdfaid:part><pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion><pdfvtid:GTS_PDFVTVersion>PDF/VT-1</pdfvtid:GTS_PDFVTVersion>';
    expect(standardClaims(elements, noInfo).map((claim) => claim.standard)).toEqual(['PDF/A-4', 'PDF/X-4', 'PDF/VT-1']);
  });

  it('takes a PDF/X claim from the Info dictionary, and claims nothing without metadata', () => {
    const withInfo = new PdfObjects({ trailer: { value: { '/Info': '3 0 R' } }, 'obj:3 0 R': { value: { '/GTS_PDFXVersion': 'u:PDF/X-1a:2001' } } });
    expect(standardClaims(null, withInfo).map((claim) => claim.standard)).toEqual(['PDF/X-1a:2001']);
    expect(standardClaims(null, noInfo)).toEqual([]);
  });
});
