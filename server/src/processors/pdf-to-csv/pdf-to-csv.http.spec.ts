import AdmZip from 'adm-zip';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { pdfToCsvTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

const PAGE: [number, number] = [595, 842];

/** A grid of drawn lines with `cells` written inside; `top` is the distance from the page's top edge. */
function drawRuledTable(page: PDFPage, font: PDFFont, cells: string[][], left: number, top: number, columnWidth = 140, rowHeight = 24): void {
  const height = page.getHeight();
  const rows = cells.length;
  const cols = cells[0].length;
  const y = (row: number) => height - top - row * rowHeight;
  const x = (col: number) => left + col * columnWidth;
  const black = rgb(0, 0, 0);
  for (let row = 0; row <= rows; row++) page.drawLine({ start: { x: x(0), y: y(row) }, end: { x: x(cols), y: y(row) }, thickness: 1, color: black });
  for (let col = 0; col <= cols; col++) page.drawLine({ start: { x: x(col), y: y(0) }, end: { x: x(col), y: y(rows) }, thickness: 1, color: black });
  cells.forEach((line, row) => line.forEach((text, col) => page.drawText(text, { x: x(col) + 6, y: y(row + 1) + 8, size: 10, font, color: black })));
}

/** Columns aligned by position only: no lines at all. */
function drawBorderlessTable(page: PDFPage, font: PDFFont, cells: string[][], top: number): void {
  cells.forEach((line, row) => line.forEach((text, col) => page.drawText(text, { x: 60 + col * 160, y: page.getHeight() - top - row * 18, size: 10, font })));
}

const RULED = [
  ['Name', 'City', 'Amount'],
  ['Smith, "Jr"', 'Leeds', '12.50'],
  ['Jones', 'York', '7'],
  ['Brown', 'Bath', '300'],
];

const BORDERLESS = [
  ['Item', 'Quantity', 'Price'],
  ['Apples', '3', '1.20'],
  ['Pears', '10', '4.00'],
  ['Plums', '7', '2.10'],
];

const PROSE = [
  'This page holds ordinary running text and nothing else. It talks about the weather,',
  'the price of bread and the state of the roads, in sentences that wrap from one line',
  'to the next the way prose does. There are no tables here, ruled or otherwise, and the',
  'converter should say so by answering with no content at all.',
];

async function buildPdf(draw: (doc: PDFDocument, font: PDFFont) => void): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  draw(doc, font);
  return Buffer.from(await doc.save());
}

const prosePage = (doc: PDFDocument, font: PDFFont) => {
  const page = doc.addPage(PAGE);
  PROSE.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 14, size: 10, font }));
  return page;
};

const csvOf = (rows: string[][]) => rows.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',') + '\r\n').join('');

describe('PDF to CSV (/api/v1/convert/pdf/csv)', () => {
  const server = useTestServer();

  const convert = (content: Buffer, fields: Record<string, string> = {}, name = 'report.pdf') =>
    postTool(server, pdfToCsvTool.endpoint, [{ name, content }], fields);

  it('answers one ruled table as CSV: every field quoted, quotes doubled, CRLF', async () => {
    const pdf = await buildPdf((doc, font) => {
      const page = prosePage(doc, font);
      drawRuledTable(page, font, RULED, 60, 200);
    });
    const res = await convert(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.fileName).toBe('report_extracted.csv');
    expect(res.body.toString('utf8')).toBe('"Name","City","Amount"\r\n"Smith, ""Jr""","Leeds","12.50"\r\n"Jones","York","7"\r\n"Brown","Bath","300"\r\n');
  });

  it('finds a borderless table whose columns line up', async () => {
    const pdf = await buildPdf((doc, font) => {
      const page = prosePage(doc, font);
      drawBorderlessTable(page, font, BORDERLESS, 300);
    });
    const res = await convert(pdf);
    expect(res.status).toBe(200);
    expect(res.body.toString('utf8')).toBe(csvOf(BORDERLESS));
  });

  it('answers 204 with no body for a page of prose', async () => {
    const pdf = await buildPdf((doc, font) => void prosePage(doc, font));
    const res = await convert(pdf);
    expect(res.status).toBe(204);
    expect(res.body.length).toBe(0);
  });

  it('scans page 1 only unless told otherwise, and zips several tables named by page and index', async () => {
    const pdf = await buildPdf((doc, font) => {
      const first = doc.addPage(PAGE);
      drawRuledTable(first, font, RULED, 60, 100);
      drawRuledTable(
        first,
        font,
        [
          ['a', 'b', 'c'],
          ['1', '2', '3'],
        ],
        60,
        400,
      );
      prosePage(doc, font);
      drawRuledTable(
        doc.addPage(PAGE),
        font,
        [
          ['x', 'y', 'z'],
          ['7', '8', '9'],
          ['4', '5', '6'],
        ],
        60,
        100,
      );
    });

    const all = await convert(pdf, { pageNumbers: 'all' });
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toBe('application/octet-stream');
    expect(all.fileName).toBe('report_extracted.zip');
    const entries = new AdmZip(all.body).getEntries();
    expect(entries.map((e) => e.entryName)).toEqual(['report_p1_t1.csv', 'report_p1_t2.csv', 'report_p3_t1.csv']);
    expect(entries[0].getData().toString('utf8')).toBe(csvOf(RULED));
    expect(entries[1].getData().toString('utf8')).toBe(
      csvOf([
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ]),
    );
    expect(entries[2].getData().toString('utf8')).toBe(
      csvOf([
        ['x', 'y', 'z'],
        ['7', '8', '9'],
        ['4', '5', '6'],
      ]),
    );

    // No pageNumbers: page 1 only (two tables there), as the reference.
    const defaultPages = await convert(pdf);
    expect(new AdmZip(defaultPages.body).getEntries().map((e) => e.entryName)).toEqual(['report_p1_t1.csv', 'report_p1_t2.csv']);

    const third = await convert(pdf, { pageNumbers: '3' });
    expect(third.fileName).toBe('report_extracted.csv');
    expect(third.body.toString('utf8')).toBe(
      csvOf([
        ['x', 'y', 'z'],
        ['7', '8', '9'],
        ['4', '5', '6'],
      ]),
    );

    // Only the prose page, or a page past the end: nothing found.
    expect((await convert(pdf, { pageNumbers: '2' })).status).toBe(204);
    expect((await convert(pdf, { pageNumbers: '9' })).status).toBe(204);
  });

  it('refuses a malformed page expression', async () => {
    const pdf = await buildPdf((doc, font) => void prosePage(doc, font));
    const res = await convert(pdf, { pageNumbers: 'none' });
    expect(res.status).toBe(400);
  });
});
