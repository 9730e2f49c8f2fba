import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { withTempDir } from '../../../test/support/pdfs';

/**
 * Documents other programs made, for Manual Redact's and Redact Execute's
 * specs (the second imports them from here), with text, a picture and the
 * places text hides (properties, bookmarks).
 */

/** Where things are on page 1 of `reportlabDossier` (612 × 792 pt), in PDF points from the lower-left corner. */
export const DOSSIER = {
  /** Baselines of page 1's lines. */
  nameBaseline: 720,
  accountBaseline: 690,
  /** The red picture (a 20 × 20 px PNG) drawn at 300,500, 100 × 100 pt. */
  picture: { x: 300, y: 500, size: 100 },
  /** A blue square drawn as a vector path (72,400 pt, 100 × 50). */
  square: { x: 72, y: 400, width: 100, height: 50 },
} as const;

/**
 * Three pages written by reportlab (Helvetica, so the content streams hold the
 * text as literal strings):
 * 1: "Name Alice Smith", "Account ZX-4242-QV", a red picture, a blue square;
 * 2: "Intro BEGIN confidential middle END tail", "Public line";
 * 3: "Appendix words".
 * Title "Alice Smith dossier", author "Alice Smith", a bookmark "About Alice Smith" and one "Appendix".
 */
export function reportlabDossier(): Buffer {
  const script = `
import sys, zlib
from reportlab.pdfgen import canvas
from reportlab.lib.utils import ImageReader
from PIL import Image
c = canvas.Canvas(sys.argv[1], pagesize=(612, 792))
c.setTitle("Alice Smith dossier"); c.setAuthor("Alice Smith")
c.setFont("Helvetica", 14)
c.drawString(72, ${DOSSIER.nameBaseline}, "Name Alice Smith")
c.drawString(72, ${DOSSIER.accountBaseline}, "Account ZX-4242-QV")
c.drawImage(ImageReader(Image.new("RGB", (20, 20), (255, 0, 0))), ${DOSSIER.picture.x}, ${DOSSIER.picture.y}, ${DOSSIER.picture.size}, ${DOSSIER.picture.size})
c.setFillColorRGB(0, 0, 1); c.rect(${DOSSIER.square.x}, ${DOSSIER.square.y}, ${DOSSIER.square.width}, ${DOSSIER.square.height}, stroke=0, fill=1)
c.bookmarkPage("p1"); c.addOutlineEntry("About Alice Smith", "p1", level=0)
c.showPage()
c.setFont("Helvetica", 14)
c.drawString(72, 720, "Intro BEGIN confidential middle END tail")
c.drawString(72, 690, "Public line")
c.showPage()
c.setFont("Helvetica", 14)
c.drawString(72, 720, "Appendix words")
c.bookmarkPage("p3"); c.addOutlineEntry("Appendix", "p3", level=0)
c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'make.py'), script);
    execFileSync('/usr/bin/python3', [join(dir, 'make.py'), join(dir, 'out.pdf')]);
    return readFileSync(join(dir, 'out.pdf'));
  });
}

/** Two A4 pages written by LibreOffice: "Invoice for Bob Jones" and "Second page text". */
export async function officeInvoice(): Promise<Buffer> {
  return officeFixture(flatOdt(['Invoice for Bob Jones', 'Second page text']), '.fodt', 'pdf:writer_pdf_Export', '.pdf');
}

/** One Letter page printed by Chromium from HTML: "Ticket holder Carol White" (at about 58,58 pt from the top-left corner, with the print margins), then "Seat 12" 75 pt lower. */
export function chromiumTicket(): Buffer {
  const html = `<!doctype html><html><body style="margin:0;font:20px sans-serif">
<p style="position:absolute;left:40px;top:40px;margin:0">Ticket holder Carol White</p>
<p style="position:absolute;left:40px;top:140px;margin:0">Seat 12</p></body></html>`;
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'ticket.html'), html);
    execFileSync(
      '/usr/bin/chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-pdf-header-footer',
        `--user-data-dir=${join(dir, 'profile')}`,
        `--print-to-pdf=${join(dir, 'out.pdf')}`,
        `file://${join(dir, 'ticket.html')}`,
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
    return readFileSync(join(dir, 'out.pdf'));
  });
}

/** The whole file as qpdf writes it with every stream decompressed and no object streams, as text, to grep for what must be gone. */
export function decompressedFile(pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    return readFileSync(join(dir, 'out.pdf')).toString('latin1');
  });
}
