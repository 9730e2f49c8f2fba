import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { htmlToPdfTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { FODT_NAMESPACES, officeFixture } from '../../../test/support/office-fixtures';
import { withTempDir } from '../../../test/support/pdfs';
import { textPdf } from '../../../test/support/scanned-pdfs';
import type { TestServer } from '../../../test/support/test-server';
import type { Raster } from '../../../test/support/html-documents';

/** Pairs of documents other programs made, with differences planted where the tests know them. */

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Writer document, one entry of `pages` per page (a page break before each next one), each a list of paragraphs; PDF by LibreOffice. */
export function officeDocument(pages: readonly (readonly string[])[]): Promise<Buffer> {
  const body = pages
    .map((paragraphs, page) =>
      paragraphs.map((text, i) => `<text:p text:style-name="${page > 0 && i === 0 ? 'PageBreak' : 'Standard'}">${escapeXml(text)}</text:p>`).join(''),
    )
    .join('');
  const fodt = `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${FODT_NAMESPACES} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:automatic-styles><style:style style:name="PageBreak" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles>
<office:body><office:text>${body}</office:text></office:body>
</office:document>
`;
  return officeFixture(fodt, '.fodt', 'writer_pdf_Export', '.pdf');
}

/** The minutes both versions share, page by page; the changed version differs as PLANTED says. */
export const MINUTES = [
  [
    'The harbour committee met on Tuesday to review the annual budget.',
    'Members agreed that the lighthouse needs a new lamp before winter.',
    'A long discussion followed about parking fees near the ferry terminal.',
    'Everyone present signed the attendance sheet.',
  ],
  [
    'The treasurer reported a surplus of four thousand pounds.',
    'Volunteers will repaint the railings along the eastern pier in spring.',
    'The meeting closed with thanks to the outgoing chair.',
  ],
] as const;

/** What the changed minutes differ by: one word changed (page 1), a paragraph deleted (page 1), a sentence inserted (page 2). */
export const PLANTED = {
  changedWord: { before: 'new', after: 'brighter', page: 1 },
  deletedParagraph: { text: MINUTES[0][2], page: 1 },
  insertedSentence: { text: 'Fresh gravel is ordered for the slipway.', page: 2 },
};

export function changedMinutes(): string[][] {
  return [
    [MINUTES[0][0], MINUTES[0][1].replace(' new ', ` ${PLANTED.changedWord.after} `), MINUTES[0][3]],
    [MINUTES[1][0], `${MINUTES[1][1]} ${PLANTED.insertedSentence.text}`, MINUTES[1][2]],
  ];
}

/** One letter as HTML, the same text printed by Chromium (our HTML to PDF) and by LibreOffice (its HTML import). */
const LETTER = `<!doctype html><html><head><meta charset="utf-8"><title>Letter</title></head><body>
<h1>Annual letter</h1>
<p>Dear members, the garden club had a quiet year with a good harvest of apples and pears.</p>
<p>Our thanks go to everyone who watered the beds during the dry weeks of July.</p>
<p>The next meeting will be held in the village hall on the first Monday of March.</p>
</body></html>`;

export async function letterByChromium(server: TestServer): Promise<Buffer> {
  const res = await postTool(server, htmlToPdfTool.endpoint, [{ name: 'letter.html', content: Buffer.from(LETTER), contentType: 'text/html' }]);
  if (res.status !== 200) throw new Error(`HTML to PDF answered ${res.status}: ${res.body.toString('utf8')}`);
  return res.body;
}

export function letterByLibreOffice(): Promise<Buffer> {
  return officeFixture(LETTER, '.html', 'writer_pdf_Export', '.pdf', 'HTML (StarWriter)');
}

/** Two columns of a report (reportlab), the right one's third line reading `word`; page 612 × 792. */
export function twoColumnReport(word: string): Buffer {
  const script = `
import sys
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1], pagesize=(612, 792))
c.setFont("Helvetica-Bold", 16)
c.drawString(72, 740, "Quarterly report")
c.setFont("Helvetica", 11)
left = ["Sales rose in the north", "while the south held", "steady through the year", "and costs fell slightly."]
right = ["Staff numbers grew by", "twelve people in total", "with ${word} hires in", "the design office."]
for i, line in enumerate(left):
    c.drawString(72, 700 - i * 14, line)
for i, line in enumerate(right):
    c.drawString(320, 700 - i * 14, line)
c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    const output = join(dir, 'report.pdf');
    execFileSync('/usr/bin/python3', ['-c', script, output]);
    return readFileSync(output);
  });
}

/** A mark added to a scan, in the scan's pixels at SCAN_DPI and in points from the page's top-left. */
export const SCAN_DPI = 100;
export const SCAN_MARK_PIXELS = { left: 300, top: 200, right: 340, bottom: 230 };
export const SCAN_MARK = {
  x: (SCAN_MARK_PIXELS.left * 72) / SCAN_DPI,
  y: (SCAN_MARK_PIXELS.top * 72) / SCAN_DPI,
  width: ((SCAN_MARK_PIXELS.right - SCAN_MARK_PIXELS.left) * 72) / SCAN_DPI,
  height: ((SCAN_MARK_PIXELS.bottom - SCAN_MARK_PIXELS.top) * 72) / SCAN_DPI,
};

/**
 * A one-page scan (a page of text drawn by pdftoppm, placed back as a picture
 * by pdf-lib: no text layer), and the same scan with a black box drawn on the
 * picture by ImageMagick.
 */
export async function scanPair(): Promise<{ original: Buffer; changed: Buffer }> {
  const text = await textPdf([['Delivery note 4471', 'Received in good order', 'Signed at the gate']]);
  const [plain, marked] = withTempDir((dir) => {
    writeFileSync(join(dir, 'text.pdf'), text);
    execFileSync('pdftoppm', ['-r', String(SCAN_DPI), '-gray', '-png', '-singlefile', join(dir, 'text.pdf'), join(dir, 'scan')]);
    const { left, top, right, bottom } = SCAN_MARK_PIXELS;
    execFileSync('convert', [join(dir, 'scan.png'), '-fill', 'black', '-draw', `rectangle ${left},${top} ${right - 1},${bottom - 1}`, join(dir, 'marked.png')]);
    return [readFileSync(join(dir, 'scan.png')), readFileSync(join(dir, 'marked.png'))];
  });
  const pictured = async (png: Buffer) => {
    const doc = await PDFDocument.create();
    const picture = await doc.embedPng(png);
    const [width, height] = [(picture.width * 72) / SCAN_DPI, (picture.height * 72) / SCAN_DPI];
    doc.addPage([width, height]).drawImage(picture, { x: 0, y: 0, width, height });
    return Buffer.from(await doc.save());
  };
  return { original: await pictured(plain), changed: await pictured(marked) };
}

/** One page rendered by Poppler at `dpi`, RGB. */
export function renderPage(pdf: Buffer, page: number, dpi = 40): Raster {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const ppm = execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), join(dir, 'in.pdf')], { maxBuffer: 256 * 1024 * 1024 });
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 50).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a PPM');
    return { width: Number(header[1]), height: Number(header[2]), data: ppm.subarray(header[0].length) };
  });
}

/** A PDF of these pages of `pdf` and then `insert`'s pages (qpdf). e.g. pages 1-149, one page, 151-300 */
export function replacePage(pdf: Buffer, page: number, replacement: Buffer, pages: number): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    writeFileSync(join(dir, 'b.pdf'), replacement);
    const before = page > 1 ? [join(dir, 'a.pdf'), `1-${page - 1}`] : [];
    const after = page < pages ? [join(dir, 'a.pdf'), `${page + 1}-${pages}`] : [];
    execFileSync('qpdf', ['--empty', '--pages', ...before, join(dir, 'b.pdf'), '1', ...after, '--', join(dir, 'out.pdf')]);
    return readFileSync(join(dir, 'out.pdf'));
  });
}

/**
 * A long report (reportlab): `pages` Letter pages of 40 lines of 12 words
 * (480 words a page, each page's words its own: "w<page>x<n>"), with the word
 * of each entry of `changes` replaced by its text.
 */
export function longReport(pages: number, changes: readonly { page: number; word: number; text: string }[] = []): Buffer {
  const script = `
import json, sys
from reportlab.pdfgen import canvas
pages, changes = ${pages}, {(c["page"], c["word"]): c["text"] for c in json.loads(sys.argv[2])}
c = canvas.Canvas(sys.argv[1], pagesize=(612, 792))
for p in range(1, pages + 1):
    c.setFont("Helvetica", 9)
    for line in range(40):
        words = [changes.get((p, line * 12 + i), "w%dx%d" % (p, line * 12 + i)) for i in range(12)]
        c.drawString(54, 740 - line * 17, " ".join(words))
    c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    const output = join(dir, 'long.pdf');
    execFileSync('/usr/bin/python3', ['-c', script, output, JSON.stringify(changes)]);
    return readFileSync(output);
  });
}

/**
 * A page turned by /Rotate 90 (reportlab, whose media box is then 792 × 612
 * unturned) reading "Hello <word>" in 20 pt Helvetica from (100, 300) of the
 * unturned page (PDF space, bottom-left origin).
 */
export function turnedNote(word: string): Buffer {
  const script = `
import sys
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1], pagesize=(612, 792))
c.setPageRotation(90)
c.setFont("Helvetica", 20)
c.drawString(100, 300, "Hello ${word}")
c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    const output = join(dir, 'turned.pdf');
    execFileSync('/usr/bin/python3', ['-c', script, output]);
    return readFileSync(output);
  });
}
