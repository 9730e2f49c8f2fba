import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { fileToPdfTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, pageCount, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

const WRONG_TYPE = 'Unsupported file type. Please upload a supported file.';
const NOT_CONVERTIBLE = 'The file could not be converted: it is damaged or not a supported document.';

/** A small RGB PNG: a black square on white, made by hand (no image library needed). */
function makePng(size: number): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3, 255);
    row[0] = 0;
    for (let x = 0; x < size; x++) if (x > size / 4 && x < (3 * size) / 4 && y > size / 4 && y < (3 * size) / 4) row.fill(0, 1 + x * 3, 4 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Number of images on the PDF's pages, via Poppler's pdfimages. */
function imageCount(pdf: Buffer): number {
  const listing = execFileSync('pdfimages', ['-list', '-'], { input: pdf }).toString();
  return listing.trim().split('\n').length - 2;
}

describe('Convert File to PDF (/api/v1/convert/file/pdf)', () => {
  const server = useTestServer();

  const convert = (name: string, content: Buffer, contentType = 'application/octet-stream') =>
    postTool(server, fileToPdfTool.endpoint, [{ name, content, contentType }]);

  it('converts a three-page DOCX, keeping its pages and text', async () => {
    const docx = await officeFixture(flatOdt(['First page text', 'Second page text', 'Third page text']), '.fodt', 'MS Word 2007 XML', '.docx');
    const res = await convert('report.docx', docx);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('report_convertedToPDF.pdf');
    expect(pageCount(res.body)).toBe(3);
    expect(pageTexts(res.body)).toEqual(['First page text', 'Second page text', 'Third page text']);
  });

  it('converts an ODT', async () => {
    const odt = await officeFixture(flatOdt(['Open document one', 'Open document two']), '.fodt', 'writer8', '.odt');
    const res = await convert('letter.odt', odt);
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(['Open document one', 'Open document two']);
  });

  it('converts an XLSX spreadsheet with its cells', async () => {
    const xlsx = await officeFixture('Item,Amount\nApples,12\nPears,34\n', '.csv', 'Calc MS Excel 2007 XML', '.xlsx');
    const res = await convert('sheet.xlsx', xlsx);
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBe(1);
    const text = pageTexts(res.body)[0];
    for (const cell of ['Item', 'Amount', 'Apples', '12', 'Pears', '34']) expect(text).toContain(cell);
  });

  it('converts a PPTX, one page per slide', async () => {
    const slides = await makePdf(2, { label: 'Slide deck' });
    const pptx = await officeFixture(slides, '.pdf', 'Impress MS PowerPoint 2007 XML', '.pptx', 'impress_pdf_import');
    const res = await convert('deck.pptx', pptx);
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBe(2);
    expect(pageTexts(res.body)).toEqual(['Slide deck page 1', 'Slide deck page 2']);
  });

  it('converts plain text (.txt and .TEXT, any case)', async () => {
    for (const name of ['notes.txt', 'NOTES.TEXT']) {
      const res = await convert(name, Buffer.from('Plain text line one\nPlain text line two\n'));
      expect(res.status).toBe(200);
      expect(pageTexts(res.body)[0]).toContain('Plain text line one');
    }
  });

  it('converts a PNG image into a PDF holding that image', async () => {
    const res = await convert('picture.png', makePng(64));
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBe(1);
    expect(imageCount(res.body)).toBeGreaterThanOrEqual(1);
  });

  it('converts PostScript through Ghostscript', async () => {
    const ps =
      '%!PS\n/Helvetica findfont 24 scalefont setfont\n72 700 moveto (PostScript page one) show showpage\n72 700 moveto (PostScript page two) show showpage\n';
    const res = await convert('drawing.ps', Buffer.from(ps));
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(['PostScript page one', 'PostScript page two']);
  });

  it('PostScript cannot read local files (-dSAFER)', async () => {
    const ps = '%!PS\n/Helvetica findfont 12 scalefont setfont\n72 700 moveto (/etc/passwd) (r) file 100 string readstring pop show showpage\n';
    const res = await convert('sneaky.ps', Buffer.from(ps));
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(NOT_CONVERTIBLE);
  });

  it('renders an SVG', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><text x="10" y="50" font-size="20">Vector words</text></svg>';
    const res = await convert('shape.svg', Buffer.from(svg));
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)[0]).toContain('Vector words');
  });

  it('renders HTML without fetching anything', async () => {
    const html = '<html><body><h1>Page heading</h1><img src="http://169.254.169.254/latest/meta-data/"></body></html>';
    const res = await convert('page.html', Buffer.from(html));
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)[0]).toContain('Page heading');
  });

  it('passes a PDF through, decrypted when only an owner password protects it', async () => {
    const res = await convert('already.pdf', encryptPdf(await makePdf(2), ''), 'application/pdf');
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    expect(pageCount(res.body)).toBe(2);
  });

  it('refuses a damaged PDF with 400', async () => {
    const res = await convert('broken.pdf', CORRUPT_PDF, 'application/pdf');
    expect(res.status).toBe(400);
  });

  it.each(['program.exe', 'archive.zip', 'noextension'])('refuses %p with the spec message', async (name) => {
    const res = await convert(name, Buffer.from('whatever'));
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(WRONG_TYPE);
  });

  it('refuses a damaged DOCX with 400 and a clear message', async () => {
    const res = await convert('broken.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(3000, 9)]));
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(NOT_CONVERTIBLE);
  });
});
