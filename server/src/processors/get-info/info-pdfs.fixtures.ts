import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { writePdf } from '../../../test/support/pdf-writer';

/**
 * A three-page document with something in every section Get All Info reports:
 *
 * - Info: title, author, subject, keywords, creator, producer, both dates, a
 *   custom "Department" entry, /Trapped /False. Catalog: /Lang en-GB,
 *   /PageMode /UseOutlines, /Version /2.0 (the header says 1.7).
 * - XMP claiming PDF/A-2B and PDF/UA-1.
 * - Page 1: A4, Helvetica text (twice in the resources, as F1 and F2), a grey
 *   image and an indexed one, two links to one address and one to another, a
 *   note with contents, a file attachment, a rich media annotation.
 * - Page 2: US Letter turned landscape (media box 792 × 612), /Rotate 90, a
 *   crop and a trim box, text in an embedded TrueType font (DejaVu Sans Mono),
 *   and the grey image of page 1 again.
 * - Page 3: 300 × 300 points and its resources, both inherited from the page
 *   tree node, no text; the form's widgets.
 * - Bookmarks Chapter 1 › Section 1.1, Chapter 2; an embedded data.csv; a
 *   document script; layers Watermark and Notes; form fields name, agree,
 *   group.child and a signed signature field approval; a structure tree.
 */
export function infoPdf(): Buffer {
  const font = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf');
  const stream = (dict: string, data: string | Buffer) => {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'latin1');
    return Buffer.concat([Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`, 'latin1'), bytes, Buffer.from('\nendstream', 'latin1')]);
  };
  const xmp =
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="2" pdfaid:conformance="B"/>' +
    '<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"><pdfuaid:part>1</pdfuaid:part></rdf:Description>' +
    '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
  const page1Text =
    'BT /F1 24 Tf 72 760 Td (Annual report 2024) Tj ET BT /F2 12 Tf 72 730 Td (Prepared by the finance team.) Tj ET ' +
    'q 40 0 0 20 72 600 cm /Im1 Do Q q 30 0 0 30 200 600 cm /Im2 Do Q';

  return writePdf(
    [
      /* 1 */ '<< /Type /Catalog /Version /2.0 /Pages 2 0 R /Lang (en-GB) /PageMode /UseOutlines /Metadata 9 0 R /Outlines 20 0 R ' +
        '/Names << /EmbeddedFiles 24 0 R /JavaScript 27 0 R >> /OCProperties << /OCGs [29 0 R 30 0 R] /D << /Order [29 0 R 30 0 R] >> >> ' +
        '/AcroForm << /Fields [31 0 R 32 0 R 33 0 R 35 0 R] >> /StructTreeRoot 37 0 R /MarkInfo << /Marked true >> >>',
      /* 2 */ '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 /MediaBox [0 0 300 300] /Resources << /Font << /F1 10 0 R >> >> >>',
      /* 3 */ '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.2756 841.8898] /Contents 6 0 R ' +
        '/Resources << /Font << /F1 10 0 R /F2 10 0 R >> /XObject << /Im1 13 0 R /Im2 14 0 R >> >> /Annots [15 0 R 16 0 R 17 0 R 18 0 R 19 0 R 41 0 R] >>',
      /* 4 */ '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 792 612] /CropBox [10 10 782 602] /TrimBox [20 20 772 592] /Rotate 90 /Contents 7 0 R ' +
        '/Resources << /Font << /F3 11 0 R >> /XObject << /Im1 13 0 R >> >> >>',
      /* 5 */ '<< /Type /Page /Parent 2 0 R /Contents 8 0 R /Annots [31 0 R 32 0 R 34 0 R 35 0 R] >>',
      /* 6 */ stream('', page1Text),
      /* 7 */ stream('', 'BT /F3 14 Tf 72 500 Td (Second page text) Tj ET q 40 0 0 20 72 400 cm /Im1 Do Q'),
      /* 8 */ stream('', '0 0 1 rg 50 50 200 200 re f'),
      /* 9 */ stream('/Type /Metadata /Subtype /XML', xmp),
      /* 10 */ '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      /* 11 */ `<< /Type /Font /Subtype /TrueType /BaseFont /DejaVuSansMono /FirstChar 32 /LastChar 126 /Widths [${Array(95).fill(602).join(' ')}] ` +
        '/Encoding /WinAnsiEncoding /FontDescriptor 12 0 R >>',
      /* 12 */ '<< /Type /FontDescriptor /FontName /DejaVuSansMono /FontFamily (DejaVu Sans Mono) /FontWeight 400 /Flags 33 /FontBBox [-558 -375 718 1042] ' +
        `/ItalicAngle 0 /Ascent 760 /Descent -240 /CapHeight 729 /StemV 80 /FontFile2 42 0 R >>`,
      /* 13 */ stream(
        '/Type /XObject /Subtype /Image /Width 4 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8',
        Buffer.from([0, 60, 120, 180, 200, 220, 240, 255]),
      ),
      /* 14 */ stream(
        '/Type /XObject /Subtype /Image /Width 3 /Height 3 /ColorSpace [/Indexed /DeviceRGB 1 <FF000000FF00>] /BitsPerComponent 1 /Filter /FlateDecode',
        deflateSync(Buffer.from([0xa0, 0x40, 0xa0])),
      ),
      /* 15 */ '<< /Type /Annot /Subtype /Link /Rect [72 760 300 790] /Border [0 0 0] /A << /S /URI /URI (https://example.org/report) >> >>',
      /* 16 */ '<< /Type /Annot /Subtype /Link /Rect [72 700 300 720] /Border [0 0 0] /A << /S /URI /URI (https://example.org/report) >> >>',
      /* 17 */ '<< /Type /Annot /Subtype /Link /Rect [72 680 300 700] /Border [0 0 0] /A << /S /URI /URI (https://example.com/contact) >> >>',
      /* 18 */ '<< /Type /Annot /Subtype /Text /Rect [500 800 520 820] /Contents (Check the totals) >>',
      /* 19 */ '<< /Type /Annot /Subtype /FileAttachment /Rect [500 700 520 720] /Name /PushPin /Contents (Source figures) /FS << /Type /Filespec /F (figures.txt) /UF (figures.txt) /EF << /F 40 0 R >> >> >>',
      /* 20 */ '<< /Type /Outlines /First 21 0 R /Last 23 0 R /Count 3 >>',
      /* 21 */ '<< /Title (Chapter 1) /Parent 20 0 R /Next 23 0 R /First 22 0 R /Last 22 0 R /Count 1 /Dest [3 0 R /Fit] >>',
      /* 22 */ '<< /Title (Section 1.1) /Parent 21 0 R /Dest [4 0 R /Fit] >>',
      /* 23 */ '<< /Title (Chapter 2) /Parent 20 0 R /Prev 21 0 R /Dest [5 0 R /Fit] >>',
      /* 24 */ '<< /Names [(data.csv) 25 0 R] >>',
      /* 25 */ '<< /Type /Filespec /F (data.csv) /UF (data.csv) /EF << /F 26 0 R >> >>',
      /* 26 */ stream('/Type /EmbeddedFile /Subtype /text#2Fcsv /Params << /Size 11 /CreationDate (D:20240102030405Z) >>', 'a,b\n1,2\n3,4'),
      /* 27 */ '<< /Names [(init) 28 0 R] >>',
      /* 28 */ "<< /S /JavaScript /JS (app.alert\\('hi'\\);) >>",
      /* 29 */ '<< /Type /OCG /Name (Watermark) >>',
      /* 30 */ '<< /Type /OCG /Name (Notes) >>',
      /* 31 */ '<< /FT /Tx /T (name) /V (Asha Rao) /Type /Annot /Subtype /Widget /P 5 0 R /Rect [20 260 120 280] >>',
      /* 32 */ '<< /FT /Btn /T (agree) /V /Yes /AS /Yes /Type /Annot /Subtype /Widget /P 5 0 R /Rect [20 230 120 250] >>',
      /* 33 */ '<< /T (group) /Kids [34 0 R] >>',
      /* 34 */ '<< /FT /Tx /T (child) /Parent 33 0 R /V (inner value) /Type /Annot /Subtype /Widget /P 5 0 R /Rect [20 200 120 220] >>',
      /* 35 */ '<< /FT /Sig /T (approval) /V 36 0 R /Type /Annot /Subtype /Widget /P 5 0 R /Rect [0 0 0 0] >>',
      /* 36 */ "<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /Name (Asha Rao) /M (D:20250106100000+05'30') /Reason (Approval) /Location (Pune) /ByteRange [0 10 20 30] /Contents <00> >>",
      /* 37 */ '<< /Type /StructTreeRoot /K 38 0 R >>',
      /* 38 */ '<< /Type /StructElem /S /Document /P 37 0 R /K [39 0 R] >>',
      /* 39 */ '<< /Type /StructElem /S /P /P 38 0 R /Pg 3 0 R /ActualText (Annual report 2024) /K 0 >>',
      /* 40 */ stream('/Type /EmbeddedFile', 'figures for 2024'),
      /* 41 */ '<< /Type /Annot /Subtype /RichMedia /Rect [400 400 500 500] /Contents (A video) >>',
      /* 42 */ stream(`/Length1 ${font.length}`, font),
      /* 43 */ '<< /Title (Annual report) /Author (Finance team) /Subject (Results) /Keywords (report, 2024) /Creator (Folio tests) /Producer (Hand written) ' +
        "/CreationDate (D:20240102030405Z) /ModDate (D:20240603101112+05'30') /Department (Finance) /Trapped /False >>",
    ],
    '/Info 43 0 R',
  );
}
