import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { handWrittenPdf } from '../../../test/support/hand-written-pdf';
import { withTempDir } from '../../../test/support/pdfs';

/**
 * Files for Verify PDF/A and PDF/UA, made by other programs: Ghostscript and
 * LibreOffice writing PDF/A (and LibreOffice PDF/UA) as they do for anyone,
 * and hand-written files that claim standards they break, each break one a
 * named clause forbids.
 */

const SRGB = ['/usr/share/color/icc/ghostscript/srgb.icc', '/usr/share/color/icc/sRGB.icc'];

/** Ghostscript's PDF/A-2b of `pdf`, with an sRGB output intent, as its manual shows (pdfmark in a definition file). */
export function ghostscriptPdfa2b(pdf: Buffer): Buffer {
  const profile = SRGB.find((path) => existsSync(path));
  if (!profile) throw new Error('No sRGB profile installed for the Ghostscript fixture.');
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    writeFileSync(
      join(dir, 'def.ps'),
      [
        `/ICCProfile (${profile}) (r) file def`,
        '[/_objdef {icc_PDFA} /type /stream /OBJ pdfmark',
        '[{icc_PDFA} << /N 3 >> /PUT pdfmark',
        '[{icc_PDFA} ICCProfile /PUT pdfmark',
        '[/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark',
        '[{OutputIntent_PDFA} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {icc_PDFA} /OutputConditionIdentifier (sRGB) >> /PUT pdfmark',
        '[{Catalog} << /OutputIntents [ {OutputIntent_PDFA} ] >> /PUT pdfmark',
      ].join('\n'),
    );
    execFileSync(
      'gs',
      [
        '-q',
        '-dBATCH',
        '-dNOPAUSE',
        '-dNOSAFER',
        '-sDEVICE=pdfwrite',
        '-dPDFA=2',
        '-dPDFACompatibilityPolicy=1',
        '-sColorConversionStrategy=RGB',
        '-dEmbedAllFonts=true',
        `-sOutputFile=${join(dir, 'out.pdf')}`,
        join(dir, 'def.ps'),
        join(dir, 'in.pdf'),
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
    return readFileSync(join(dir, 'out.pdf'));
  });
}

/** LibreOffice's PDF export of a one-paragraph document, with the export filter's options. */
export function libreOfficePdf(text: string, options: Record<string, { type: string; value: string }>): Buffer {
  const fodt = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:meta><dc:title>Annual archive</dc:title></office:meta>
<office:body><office:text><text:p>${text}</text:p></office:text></office:body></office:document>`;
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'doc.fodt'), fodt);
    const filter = `pdf:writer_pdf_Export:${JSON.stringify(options)}`;
    execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', filter, '--outdir', dir, join(dir, 'doc.fodt')], {
      stdio: 'ignore',
      timeout: 120_000,
    });
    return readFileSync(join(dir, 'doc.pdf'));
  });
}

/** An XMP packet with these descriptions inside its rdf:RDF, as a stream object's text. */
function xmpStream(descriptions: string): string {
  const packet = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
${descriptions}
</rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
  return `<< /Type /Metadata /Subtype /XML /Length ${Buffer.byteLength(packet)} >>\nstream\n${packet}\nendstream`;
}

const PAGE_TEXT = 'BT /F1 18 Tf 20 150 Td (Claims) Tj ET';

/**
 * A file that says PDF/A-1b and is not: no trailer ID, Helvetica not embedded,
 * a JavaScript open action, a soft-masked graphics state and constant alpha,
 * a link without flags, an Info title the XMP does not repeat.
 */
export function falsePdfa1b(): Buffer {
  return handWrittenWithInfo(
    [
      '<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R /OpenAction 7 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Annots [8 0 R] /Resources << /Font << /F1 5 0 R >> /ExtGState << /G1 << /Type /ExtGState /SMask 9 0 R /ca 0.5 >> >> >> >>',
      `<< /Length ${PAGE_TEXT.length} >>\nstream\n${PAGE_TEXT}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      xmpStream(
        '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="1" pdfaid:conformance="B"/>\n' +
          '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">XMP title</rdf:li></rdf:Alt></dc:title></rdf:Description>',
      ),
      '<< /Type /Action /S /JavaScript /JS (app.alert\\("hi"\\)) >>',
      '<< /Type /Annot /Subtype /Link /Rect [10 10 100 40] /A << /S /URI /URI (https://example.com) >> >>',
      '<< /Type /Mask /S /Luminosity /G 4 0 R >>',
      '<< /Title (Info title) /Producer (Folio tests) >>',
    ],
    10,
  );
}

/** A hand-written file whose trailer (after the cross-reference table, so no offset moves) also names object `info` as its Info. */
function handWrittenWithInfo(objects: string[], info: number): Buffer {
  const pdf = handWrittenPdf(objects).toString('latin1');
  return Buffer.from(pdf.replace('/Root 1 0 R >>', `/Root 1 0 R /Info ${info} 0 R >>`), 'latin1');
}

/** The same document, claiming PDF/UA-1 only, untagged: no MarkInfo, no structure tree, no Lang, no DisplayDocTitle, no dc:title. */
export function untaggedPdfua1(): Buffer {
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${PAGE_TEXT.length} >>\nstream\n${PAGE_TEXT}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    xmpStream('<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"><pdfuaid:part>1</pdfuaid:part></rdf:Description>'),
  ]);
}

/**
 * A tagged file claiming PDF/UA-1 that does most things right (Marked, a
 * structure tree, Lang, DisplayDocTitle, dc:title, an embedded-looking font)
 * but has a figure, through the role map, without alternative text.
 */
export function taggedPdfua1WithBareFigure(): Buffer {
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R /MarkInfo << /Marked true >> /Lang (en-GB) /ViewerPreferences << /DisplayDocTitle true >> /StructTreeRoot 7 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${PAGE_TEXT.length} >>\nstream\n${PAGE_TEXT}\nendstream`,
    '<< /Type /Font /Subtype /TrueType /BaseFont /Figtree /FontDescriptor 10 0 R >>',
    xmpStream(
      '<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" pdfuaid:part="1"/>\n' +
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Tagged &amp; titled</rdf:li></rdf:Alt></dc:title></rdf:Description>',
    ),
    '<< /Type /StructTreeRoot /K 8 0 R /RoleMap << /Photo /Figure >> >>',
    '<< /Type /StructElem /S /Document /P 7 0 R /K [9 0 R 11 0 R] >>',
    '<< /Type /StructElem /S /Photo /P 8 0 R /K 0 /Pg 3 0 R >>',
    '<< /Type /FontDescriptor /FontName /Figtree /FontFile2 12 0 R >>',
    '<< /Type /StructElem /S /Figure /P 8 0 R /Alt (A described figure) /K 1 /Pg 3 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ]);
}
