import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfToWordTool } from '@folio/registry';
import { handWrittenPdf } from '../../../test/support/hand-written-pdf';
import { deflatedZeros } from '../../../test/support/hostile-pdfs';
import { solidPng } from '../../../test/support/html-documents';
import { postTool } from '../../../test/support/http';
import { LAYOUT_TEXT, makeLayoutPdf, makeStyledSentencePdf } from '../../../test/support/layout-pdfs';
import { makePdf, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

interface WordParagraph {
  text: string;
  style?: string;
}

/** The body paragraphs of a DOCX, in order, with their style names. */
function docxParagraphs(docx: Buffer): WordParagraph[] {
  const xml = new AdmZip(docx).readAsText('word/document.xml');
  const paragraphs = xml.match(/<w:p[ >][\s\S]*?<\/w:p>|<w:p\/>/g) ?? [];
  return paragraphs.map((p) => ({
    text: [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
    style: /<w:pStyle w:val="([^"]+)"/.exec(p)?.[1],
  }));
}

const textsOf = (paragraphs: WordParagraph[]) => paragraphs.map((p) => p.text).filter((t) => t !== '');

/** A page that is only a picture of text: a text PDF rendered by pdftoppm, placed as a PNG. */
async function scannedPdf(lines: string[]): Promise<Buffer> {
  const textPdf = await PDFDocument.create();
  const font = await textPdf.embedFont(StandardFonts.Helvetica);
  const page = textPdf.addPage([612, 792]);
  lines.forEach((line, index) => page.drawText(line, { x: 72, y: 700 - index * 30, size: 20, font }));
  const bytes = await textPdf.save();
  const image = withTempDir((dir) => {
    writeFileSync(join(dir, 'text.pdf'), bytes);
    execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', join(dir, 'text.pdf'), join(dir, 'scan')]);
    return readFileSync(join(dir, 'scan.png'));
  });
  const scan = await PDFDocument.create();
  const picture = await scan.embedPng(image);
  scan.addPage([612, 792]).drawImage(picture, { x: 0, y: 0, width: 612, height: 792 });
  return Buffer.from(await scan.save());
}

describe('PDF to Word (/api/v1/convert/pdf/word)', () => {
  const server = useTestServer();
  let layoutPdf: Buffer;
  beforeAll(async () => {
    layoutPdf = await makeLayoutPdf();
  });

  const convert = (fields: Record<string, string | number | boolean>, pdf = layoutPdf, name = 'garden.pdf') =>
    postTool(server, pdfToWordTool.endpoint, [{ name, content: pdf }], fields);

  it('builds a DOCX with one Word paragraph per PDF paragraph, headings styled, in reading order', async () => {
    const res = await convert({});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('garden.docx');
    const paragraphs = docxParagraphs(res.body);
    const withText = paragraphs.filter((p) => p.text !== '');
    expect(withText.map((p) => p.text)).toEqual([
      LAYOUT_TEXT.title,
      LAYOUT_TEXT.subheading,
      LAYOUT_TEXT.firstParagraph,
      LAYOUT_TEXT.secondParagraphLines.join(' '),
      ...LAYOUT_TEXT.bullets,
      LAYOUT_TEXT.columnsHeading,
      LAYOUT_TEXT.leftColumnLines.join(' '),
      LAYOUT_TEXT.rightColumnLines.join(' '),
      LAYOUT_TEXT.boldHeading,
      LAYOUT_TEXT.thirdPageLines.join(' '),
      ...LAYOUT_TEXT.table.flat(),
    ]);
    expect(withText[0].style).toBe('Heading1');
    expect(withText[1].style).toBe('Heading2');
    expect(withText[2].style).toBeUndefined();
    // The bullets are a real list.
    expect(withText[4].style).toBe('ListParagraph');
    expect(withText.find((p) => p.text === LAYOUT_TEXT.boldHeading)?.style).toBe('Heading3');
    const xml = new AdmZip(res.body).readAsText('word/document.xml');
    expect(xml.match(/<w:tbl>/g)).toHaveLength(1);
    expect(xml.match(/<w:tr>/g)).toHaveLength(3);
    // The paragraph drawn as three PDF lines is one Word paragraph.
    expect(paragraphs.filter((p) => p.text.includes('compost'))).toHaveLength(1);
  });

  it('keeps bold and italic words as bold and italic runs', async () => {
    const pdf = await makeStyledSentencePdf([
      { text: 'Water the ' },
      { text: 'young seedlings', style: 'bold' },
      { text: ' every ' },
      { text: 'morning', style: 'italic' },
      { text: '.' },
    ]);
    const xml = new AdmZip((await convert({}, pdf)).body).readAsText('word/document.xml');
    const runs = [...xml.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map(([, run]) => ({
      text: /<w:t(?: [^>]*)?>([^<]*)<\/w:t>/.exec(run)?.[1],
      bold: run.includes('<w:b/>'),
      italic: run.includes('<w:i/>'),
    }));
    expect(runs).toEqual([
      { text: 'Water the ', bold: false, italic: false },
      { text: 'young seedlings', bold: true, italic: false },
      { text: ' every ', bold: false, italic: false },
      // Styles go by word, and Poppler's word takes in the full stop.
      { text: 'morning.', bold: false, italic: true },
    ]);
  });

  it('carries pictures over where they stood, at the size they were drawn', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText('Text above the picture.', { x: 72, y: 700, size: 12, font });
    page.drawImage(await doc.embedPng(solidPng(200, 100, [200, 30, 30])), { x: 72, y: 450, width: 300, height: 150 });
    page.drawText('Text below the picture.', { x: 72, y: 400, size: 12, font });
    const res = await convert({}, Buffer.from(await doc.save()));
    expect(res.status).toBe(200);

    const zip = new AdmZip(res.body);
    const media = zip.getEntries().filter((entry) => entry.entryName.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    const png = media[0].getData();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([200, 100]);
    const xml = zip.readAsText('word/document.xml');
    expect([...xml.matchAll(/Text above|<w:drawing>|Text below/g)].map((m) => m[0])).toEqual(['Text above', '<w:drawing>', 'Text below']);
    // 300 × 150 points = 400 × 200 pixels at 96 to the inch = 3 810 000 × 1 905 000 EMU.
    expect(xml).toMatch(/<wp:extent cx="3810000" cy="1905000"\/>/);
  });

  it('leaves out a picture too large to write out, and still converts the text', async () => {
    // 7 000 × 7 000 pixels (49 megapixels, over the 40 a picture may have) of RGB zeros, about 150 KB stored.
    const pixels = deflatedZeros(7000 * 3 * 1000, 7);
    const content = 'q 300 0 0 300 72 300 cm /Im1 Do Q BT /F1 12 Tf 72 700 Td (Text beside a huge picture.) Tj ET';
    const pdf = handWrittenPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> /XObject << /Im1 5 0 R >> >> /Contents 6 0 R >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width 7000 /Height 7000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
        ),
        pixels,
        Buffer.from('\nendstream'),
      ]),
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ]);
    const res = await convert({}, pdf);
    expect(res.status).toBe(200);
    const zip = new AdmZip(res.body);
    expect(zip.getEntries().filter((entry) => entry.entryName.startsWith('word/media/'))).toHaveLength(0);
    expect(textsOf(docxParagraphs(res.body))).toEqual(['Text beside a huge picture.']);
  });

  it('keeps each PDF page as a section of its size when preserving the layout, and flows without', async () => {
    const kept = new AdmZip((await convert({ preserveLayout: true })).body).readAsText('word/document.xml');
    expect(kept.match(/<w:sectPr/g)).toHaveLength(3);
    expect(kept).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
    expect(kept).toMatch(/<w:sz w:val="22"\/>/);
    const flowing = new AdmZip((await convert({ preserveLayout: false })).body).readAsText('word/document.xml');
    expect(flowing.match(/<w:sectPr/g)).toHaveLength(1);
    expect(flowing).not.toMatch(/<w:sz w:val="22"\/>/);
  });

  it('gives a landscape page a landscape section', async () => {
    const wide = await makePdf(1, { label: 'wide', size: [842, 595] });
    const xml = new AdmZip((await convert({}, wide)).body).readAsText('word/document.xml');
    expect(xml).toMatch(/<w:pgSz w:w="16840" w:h="11900" w:orient="landscape"\/>/);
  });

  it('converts only the custom page range', async () => {
    const res = await convert({ pageRange: 'custom', startPage: 2, endPage: 3 });
    expect(res.status).toBe(200);
    const texts = textsOf(docxParagraphs(res.body));
    expect(texts[0]).toBe(LAYOUT_TEXT.columnsHeading);
    expect(texts.join(' ')).toContain('Zucchini');
    expect(texts.join(' ')).not.toContain('tomatoes');
  });

  it.each([
    [{ pageRange: 'custom', startPage: 2 }, 'Please specify start and end pages for custom range.'],
    [{ pageRange: 'custom', startPage: 3, endPage: 2 }, 'Please enter a valid page range.'],
    [{ pageRange: 'custom', startPage: 4, endPage: 5 }, 'out of range'],
    [{ outputFormat: 'pdf' }, 'docx, doc or odt'],
  ])('refuses %p', async (fields, message) => {
    const res = await convert(fields);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
  });

  it('writes ODT and DOC through LibreOffice with the text', async () => {
    const odt = await convert({ outputFormat: 'odt' });
    expect(odt.status).toBe(200);
    expect(odt.fileName).toBe('garden.odt');
    const zip = new AdmZip(odt.body);
    expect(zip.readAsText('mimetype')).toBe('application/vnd.oasis.opendocument.text');
    const content = zip.readAsText('content.xml');
    expect(content).toContain('for example the yield doubled');
    expect(content).toContain(LAYOUT_TEXT.bullets[2]);

    const doc = await convert({ outputFormat: 'DOC' });
    expect(doc.status).toBe(200);
    expect(doc.fileName).toBe('garden.doc');
    expect(doc.body.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
    const bytes = doc.body.toString('latin1') + doc.body.toString('utf16le') + doc.body.subarray(1).toString('utf16le');
    expect(bytes).toContain('for example the yield doubled');
  });

  it('recognises the text of a scanned page when recognizeText is on', async () => {
    const scan = await scannedPdf(['Elephant wandering quietly', 'through the Marmalade forest', 'beside a Xylophone']);
    const recognised = textsOf(docxParagraphs((await convert({ recognizeText: true }, scan)).body))
      .join(' ')
      .toLowerCase();
    const found = ['elephant', 'marmalade', 'xylophone'].filter((word) => recognised.includes(word));
    expect(found.length).toBeGreaterThanOrEqual(2);
    const skipped = textsOf(docxParagraphs((await convert({ recognizeText: false }, scan)).body));
    expect(skipped).toEqual([]);
  });

  it('leaves pages with a text layer alone when recognizeText is on', async () => {
    const res = await convert({ recognizeText: true }, await makePdf(2, { label: 'typed' }));
    expect(textsOf(docxParagraphs(res.body))).toEqual(['typed page 1', 'typed page 2']);
  });
});
