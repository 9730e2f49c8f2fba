import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { changeMetadataTool } from '@folio/registry';
import { read } from '../../../test/support/active-content-pdfs';
import { postTool, type Upload } from '../../../test/support/http';
import { FODT_NAMESPACES } from '../../../test/support/office-fixtures';
import { writePdf } from '../../../test/support/pdf-writer';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

/**
 * Every claim is read back with readers other than the tool's code: Poppler's
 * pdfinfo for the information dictionary, ExifTool for the XMP packet (and
 * the dictionary's Trapped, a name pdfinfo does not show), qpdf's JSON for the
 * objects themselves.
 */

/** pdfinfo's view of the information dictionary, custom entries included, dates in ISO form. */
function infoOf(pdf: Buffer): Record<string, string> {
  const text = read(pdf, 'pdfinfo', (f) => ['-custom', '-isodates', '-enc', 'UTF-8', f]);
  const info: Record<string, string> = {};
  const custom = text.split('\n').findIndex((line) => /^(Custom Metadata|Metadata Stream|Tagged|Pages):/.test(line));
  for (const line of Buffer.from(text, 'latin1')
    .toString('utf8')
    .split('\n')
    .slice(0, custom < 0 ? undefined : custom)) {
    const match = /^(.+?):\s+(.*)$/.exec(line);
    if (match) info[match[1]] = match[2];
  }
  return info;
}

/** ExifTool's tags, grouped by where they come from: 'PDF:Title' (dictionary), 'XMP-dc:Title' (packet). */
function exifOf(pdf: Buffer): Record<string, unknown> {
  return JSON.parse(
    Buffer.from(
      read(pdf, 'exiftool', (f) => ['-j', '-a', '-G1', '-struct', f]),
      'latin1',
    ).toString('utf8'),
  )[0];
}

/** Only the XMP tags, without the ones ExifTool adds about the packet itself. */
function xmpTags(pdf: Buffer): Record<string, unknown> {
  return Object.fromEntries(Object.entries(exifOf(pdf)).filter(([tag]) => tag.startsWith('XMP-') && !tag.startsWith('XMP-x:')));
}

/** qpdf's JSON of the trailer and the catalog. */
function structureOf(pdf: Buffer): { trailer: Record<string, unknown>; catalog: Record<string, unknown> } {
  const objects = JSON.parse(read(pdf, 'qpdf', (f) => ['--json=2', '--json-key=qpdf', f])).qpdf[1];
  const trailer = objects.trailer.value;
  return { trailer, catalog: objects[`obj:${trailer['/Root']}`].value };
}

/** The XMP packet as pikepdf reads it, properties named prefix:local. e.g. { 'dc:title': 'Report' } */
function pikepdfXmp(pdf: Buffer): Record<string, unknown> {
  const script = [
    'import json, sys, pikepdf',
    'prefixes = {"http://purl.org/dc/elements/1.1/": "dc", "http://ns.adobe.com/xap/1.0/": "xmp", "http://ns.adobe.com/pdf/1.3/": "pdf", "http://www.aiim.org/pdfa/ns/id/": "pdfaid"}',
    'def name(key):',
    '    ns, local = key[1:].split("}")',
    '    return prefixes.get(ns, ns) + ":" + local',
    'with pikepdf.open(sys.argv[1]) as pdf:',
    '    print(json.dumps({name(k): v for k, v in pdf.open_metadata().items()}))',
  ].join('\n');
  return JSON.parse(read(pdf, '/usr/bin/python3', (f) => ['-c', script, f]));
}

/**
 * A report LibreOffice wrote as PDF/A-2b (so with an XMP packet of its own):
 * title, subject, keywords, author, creation date. Run as a command with a
 * profile of its own: the engine's bridge takes no export options.
 */
function libreOfficeReport(): Buffer {
  const fodt = `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${FODT_NAMESPACES} xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:meta><dc:title>Quarterly report</dc:title><dc:subject>Figures</dc:subject><meta:keyword>finance</meta:keyword><meta:keyword>q3</meta:keyword><dc:creator>Old author</dc:creator><meta:initial-creator>Old author</meta:initial-creator></office:meta>
<office:body><office:text><text:p>Quarterly report</text:p></office:text></office:body></office:document>`;
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'report.fodt'), fodt);
    const filter = 'pdf:writer_pdf_Export:{"SelectPdfVersion":{"type":"long","value":"2"}}';
    execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', filter, '--outdir', dir, join(dir, 'report.fodt')], {
      stdio: 'ignore',
      timeout: 120_000,
    });
    return readFileSync(join(dir, 'report.pdf'));
  });
}

const XMP = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="1" pdfaid:conformance="B"/>
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="Old tool">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Old XMP title</rdf:li></rdf:Alt></dc:title>
   <dc:rights><rdf:Alt><rdf:li xml:lang="x-default">Copyright Folio tests</rdf:li></rdf:Alt></dc:rights>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;

/**
 * A one-page PDF with everything the tool touches: an information dictionary
 * (standard and custom entries, one whose name holds '#'), an XMP packet that
 * says PDF/A-1b and has an older title, and PieceInfo.
 */
function documentWithMetadata(): Buffer {
  const content = 'BT /F1 20 Tf 20 200 Td (doc page 1) Tj ET';
  const xmp = Buffer.from(XMP, 'utf8');
  return writePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R /Metadata 5 0 R /PieceInfo << /Folio << /LastModified (D:20200101000000Z) /Private << /Secret 1 >> >> >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      Buffer.concat([Buffer.from(`<< /Type /Metadata /Subtype /XML /Length ${xmp.length} >>\nstream\n`), xmp, Buffer.from('\nendstream')]),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      '<< /Title (Old title) /Author (Old author) /Producer (Old producer) /Dept (Sales) /Hash#2341 (kept) /CreationDate (D:20200101000000Z) >>',
    ],
    '/Info 7 0 R',
  );
}

/**
 * Dates are read in the server's time zone, as the reference reads them; the
 * server runs in this process. The offset it has at a local time, as ISO
 * writes it (pdfinfo writes 'Z' for UTC). e.g. +05:30
 */
function localOffset(date: string, utc = '+00:00'): string {
  const [y, m, d, h] = date.split(/\D/).map(Number);
  const minutes = -new Date(y, m - 1, d, h).getTimezoneOffset();
  if (minutes === 0) return utc;
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const EVERY_FIELD = {
  title: 'Quarterly report – Q3 ✓',
  author: 'Ada Lovelace',
  subject: 'Figures & <forecasts>',
  keywords: 'finance, q3; report',
  creator: 'Folio Writer',
  producer: 'Folio Producer',
  creationDate: '2024/01/02 03:04:05',
  modificationDate: '2024/07/08 09:10:11',
  trapped: 'True',
  customKey1: 'Department',
  customValue1: 'Research',
};

describe('Change Metadata (/api/v1/misc/update-metadata)', () => {
  const server = useTestServer();
  let original: Upload;
  beforeAll(() => {
    original = { name: 'report.pdf', content: documentWithMetadata() };
  });
  const update = (fields: Record<string, string | boolean>, upload = original) => postTool(server, changeMetadataTool.endpoint, [upload], fields);

  it('starts from a fixture whose dictionary and packet disagree, with PDF/A identification and PieceInfo', () => {
    expect(infoOf(original.content)).toMatchObject({ Title: 'Old title', Author: 'Old author', Dept: 'Sales', 'Hash#41': 'kept' });
    expect(xmpTags(original.content)).toMatchObject({ 'XMP-dc:Title': 'Old XMP title', 'XMP-pdfaid:Part': 1, 'XMP-xmp:CreatorTool': 'Old tool' });
    expect(structureOf(original.content).catalog['/PieceInfo']).toBeDefined();
  });

  it('writes every field into the information dictionary, named as the reference names it', async () => {
    const res = await update(EVERY_FIELD);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('report_metadata.pdf');
    const info = infoOf(res.body);
    expect(info).toMatchObject({
      Title: EVERY_FIELD.title,
      Author: EVERY_FIELD.author,
      Subject: EVERY_FIELD.subject,
      Keywords: EVERY_FIELD.keywords,
      Creator: EVERY_FIELD.creator,
      Producer: EVERY_FIELD.producer,
      Department: 'Research',
    });
    expect(info.CreationDate).toBe(`2024-01-02T03:04:05${localOffset('2024-01-02-03', 'Z')}`);
    expect(info.ModDate).toBe(`2024-07-08T09:10:11${localOffset('2024-07-08-09', 'Z')}`);
    expect(exifOf(res.body)['PDF:Trapped']).toBe(true);
    expect(pageTexts(res.body)).toEqual(['doc page 1']);
  });

  it('writes the same values into the XMP packet, and keeps what else the packet says', async () => {
    const res = await update(EVERY_FIELD);
    const xmp = xmpTags(res.body);
    expect(xmp).toMatchObject({
      'XMP-dc:Title': EVERY_FIELD.title,
      'XMP-dc:Creator': [EVERY_FIELD.author],
      'XMP-dc:Description': EVERY_FIELD.subject,
      'XMP-dc:Subject': ['finance', 'q3', 'report'],
      'XMP-pdf:Keywords': EVERY_FIELD.keywords,
      'XMP-pdf:Producer': EVERY_FIELD.producer,
      'XMP-pdf:Trapped': true,
      'XMP-xmp:CreatorTool': EVERY_FIELD.creator,
      'XMP-xmp:CreateDate': `2024:01:02 03:04:05${localOffset('2024-01-02-03')}`,
      'XMP-xmp:ModifyDate': `2024:07:08 09:10:11${localOffset('2024-07-08-09')}`,
      // Not the tool's to change: the PDF/A claim and the rights stay.
      'XMP-pdfaid:Part': 1,
      'XMP-pdfaid:Conformance': 'B',
      'XMP-dc:Rights': 'Copyright Folio tests',
    });
    // PDF/A admits only the schemas it predefines: custom entries stay in the dictionary (see the next test for others).
    expect(Object.keys(xmp).filter((tag) => tag.startsWith('XMP-pdfx:'))).toEqual([]);
    expect(xmp['XMP-xmp:MetadataDate']).toMatch(/^\d{4}:\d\d:\d\d \d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    // One value per property: the old title and creator tool are gone, not repeated beside the new ones.
    const packet = read(res.body, 'qpdf', (f) => [
      `--show-object=${String(structureOf(res.body).catalog['/Metadata']).split(' ')[0]}`,
      '--filtered-stream-data',
      f,
    ]);
    expect(packet).not.toContain('Old XMP title');
    expect(packet).not.toContain('Old tool');
    expect(exifOf(res.body)['ExifTool:Warning']).toBeUndefined();
  });

  it('patches rather than replaces: a standard field left out keeps its entry in the dictionary and the packet', async () => {
    const res = await update({ author: 'New author' });
    expect(res.status).toBe(200);
    const info = infoOf(res.body);
    expect(info).toMatchObject({
      Author: 'New author',
      Title: 'Old title',
      Producer: 'Old producer',
      CreationDate: '2020-01-01T00:00:00Z',
      Dept: 'Sales',
      'Hash#41': 'kept',
    });
    // Trapped is written only when chosen.
    expect(exifOf(res.body)['PDF:Trapped']).toBeUndefined();
    const xmp = xmpTags(res.body);
    // The packet's own title and creator tool are not the request's to change: they stay as the packet had them.
    expect(xmp).toMatchObject({ 'XMP-dc:Title': 'Old XMP title', 'XMP-xmp:CreatorTool': 'Old tool', 'XMP-dc:Creator': ['New author'] });
    expect(xmp['XMP-pdf:Trapped']).toBeUndefined();
  });

  it('removes an entry sent as the literal undefined (the reference’s word for it) from the dictionary and the packet', async () => {
    const res = await update({ title: 'undefined', creationDate: 'undefined' });
    expect(res.status).toBe(200);
    const info = infoOf(res.body);
    expect(info.Title).toBeUndefined();
    expect(info.CreationDate).toBeUndefined();
    expect(info).toMatchObject({ Author: 'Old author', Producer: 'Old producer' });
    const xmp = xmpTags(res.body);
    expect(xmp['XMP-dc:Title']).toBeUndefined();
    expect(xmp['XMP-xmp:CreatorTool']).toBe('Old tool');
  });

  it('keeps everything but the author of a LibreOffice report given only an author, as the page and an API client send it', async () => {
    const report = { name: 'report.pdf', content: libreOfficeReport() };
    const before = infoOf(report.content);
    expect(before).toMatchObject({ Title: 'Quarterly report', Subject: 'Figures', Keywords: 'finance, q3', Author: 'Old author', Creator: 'Writer' });
    expect(before.CreationDate).toMatch(/^\d{4}-/);
    const beforeXmp = pikepdfXmp(report.content);
    expect(beforeXmp).toMatchObject({ 'dc:title': 'Quarterly report', 'dc:description': 'Figures', 'pdf:Keywords': 'finance, q3', 'pdfaid:part': '2' });

    const res = await update({ author: 'Grace Hopper' }, report);
    expect(res.status).toBe(200);
    expect(infoOf(res.body)).toEqual({ ...before, Author: 'Grace Hopper' });
    const after = pikepdfXmp(res.body);
    const { 'xmp:MetadataDate': metadataDate, ...afterRest } = after;
    expect(metadataDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    const { 'xmp:MetadataDate': _, ...beforeRest } = beforeXmp;
    expect(afterRest).toEqual({ ...beforeRest, 'dc:creator': ['Grace Hopper'] });
    expect(structureOf(res.body).trailer['/Info']).toBeDefined();
    expect(exifOf(res.body)['PDF:Trapped']).toBeUndefined();
  }, 120_000);

  it('takes custom entries as numbered parts, bracketed parts or a JSON map; an empty value removes one', async () => {
    const numbered = await update({ title: 'T', customKey1: 'Room', customValue1: '12', customKey2: 'Dept', customValue2: '' });
    expect(infoOf(numbered.body)).toMatchObject({ Room: '12', 'Hash#41': 'kept' });
    expect(infoOf(numbered.body).Dept).toBeUndefined();
    expect(xmpTags(numbered.body)['XMP-pdfx:Dept']).toBeUndefined();

    const bracketed = await update({
      title: 'T',
      'allRequestParams[customKey1]': 'Room',
      'allRequestParams[customValue1]': '12',
      'allRequestParams[Floor]': '3',
    });
    expect(infoOf(bracketed.body)).toMatchObject({ Room: '12', Floor: '3' });

    // The reference's map holds every request parameter: the tool's own fields in it are skipped.
    const json = await update({ title: 'T', allRequestParams: JSON.stringify({ Floor: '3', title: 'Not this', Trapped: 'True', deleteAll: 'true' }) });
    expect(json.status).toBe(200);
    expect(infoOf(json.body)).toMatchObject({ Title: 'T', Floor: '3' });
    expect(exifOf(json.body)['PDF:Trapped']).toBeUndefined();
  });

  it('writes custom names a PDF name must escape (spaces, #, non-Latin letters) so readers get them back as typed', async () => {
    const res = await update({
      customKey1: 'Cost centre #7',
      customValue1: 'a',
      customKey2: 'Abteilung-Größe',
      customValue2: 'b',
      customKey3: 'A#41',
      customValue3: 'c',
    });
    expect(res.status).toBe(200);
    expect(infoOf(res.body)).toMatchObject({ 'Cost centre #7': 'a', 'Abteilung-Größe': 'b', 'A#41': 'c', 'Hash#41': 'kept' });
  });

  it('with deleteAll removes the dictionary, the XMP packet and PieceInfo, whatever else is sent', async () => {
    const res = await update({ deleteAll: true, title: 'Ignored', customKey1: 'Room', customValue1: '12' });
    expect(res.status).toBe(200);
    const info = infoOf(res.body);
    for (const key of ['Title', 'Author', 'Producer', 'CreationDate', 'Dept', 'Room']) expect(info[key]).toBeUndefined();
    const { trailer, catalog } = structureOf(res.body);
    expect(trailer['/Info']).toBeUndefined();
    expect(catalog['/Metadata']).toBeUndefined();
    expect(catalog['/PieceInfo']).toBeUndefined();
    expect(xmpTags(res.body)).toEqual({});
    expect(pageTexts(res.body)).toEqual(['doc page 1']);
  });

  it('gives a document without metadata a dictionary and a packet, custom entries included', async () => {
    const bare = { name: 'bare.pdf', content: await makePdf(2) };
    const res = await update({ title: 'Fresh', customKey1: 'Room', customValue1: 'North' }, bare);
    expect(res.status).toBe(200);
    expect(infoOf(res.body)).toMatchObject({ Title: 'Fresh', Room: 'North' });
    expect(xmpTags(res.body)).toMatchObject({ 'XMP-dc:Title': 'Fresh', 'XMP-pdfx:Room': 'North' });
    expect(xmpTags(res.body)['XMP-pdf:Trapped']).toBeUndefined();
    expect(pageTexts(res.body)).toEqual(['doc page 1', 'doc page 2']);
  });

  it('keeps the encryption of an owner-password-only document, as the reference’s read-only load does', async () => {
    const locked = { name: 'locked.pdf', content: encryptPdf(documentWithMetadata(), '') };
    const res = await update({ title: 'Still locked' }, locked);
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(true);
    expect(infoOf(res.body).Title).toBe('Still locked');
    expect(xmpTags(res.body)['XMP-dc:Title']).toBe('Still locked');
  });

  describe('refuses bad input with a 400 that says what is wrong', () => {
    it.each([
      ['creationDate', '02/01/2024 03:04:05', 'Creation date must be in the format yyyy/MM/dd HH:mm:ss.'],
      ['creationDate', '2024/02/30 10:00:00', 'Creation date must be in the format yyyy/MM/dd HH:mm:ss.'],
      ['modificationDate', 'yesterday', 'Modification date must be in the format yyyy/MM/dd HH:mm:ss.'],
      ['trapped', 'Maybe', 'Trapped must be True, False or Unknown.'],
    ])('%s = %s', async (field, value, message) => {
      const res = await update({ [field]: value });
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(message);
    });

    it.each([
      ['a NUL character', 'Bad\u0000Key', /control character/],
      ['a line break', 'Two\nLines', /control character/],
      ['more than 127 bytes', 'K'.repeat(128), /longer than 127 bytes/],
    ])('a custom key with %s', async (_, key, message) => {
      const res = await update({ customKey1: key, customValue1: 'x' });
      expect(res.status).toBe(400);
      expect(res.json.detail).toMatch(message);
    });

    it('a file that is not a PDF, a damaged PDF, a PDF that needs a password', async () => {
      const notPdf = await postTool(server, changeMetadataTool.endpoint, [{ name: 'notes.txt', content: Buffer.from('hello'), contentType: 'text/plain' }]);
      expect(notPdf.status).toBe(400);
      const damaged = await postTool(server, changeMetadataTool.endpoint, [{ name: 'x.pdf', content: CORRUPT_PDF }]);
      expect(damaged.status).toBe(400);
      const locked = await postTool(server, changeMetadataTool.endpoint, [{ name: 'x.pdf', content: encryptPdf(await makePdf(1), 'user') }]);
      expect(locked.status).toBe(400);
      expect(locked.json.type).toBe('/errors/pdf-password');
    });
  });
});
