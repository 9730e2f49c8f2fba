import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlToPdfTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { officeFixture } from '../../../test/support/office-fixtures';
import { read } from '../../../test/support/active-content-pdfs';
import { writePdf } from '../../../test/support/pdf-writer';
import { withTempDir } from '../../../test/support/pdfs';
import type { TestServer } from '../../../test/support/test-server';

/**
 * The documents the eight analysis specs (reference-beyond §4) share: three
 * made by other programs (reportlab, LibreOffice, Chromium), one written byte
 * by byte for the structures the reference reads in its own way, and the
 * independent readers' views the specs compare answers with.
 */

/**
 * Three pages written by reportlab, with an Info dictionary (title "Field notes",
 * author, subject, keywords, creator): an A4 page in Helvetica and Times-Bold,
 * a landscape Letter page in Courier with a link and a note (a Text
 * annotation), and a page with a crop box inside its media box, turned 90°.
 * All pages share one /Font dictionary naming F1, F2 and F3. `ownerOnly`:
 * RC4-128 with an owner password only, printing and copying forbidden.
 */
export function reportlabNotes(options: { ownerOnly?: boolean } = {}): Buffer {
  const script = `
import sys
from reportlab.pdfgen import canvas
from reportlab.lib.pagesizes import A4, A5, letter, landscape
from reportlab.lib import pdfencrypt
encrypt = None
if sys.argv[2] == 'owner-only':
    encrypt = pdfencrypt.StandardEncryption('', ownerPassword='owner-secret', canPrint=0, canModify=1, canCopy=0, canAnnotate=1, strength=128)
c = canvas.Canvas(sys.argv[1], pagesize=A4, encrypt=encrypt)
c.setTitle('Field notes'); c.setAuthor('Asha Rao'); c.setSubject('Survey'); c.setKeywords('soil, seeds'); c.setCreator('Folio tests')
c.setFont('Helvetica', 12); c.drawString(72, 770, 'Field notes page 1')
c.setFont('Times-Bold', 14); c.drawString(72, 740, 'Bold heading')
c.showPage()
c.setPageSize(landscape(letter))
c.setFont('Courier', 10); c.drawString(72, 500, 'Field notes page 2')
c.linkURL('https://example.com/', (72, 480, 200, 500))
c.textAnnotation('A sticky note', Rect=(300, 400, 320, 420))
c.showPage()
c.setPageSize(A5)
c.setCropBox((20, 30, 400, 400))
c.setPageRotation(90)
c.setFont('Helvetica', 12); c.drawString(40, 300, 'Field notes page 3')
c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    const path = join(dir, 'notes.pdf');
    execFileSync('/usr/bin/python3', ['-c', script, path, options.ownerOnly ? 'owner-only' : 'plain'], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(path);
  });
}

/**
 * A form LibreOffice writes from an HTML form (its Writer/Web import makes
 * controls of the inputs): text fields fullName and city, a check box agree
 * and a list plan, on one page, title "Membership form".
 */
export function officeFormPdf(): Promise<Buffer> {
  const html = `<html><head><title>Membership form</title></head><body><form>
<p>Name: <input type="text" name="fullName" size="30"></p>
<p>City: <input type="text" name="city" size="30"></p>
<p>Agree: <input type="checkbox" name="agree" value="yes"></p>
<p>Plan: <select name="plan"><option>Basic</option><option>Gold</option></select></p>
</form></body></html>`;
  return officeFixture(html, '.html', 'writer_pdf_Export', '.pdf', 'HTML (StarWriter)');
}

/**
 * Two Letter pages Chromium prints (through our HTML to PDF): headings, bold,
 * italic and monospaced text, and two links on the first page.
 */
export async function chromiumPdf(server: TestServer): Promise<Buffer> {
  const html = `<!doctype html><html><head><title>Printed page</title>
<style>body { font-family: serif } code { font-family: monospace } .next { break-before: page }</style></head><body>
<h1>Printed by Chromium</h1><p>Plain, <b>bold</b>, <i>italic</i> and <code>mono</code> text.</p>
<p><a href="https://example.com/one">One link</a> and <a href="https://example.org/two">another</a>.</p>
<h2 class="next">Second page</h2><p>More text.</p></body></html>`;
  const res = await postTool(server, htmlToPdfTool.endpoint, [{ name: 'printed.html', content: Buffer.from(html), contentType: 'text/html' }], {
    pageSize: 'LETTER',
  });
  if (res.status !== 200) throw new Error(`HTML to PDF answered ${res.status}: ${res.body.toString('utf8')}`);
  return res.body;
}

/** Where `structuresPdf` puts what the analysis endpoints read. */
export const STRUCTURES = {
  /** Info: a title, an author written as a name (no text to PDFBox), dates with and without an offset. */
  info: { title: 'Structure test', producer: 'Hand written', creationDate: "D:20250106100000+05'30'", modDate: 'D:20240102030405' },
  /** The form: a text field and a group of two, SigFlags 3, an XFA entry. */
  topLevelFields: 2,
  terminalFields: ['name', 'address.street', 'address.city'],
} as const;

/**
 * Three pages written byte by byte (header 1.7, catalog /Version /2.0) whose
 * structures the reference reads in its own way:
 * - the page tree gives its pages a media box [0 0 300 400], a crop box
 *   [50 -20 350 380] reaching past it, and fonts Body and Title; page 1 takes
 *   them all and is turned 90°;
 * - page 2 has its own media box (612 × 792) and crop box (the tree's), and
 *   its own fonts (F1, and Hidden only inside a Form XObject);
 * - page 3's media box starts at 10.1 and ends at 612.3 (a width floats round);
 * - page 1's annotations: a link, one without /Subtype, a widget, and a null;
 * - the form lists a text field (page 1's widget) and a group at its top
 *   level, the group's two fields page 2's widgets; it has SigFlags 3 and an
 *   /XFA entry.
 */
export function structuresPdf(): Buffer {
  const { info } = STRUCTURES;
  const form = 'q 1 0 0 1 0 0 cm /Fm1 Do Q';
  const formContent = 'BT /Hidden 10 Tf 10 10 Td (inside a form) Tj ET';
  return writePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R /Version /2.0 /AcroForm 10 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 /MediaBox [0 0 300 400] /CropBox [50 -20 350 380] /Rotate 0 /Resources << /Font << /Body 6 0 R /Title 7 0 R >> >> >>',
      '<< /Type /Page /Parent 2 0 R /Rotate 90 /Contents 12 0 R /Annots [8 0 R 9 0 R 11 0 R null] >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 13 0 R /Resources << /Font << /F1 6 0 R >> /XObject << /Fm1 14 0 R >> >> /Annots [16 0 R 17 0 R] >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [10.1 20.2 612.3 812.5] /CropBox [10.1 20.2 612.3 812.5] >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding >>',
      '<< /Type /Annot /Subtype /Link /Rect [60 300 200 320] /Border [0 0 0] /A << /S /URI /URI (https://example.com/) >> >>',
      '<< /Type /Annot /Rect [60 250 200 270] /Contents (no subtype) >>',
      `<< /Fields [11 0 R 15 0 R] /SigFlags 3 /XFA 18 0 R /DA (/Body 10 Tf 0 g) /DR << /Font << /Body 6 0 R >> >> >>`,
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Asha) /Rect [60 200 200 220] /P 3 0 R >>',
      stream('BT /Body 12 Tf 60 350 Td (Structures page 1) Tj /Title 14 Tf 0 -20 Td (Title) Tj ET'),
      stream(`BT /F1 12 Tf 72 700 Td (Structures page 2) Tj ET ${form}`),
      stream(formContent, '/Type /XObject /Subtype /Form /BBox [0 0 200 50] /Resources << /Font << /Hidden 7 0 R >> >>'),
      '<< /T (address) /Kids [16 0 R 17 0 R] >>',
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (street) /Parent 15 0 R /V (1 Main Road) /Rect [72 600 272 620] /P 4 0 R >>',
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (city) /Parent 15 0 R /V (Pune) /Rect [72 560 272 580] /P 4 0 R >>',
      stream('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"/>'),
      `<< /Title (${info.title}) /Author /NotText /Producer (${info.producer}) /CreationDate (${info.creationDate}) /ModDate (${info.modDate}) >>`,
    ],
    '/Info 19 0 R',
  );
}

function stream(data: string, dict = ''): string {
  return `<< ${dict} /Length ${Buffer.byteLength(data, 'latin1')} >>\nstream\n${data}\nendstream`;
}

/** pdfinfo's "Key: value" lines (`args` before the file, e.g. '-isodates'). */
export function pdfinfo(pdf: Buffer, ...args: string[]): Record<string, string> {
  const text = read(pdf, 'pdfinfo', (f) => [...args, f]);
  return Object.fromEntries([...text.matchAll(/^([^:\n]+):[ \t]*(.*)$/gm)].map((m) => [m[1].trim(), m[2].trim()]));
}

/** Each page's crop box as `pdfinfo -box` prints it (Poppler clips it to the media box), and its rotation. */
export function popplerPages(pdf: Buffer): { cropBox: number[]; rotate: number }[] {
  const count = Number(pdfinfo(pdf).Pages);
  const text = read(pdf, 'pdfinfo', (f) => ['-box', '-f', '1', '-l', String(count), f]);
  const boxes = [...text.matchAll(/^Page\s+(\d+) CropBox:\s+(.*)$/gm)].map((m) => m[2].trim().split(/\s+/).map(Number));
  const rotations = [...text.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => Number(m[1]));
  return boxes.map((cropBox, i) => ({ cropBox, rotate: rotations[i] }));
}

/** The object numbers of the fonts `pdffonts` lists (those the pages' content uses). */
export function popplerFontObjects(pdf: Buffer): number[] {
  const text = read(pdf, 'pdffonts', (f) => [f]);
  return text
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => Number(/(\d+)\s+\d+\s*$/.exec(line)![1]));
}

/** A PDF written to a temporary file for a reader that wants a path. */
export function withPdfFile<T>(pdf: Buffer, work: (path: string) => T): T {
  return withTempDir((dir) => {
    const path = join(dir, 'x.pdf');
    writeFileSync(path, pdf);
    return work(path);
  });
}
