import { getInfoTool, showJavascriptTool } from '@folio/registry';
import { objectsOf, plainText, read } from '../../../test/support/active-content-pdfs';
import { showEncryption } from '../../../test/support/encryption-report';
import { lockedFormPdf, qpdfForm } from '../../../test/support/form-pdfs';
import { postTool } from '../../../test/support/http';
import { infoPdf } from './info-pdfs.fixtures';
import { CORRUPT_PDF, encryptPdf, makePdf, outlineTitles, pageTexts } from '../../../test/support/pdfs';
import { writePdf } from '../../../test/support/pdf-writer';
import { scriptsEverywherePdf } from '../../../test/support/script-pdfs';
import { useTestServer } from '../../../test/support/test-server';

/** An ISO date as pdfinfo -isodates writes it, as "yyyy-MM-dd HH:mm:ss" in this process's (the server's) time zone. */
function localDate(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** pdfinfo's "Key: value" lines. */
function pdfinfo(pdf: Buffer, ...args: string[]): Record<string, string> {
  const text = read(pdf, 'pdfinfo', (f) => [...args, f]);
  return Object.fromEntries([...text.matchAll(/^([^:\n]+):\s*(.*)$/gm)].map((m) => [m[1].trim(), m[2].trim()]));
}

/** pdfinfo -box's boxes of one page, as four numbers each. */
function popplerBoxes(pdf: Buffer, page: number): Record<string, number[]> {
  const text = read(pdf, 'pdfinfo', (f) => ['-box', '-f', String(page), '-l', String(page), f]);
  return Object.fromEntries([...text.matchAll(/^Page\s+\d+ (\w+Box):\s+(.*)$/gm)].map((m) => [m[1], m[2].trim().split(/\s+/).map(Number)]));
}

/** "[x1,y1,x2,y2]" as numbers rounded as pdfinfo prints them. */
const boxNumbers = (text: string) =>
  text
    .slice(1, -1)
    .split(',')
    .map((n) => Math.round(Number(n) * 100) / 100);

/** pdffonts' rows for one page: name, type, embedded. */
function popplerFonts(pdf: Buffer, page: number): { name: string; type: string; embedded: boolean }[] {
  const text = read(pdf, 'pdffonts', (f) => ['-f', String(page), '-l', String(page), f]);
  return text
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const m = /^(\S+)\s+(.+?)\s{2,}\S+\s+(yes|no)\s/.exec(line)!;
      return { name: m[1], type: m[2].trim(), embedded: m[3] === 'yes' };
    });
}

/** pdfimages -list rows: page, width, height, colour, bits, object. */
function popplerImages(pdf: Buffer): { page: number; width: number; height: number; color: string; bpc: number; object: number }[] {
  return [...read(pdf, 'pdfimages', (f) => ['-list', f]).matchAll(/^\s*(\d+)\s+\d+\s+\w+\s+(\d+)\s+(\d+)\s+(\w+)\s+\d+\s+(\d+)\s+\w+\s+\w+\s+(\d+)/gm)].map(
    (m) => ({
      page: Number(m[1]),
      width: Number(m[2]),
      height: Number(m[3]),
      color: m[4],
      bpc: Number(m[5]),
      object: Number(m[6]),
    }),
  );
}

describe('Get All Info on PDF (/api/v1/security/get-info-on-pdf)', () => {
  const server = useTestServer();
  const getInfo = (content: Buffer, name = 'report.pdf') => postTool(server, getInfoTool.endpoint, [{ name, content }]);
  let pdf: Buffer;
  let info: any;
  beforeAll(async () => {
    pdf = infoPdf();
    const res = await getInfo(pdf);
    expect(res.status).toBe(200);
    info = res.json;
  });

  it('answers pretty-printed JSON named response.json, its sections in the reference’s order', async () => {
    const res = await getInfo(pdf);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.fileName).toBe('response.json');
    expect(res.body.toString('utf8')).toMatch(/^\{\n {2}"Metadata": \{\n {4}"Title": /);
    expect(Object.keys(res.json)).toEqual([
      'Metadata',
      'BasicInfo',
      'DocumentInfo',
      'Compliancy',
      'Encryption',
      'Permissions',
      'FormFields',
      'Other',
      'PerPageInfo',
      'SummaryData',
    ]);
  });

  it('reports the Info dictionary as pdfinfo reads it, dates in the server’s time zone', () => {
    const poppler = pdfinfo(pdf, '-isodates', '-custom');
    expect(info.Metadata).toEqual({
      Title: poppler.Title,
      Author: poppler.Author,
      Subject: poppler.Subject,
      Keywords: poppler.Keywords,
      Producer: poppler.Producer,
      Creator: poppler.Creator,
      CreationDate: localDate(poppler.CreationDate),
      ModificationDate: localDate(poppler.ModDate),
      Department: poppler.Department,
    });
    expect(info.Metadata.Title).toBe('Annual report');
  });

  it('counts pages, words, lines, characters and images as Poppler sees them', () => {
    const text = read(pdf, 'pdftotext', (f) => ['-raw', '-enc', 'UTF-8', f, '-']);
    const images = popplerImages(pdf);
    expect(info.BasicInfo).toEqual({
      FileSizeInBytes: pdf.length,
      WordCount: text.split(/\s+/).filter(Boolean).length,
      ParagraphCount: text.split(/[\n\f]/).filter((line) => line.trim() !== '').length,
      CharacterCount: text.replace(/\f/g, '').length,
      Language: 'en-GB',
      'Number of pages': Number(pdfinfo(pdf).Pages),
      TotalImages: images.length,
      UniqueImages: new Set(images.map((image) => image.object)).size,
    });
    expect(info.BasicInfo).toMatchObject({ WordCount: 11, 'Number of pages': 3, TotalImages: 3, UniqueImages: 2 });
  });

  it('reports the version (the catalog’s /Version over the header’s), /Trapped and the page mode', () => {
    const { catalog } = objectsOf(pdf);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(catalog['/Version']).toBe('/2.0');
    expect(info.DocumentInfo).toEqual({ 'PDF version': 2, Trapped: 'False', 'Page Mode': 'USE_OUTLINES' });
  });

  it('reports the standards the XMP metadata claims, and says they were not validated', () => {
    expect(read(pdf, 'pdfinfo', (f) => ['-meta', f])).toMatch(/pdfaid:part="2" pdfaid:conformance="B".*<pdfuaid:part>1</);
    expect(info.Compliancy).toMatchObject({
      'IsPDF/ACompliant': true,
      'IsPDF/UACompliant': true,
      'IsPDF/ECompliant': false,
      'IsPDF/VTCompliant': false,
      'IsPDF/BCompliant': true,
      'PDF/AConformanceLevel': '2b',
      'IsPDF/SECCompliant': false,
      'IsPDF/XCompliant': false,
      ClaimedStandards: ['PDF/A-2B', 'PDF/UA-1'],
    });
    expect(info.Compliancy.ComplianceBasis).toMatch(/not validated/);
    expect(info.SummaryData).toEqual({
      Compliance: [
        { Standard: 'PDF/A-2B', Compliant: true, Summary: expect.stringMatching(/pdfaid:part 2.*not validated/) },
        { Standard: 'PDF/UA-1', Compliant: true, Summary: expect.stringMatching(/pdfuaid:part 1.*not validated/) },
      ],
    });
  });

  it('reports an unencrypted file with every permission', () => {
    expect(info.Encryption).toEqual({ IsEncrypted: false });
    expect(Object.values(info.Permissions)).toEqual(Array(7).fill('Allowed'));
  });

  it('lists every form field by its full name with its value as text, as qpdf reads the form', () => {
    const fields = qpdfForm(pdf).fields;
    expect(Object.keys(info.FormFields)).toEqual(fields.map((f) => f.fullname));
    expect(info.FormFields).toEqual({ name: 'Asha Rao', agree: 'Yes', 'group.child': 'inner value', approval: 'Signed' });
  });

  it('lists attached files, attachment annotations, scripts, layers, bookmarks and signatures', () => {
    expect(read(pdf, 'pdfdetach', (f) => ['-list', f])).toMatch(/2 embedded files\n1: data.csv\n2: figures.txt/);
    expect(info.Other.EmbeddedFiles).toEqual([
      { Name: 'data.csv', FileSize: 11, MimeType: 'text/csv', CreationDate: localDate('2024-01-02T03:04:05Z'), ModificationDate: null },
    ]);
    expect(info.Other.Attachments).toEqual([{ Name: 'figures.txt', Description: 'Source figures', FileSize: 'figures for 2024'.length }]);
    expect(info.Other.JavaScript).toEqual([{ 'JS Name': 'init', 'JS Script Length': "app.alert('hi');".length }]);
    expect(info.Other.Layers).toEqual([{ Name: 'Watermark' }, { Name: 'Notes' }]);
    expect(info.Other['Bookmarks/Outline/TOC']).toEqual(outlineTitles(pdf).map(({ title }) => ({ Title: title })));
    expect(read(pdf, 'pdfsig', (f) => [f])).toMatch(/Signature Field Name: approval[\s\S]*Signing Time: Jan 06 2025 04:30:00[\s\S]*Not total document signed/);
    expect(info.Other.Signatures).toEqual([
      {
        Field: 'approval',
        SignerName: 'Asha Rao',
        SigningTime: localDate('2025-01-06T04:30:00Z'),
        Reason: 'Approval',
        Location: 'Pune',
        SubFilter: 'adbe.pkcs7.detached',
        CoversWholeDocument: false,
      },
    ]);
    expect(info.Other.XMPMetadata).toBe(read(pdf, 'pdfinfo', (f) => ['-meta', f]).trim());
    expect(info.Other.StructureTree).toEqual([{ Type: 'Document', Content: '', Children: [{ Type: 'P', Content: 'Annual report 2024' }] }]);
  });

  it('gives each page its size, rotation, orientation and boxes as pdfinfo reads them', () => {
    const rotations = [...read(pdf, 'pdfinfo', (f) => ['-f', '1', '-l', '3', f]).matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => Number(m[1]));
    expect(Object.keys(info.PerPageInfo)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    for (const [index, key] of ['Page 1', 'Page 2', 'Page 3'].entries()) {
      const page = info.PerPageInfo[key];
      const boxes = popplerBoxes(pdf, index + 1);
      for (const box of ['MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox']) expect(boxNumbers(page[box])).toEqual(boxes[box]);
      expect(page.Rotation).toBe(rotations[index]);
      const [, , width, height] = boxes.MediaBox;
      expect(page.Size['Width (px)']).toBe(width.toFixed(2));
      expect(page.Size['Height (px)']).toBe(height.toFixed(2));
    }
    expect(info.PerPageInfo['Page 1'].Size).toEqual({
      'Width (px)': '595.28',
      'Height (px)': '841.89',
      'Width (in)': '8.27',
      'Height (in)': '11.69',
      'Width (cm)': '21.00',
      'Height (cm)': '29.70',
      'Standard Page': 'A4',
    });
    expect(info.PerPageInfo['Page 1'].MediaBox).toBe('[0.0,0.0,595.2756,841.8898]');
    expect(info.PerPageInfo['Page 2']['Page Orientation']).toBe('Landscape');
    expect(info.PerPageInfo['Page 3']['Page Orientation']).toBe('Square');
  });

  it('gives each page its fonts as pdffonts lists them, alike ones counted together', () => {
    for (const [index, key] of ['Page 1', 'Page 2', 'Page 3'].entries()) {
      const poppler = popplerFonts(pdf, index + 1);
      const fonts = info.PerPageInfo[key].Fonts;
      // pdffonts lists the fonts a page uses; page 3 uses none of those it inherits.
      for (const font of poppler) expect(fonts).toContainEqual(expect.objectContaining({ Name: font.name, IsEmbedded: font.embedded }));
    }
    expect(info.PerPageInfo['Page 1'].Fonts).toEqual([
      expect.objectContaining({ Name: 'Helvetica', Subtype: 'Type1', IsEmbedded: false, IsNonsymbolic: true, FontFamily: 'Helvetica', Count: 2 }),
    ]);
    expect(info.PerPageInfo['Page 2'].Fonts).toEqual([
      {
        IsEmbedded: true,
        Name: 'DejaVuSansMono',
        Subtype: 'TrueType',
        ItalicAngle: 0,
        IsItalic: false,
        IsBold: false,
        IsFixedPitch: true,
        IsSerif: false,
        IsSymbolic: false,
        IsScript: false,
        IsNonsymbolic: true,
        FontFamily: 'DejaVu Sans Mono',
        FontWeight: 400,
        Count: 1,
      },
    ]);
    expect(info.PerPageInfo['Page 3'].Fonts).toEqual([expect.objectContaining({ Name: 'Helvetica', Count: 1 })]);
  });

  it('gives each page its images as pdfimages lists them, its links, annotations, text and rich media', () => {
    const images = popplerImages(pdf);
    const colour: Record<string, string> = { gray: 'DeviceGray', index: 'Indexed', rgb: 'DeviceRGB' };
    for (const [index, key] of ['Page 1', 'Page 2', 'Page 3'].entries()) {
      const expected = images
        .filter((image) => image.page === index + 1)
        .map((image) => ({ Width: image.width, Height: image.height, ColorSpace: colour[image.color], BitsPerComponent: image.bpc }));
      expect(info.PerPageInfo[key].Images).toEqual(expected);
      expect(info.PerPageInfo[key]['Text Characters Count']).toBe(
        read(pdf, 'pdftotext', (f) => ['-raw', '-enc', 'UTF-8', '-f', String(index + 1), '-l', String(index + 1), f, '-']).replace(/\f/g, '').length,
      );
    }
    const page1 = info.PerPageInfo['Page 1'];
    const uris = objectsOf(pdf)
      .annotations.map((a: any) => a['/A']?.['/URI'])
      .filter(Boolean)
      .map((uri: string) => uri.slice(2));
    expect(page1.Links).toEqual([...new Set(uris)].map((uri) => ({ URI: uri })));
    expect(page1.Links).toHaveLength(2);
    expect(page1.Annotations).toEqual({ AnnotationsCount: 6, SubtypeCount: 6, ContentsCount: 3 });
    expect(page1.XObjectCounts).toEqual({ Image: 2 });
    expect(page1.Multimedia).toEqual([{ Subtype: 'RichMedia', Contents: 'A video' }]);
    expect(pageTexts(pdf)[0]).toContain('Annual report 2024');
  });

  it('describes a file protected by an owner password as it is: its encryption and the permissions it withholds', async () => {
    const locked = Buffer.from(
      read(pdf, 'qpdf', (f) => ['--encrypt', '', 'owner-secret', '256', '--print=none', '--modify=none', '--extract=n', '--', f, '-']),
      'latin1',
    );
    const qpdf = showEncryption(locked);
    const res = await getInfo(locked);
    expect(res.status).toBe(200);
    expect(res.json.Encryption).toEqual({ IsEncrypted: true, EncryptionAlgorithm: 'Standard', KeyLength: 256, Version: 5, Revision: qpdf.revision });
    const allowed = (yes: boolean) => (yes ? 'Allowed' : 'Not Allowed');
    expect(res.json.Permissions).toEqual({
      'Document Assembly': allowed(qpdf.capabilities['modify document assembly']),
      'Extracting Content': allowed(qpdf.capabilities['extract for any purpose']),
      'Extracting for accessibility': allowed(qpdf.capabilities['extract for accessibility']),
      'Form Filling': allowed(qpdf.capabilities['modify forms']),
      Modifying: allowed(qpdf.capabilities['modify other']),
      'Modifying annotations': allowed(qpdf.capabilities['modify annotations']),
      Printing: allowed(qpdf.capabilities['print low resolution']),
    });
    expect(res.json.SummaryData).toMatchObject({
      encrypted: true,
      restrictedPermissions: ['document assembly', 'content extraction', 'form filling', 'modification', 'annotation modification', 'printing'],
      restrictedPermissionsCount: 6,
    });
    // Encrypted strings are read decrypted.
    expect(res.json.Metadata.Title).toBe('Annual report');
    expect(res.json.BasicInfo.WordCount).toBe(info.BasicInfo.WordCount);
  });

  it('lists every script Show Javascript shows, under the same names, the open action’s app.launchURL included', async () => {
    const scripted = scriptsEverywherePdf();
    const [res, shown] = await Promise.all([getInfo(scripted), postTool(server, showJavascriptTool.endpoint, [{ name: 'report.pdf', content: scripted }])]);
    expect(res.status).toBe(200);
    const listed = res.json.Other.JavaScript as { 'JS Name': string; 'JS Script Length': number }[];
    const sections = shown.body
      .toString('utf8')
      .split(/^\/\/ File: report\.pdf, Script: /m)
      .slice(1)
      .map((part) => ({ name: part.slice(0, part.indexOf('\n')), code: part.slice(part.indexOf('\n') + 1, -1) }));
    // Read independently: every /JS string qpdf finds in the fully decompressed file.
    const inFile = [...plainText(scripted).matchAll(/\/JS \(((?:\\.|[^\\)])*)\)/g)].map((m) => m[1].replace(/\\(.)/g, '$1')).sort();
    expect(inFile).toHaveLength(10);
    expect(inFile).toContain("app.launchURL('https://tracker.example/open', true);");
    expect(sections.map((s) => s.code).sort()).toEqual(inFile);
    expect(listed).toEqual(sections.map((s) => ({ 'JS Name': s.name, 'JS Script Length': s.code.length })));
    expect(listed.map((s) => s['JS Name'])).toContain('Document, on open (/OpenAction)');
  });

  it('describes a plain document with nothing to report as empty sections, without SummaryData', async () => {
    const res = await getInfo(await makePdf(2));
    expect(res.status).toBe(200);
    const plain = res.json;
    expect(plain.SummaryData).toBeUndefined();
    expect(plain.FormFields).toEqual({});
    expect(plain.Other).toEqual({
      EmbeddedFiles: [],
      Attachments: [],
      JavaScript: [],
      Layers: [],
      'Bookmarks/Outline/TOC': [],
      Signatures: [],
      XMPMetadata: null,
    });
    expect(plain.Compliancy).toMatchObject({ 'IsPDF/ACompliant': false, 'IsPDF/BCompliant': false, 'IsPDF/SECCompliant': true, ClaimedStandards: [] });
    expect(plain.Compliancy['PDF/AConformanceLevel']).toBeUndefined();
    expect(plain.BasicInfo).toMatchObject({ WordCount: 6, 'Number of pages': 2, TotalImages: 0, UniqueImages: 0 });
    expect(plain.BasicInfo.Language).toBeUndefined();
  });

  it('reads a hostile XMP packet in one pass: an unclosed element before a long run of spaces', async () => {
    const xmp = Buffer.from(`<x:xmpmeta><rdf:Description><pdfaid:part>${' '.repeat(300_000)}2`, 'latin1');
    const hostile = writePdf([
      '<< /Type /Catalog /Pages 2 0 R /Metadata 4 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
      Buffer.concat([Buffer.from(`<< /Type /Metadata /Subtype /XML /Length ${xmp.length} >>\nstream\n`, 'latin1'), xmp, Buffer.from('\nendstream', 'latin1')]),
    ]);
    const res = await getInfo(hostile);
    expect(res.status).toBe(200);
    expect(res.json.Compliancy.ClaimedStandards).toEqual([]);
  });

  it('reports the read-only fields of a form by their values', async () => {
    const res = await getInfo(lockedFormPdf());
    expect(res.json.FormFields).toEqual({
      name: 'Asha Rao',
      'address.street': '1 Main Road',
      'address.city': 'Pune',
      agree: 'Yes',
      country: 'Kenya',
      approval: '',
    });
  });

  it('describes a 1000-page document in seconds, every page listed', async () => {
    const big = await makePdf(1000);
    const started = Date.now();
    const res = await getInfo(big, 'big.pdf');
    const seconds = (Date.now() - started) / 1000;
    expect(res.status).toBe(200);
    expect(res.json.BasicInfo['Number of pages']).toBe(1000);
    expect(Object.keys(res.json.PerPageInfo)).toHaveLength(1000);
    expect(res.json.PerPageInfo['Page 1000']['Text Characters Count']).toBe('doc page 1000\n'.length);
    expect(seconds).toBeLessThan(30);
  }, 60_000);

  it('refuses what is not a readable PDF with 400, not the reference’s 200 with an error JSON', async () => {
    const damaged = await getInfo(CORRUPT_PDF);
    expect(damaged.status).toBe(400);
    expect(damaged.json.errorCode).toBe('E001');
    const locked = await getInfo(encryptPdf(await makePdf(1), 'user-secret'));
    expect(locked.status).toBe(400);
    expect(locked.json.errorCode).toBe('E004');
    const text = await postTool(server, getInfoTool.endpoint, [{ name: 'notes.pdf', content: Buffer.from('just some text'), contentType: 'text/plain' }]);
    expect(text.status).toBe(400);
    const empty = await getInfo(Buffer.alloc(0));
    expect(empty.status).toBe(400);
  });
});
