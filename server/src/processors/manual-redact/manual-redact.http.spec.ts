import { manualRedactTool } from '@folio/registry';
import { pdfLibFormPdf, qpdfForm } from '../../../test/support/form-pdfs';
import { postTool } from '../../../test/support/http';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listImages, readImage } from '../../../test/support/image-pdfs';
import { renderColour, type ColourImage } from '../../../test/support/marks';
import { CORRUPT_PDF, encryptPdf, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { chromiumTicket, decompressedFile, officeInvoice, reportlabDossier } from './redaction-pdfs.fixtures';

jest.setTimeout(180_000);

/** The colour of the pixel at (x, y) points from the top-left corner of a page rendered at 72 dpi. */
function pixelAt(image: ColourImage, x: number, y: number): [number, number, number] {
  const at = (Math.round(y) * image.width + Math.round(x)) * 3;
  return [image.rgb[at], image.rgb[at + 1], image.rgb[at + 2]];
}

/** The first image drawn on a page, as Poppler's pdfimages writes it (PNG). */
function firstImageOfPage(pdf: Buffer, page: number): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    execFileSync('pdfimages', ['-png', '-f', String(page), '-l', String(page), join(dir, 'x.pdf'), join(dir, 'img')]);
    return readFileSync(
      join(
        dir,
        readdirSync(dir)
          .filter((name) => name.startsWith('img'))
          .sort()[0],
      ),
    );
  });
}

const near = ([r, g, b]: number[], [er, eg, eb]: number[]) => Math.abs(r - er) < 40 && Math.abs(g - eg) < 40 && Math.abs(b - eb) < 40;

describe('Manual Redact (/api/v1/security/redact)', () => {
  const server = useTestServer();
  let dossier: Buffer;
  beforeAll(() => {
    dossier = reportlabDossier();
  });

  const redact = (pdf: Buffer, fields: Record<string, string | boolean>, name = 'dossier.pdf') =>
    postTool(server, manualRedactTool.endpoint, [{ name, content: pdf }], fields);

  it('removes the text under an area from the file (reportlab), fills the area with its colour and leaves the rest', async () => {
    // "Account ZX-4242-QV": baseline 690 pt from the bottom of a 792 pt page, so 102 pt from the top.
    const area = { x: 60, y: 85, width: 250, height: 24, page: 1, color: '#ff0000' };
    const res = await redact(dossier, { redactions: JSON.stringify([area]) });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('dossier_redacted.pdf');
    const [first, second] = pageTexts(res.body);
    expect(first).toContain('Alice Smith');
    expect(first).not.toMatch(/ZX|4242|Account/);
    expect(second).toContain('Public line');
    // Gone from every stream, not only from what Poppler extracts.
    const file = decompressedFile(res.body);
    expect(file).not.toMatch(/4242|ZX-|Account/);
    expect(decompressedFile(dossier)).toContain('Account ZX-4242-QV');
    expect(near(pixelAt(renderColour(res.body, 1), 150, 97), [255, 0, 0])).toBe(true);
  });

  it('removes the pixels of a picture under an area, keeping the rest of the picture', async () => {
    // The red picture spans 300–400 pt across and 192–292 pt down from the top.
    const area = { x: 320, y: 212, width: 60, height: 60, page: 1, color: '#0000ff' };
    const res = await redact(dossier, { redactions: JSON.stringify(area) });
    expect(res.status).toBe(200);
    const page = renderColour(res.body, 1);
    expect(near(pixelAt(page, 350, 242), [0, 0, 255])).toBe(true);
    expect(near(pixelAt(page, 305, 197), [255, 0, 0])).toBe(true);
    // Under the box the picture itself is blanked, not covered: drawn alone it shows no red there.
    expect(listImages(res.body).filter((i) => i.page === 1)).toHaveLength(1);
    const picture = readImage(firstImageOfPage(res.body, 1));
    expect(picture.pixel(10, 10).slice(0, 3)).not.toEqual([255, 0, 0]);
    expect(picture.pixel(0, 0).slice(0, 3)).toEqual([255, 0, 0]);
    expect(pageTexts(res.body)[0]).toContain('Account ZX-4242-QV');
  });

  it('removes a form field whose widget lies under an area, value and appearance (pdf-lib form)', async () => {
    const form = await pdfLibFormPdf();
    // The text field "member" (Ravi Kumar) sits at 100–300 pt across, 60–80 pt down.
    const res = await redact(form, { redactions: JSON.stringify([{ x: 90, y: 55, width: 220, height: 30, page: 1 }]) }, 'form.pdf');
    expect(res.status).toBe(200);
    expect(qpdfForm(res.body).fields.map((f) => f.fullname)).not.toContain('member');
    expect(decompressedFile(res.body)).not.toContain('Ravi Kumar');
    expect(pageTexts(res.body)[0]).toContain('Membership');
  });

  it('removes the vector drawing under an area from the content stream', async () => {
    // The blue square spans 72–172 pt across and 342–392 pt down from the top.
    const res = await redact(dossier, { redactions: JSON.stringify([{ x: 60, y: 330, width: 130, height: 80, page: 1, color: '#ffffff' }]) });
    expect(res.status).toBe(200);
    expect(decompressedFile(dossier)).toMatch(/72 400 100 50 re/);
    expect(decompressedFile(res.body)).not.toMatch(/72 400 100 50 re/);
    expect(near(pixelAt(renderColour(dossier, 1), 120, 367), [0, 0, 255])).toBe(true);
    expect(near(pixelAt(renderColour(res.body, 1), 120, 367), [255, 255, 255])).toBe(true);
    expect(pageTexts(res.body)[0]).toContain('Account ZX-4242-QV');
    expect(listImages(res.body).filter((i) => i.page === 1)).toHaveLength(1);
  });

  it('wipes whole pages: no text, no picture, the page colour everywhere', async () => {
    const res = await redact(dossier, { pageNumbers: '1', pageRedactionColor: '00ff00' });
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBe(3);
    const texts = pageTexts(res.body);
    expect(texts[0].trim()).toBe('');
    expect(texts[2]).toContain('Appendix words');
    expect(listImages(res.body).filter((i) => i.page === 1)).toHaveLength(0);
    expect(decompressedFile(res.body)).not.toMatch(/ZX-4242|Name Alice/);
    const page = renderColour(res.body, 1);
    expect(near(pixelAt(page, 10, 10), [0, 255, 0])).toBe(true);
    expect(near(pixelAt(page, 600, 780), [0, 255, 0])).toBe(true);
  });

  it('answers pages that are only pictures with convertPDFToImage', async () => {
    const area = { x: 60, y: 85, width: 250, height: 24, page: 1 };
    const res = await redact(dossier, { redactions: JSON.stringify([area]), convertPDFToImage: true });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body).every((text) => text.trim() === '')).toBe(true);
    expect(listImages(res.body).map((i) => i.page)).toEqual([1, 2, 3]);
  });

  it('removes the words under an area on a PDF LibreOffice wrote', async () => {
    const invoice = await officeInvoice();
    // A4, default 2 cm margins: the first line sits just below 57 pt from the top.
    const res = await redact(invoice, { redactions: JSON.stringify([{ x: 40, y: 50, width: 500, height: 25, page: 1 }]) }, 'invoice.pdf');
    expect(res.status).toBe(200);
    const texts = pageTexts(res.body);
    expect(pageTexts(invoice)[0]).toContain('Bob Jones');
    expect(texts[0]).not.toContain('Bob');
    expect(texts[1]).toContain('Second page text');
  });

  it('removes the words under an area on a PDF Chromium printed', async () => {
    const ticket = chromiumTicket();
    // Chromium's print margins put the line at about 58 pt from the top-left corner, 17 pt high.
    const res = await redact(ticket, { redactions: JSON.stringify([{ x: 40, y: 50, width: 300, height: 30, page: 1 }]) }, 'ticket.pdf');
    expect(res.status).toBe(200);
    expect(pageTexts(ticket)[0]).toContain('Carol White');
    expect(pageTexts(res.body)[0]).not.toMatch(/Carol|Ticket/);
    expect(pageTexts(res.body)[0]).toContain('Seat 12');
  });

  it('refuses bad JSON, an area off the document and one without a size, naming the problem', async () => {
    const bad = await redact(dossier, { redactions: '[{"x":1,' });
    expect(bad.status).toBe(400);
    expect(bad.json.detail).toContain('JSON');
    const offPage = await redact(dossier, { redactions: JSON.stringify([{ x: 1, y: 1, width: 10, height: 10, page: 9 }]) });
    expect(offPage.status).toBe(400);
    expect(offPage.json.detail).toBe('Redaction area 1 is on page 9, but the document has 3 pages.');
    const flat = await redact(dossier, { redactions: JSON.stringify([{ x: 1, y: 1, width: 0, height: 10, page: 1 }]) });
    expect(flat.status).toBe(400);
  });

  it('repeats a box at the same place on the pages `alsoOnPages` names (the page workspace’s “also on pages”)', async () => {
    // The first line of every page (baseline 720 pt up: 72 pt from the top) under one box, given once.
    const box = { x: 60, y: 55, width: 480, height: 24, page: 1, alsoOnPages: '2-3' };
    const res = await redact(dossier, { redactions: JSON.stringify([box]) });
    expect(res.status).toBe(200);
    const [first, second, third] = pageTexts(res.body);
    expect(first).not.toContain('Alice');
    expect(second).not.toMatch(/Intro|confidential/);
    expect(third).not.toContain('Appendix');
    expect(second).toContain('Public line');
  });

  it('refuses a request that names nothing to redact, where the reference answers the document untouched', async () => {
    const res = await redact(dossier, {});
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('No redaction targets provided');
  });

  it('refuses a corrupt PDF and one that needs a password with the standard 400s', async () => {
    expect((await redact(CORRUPT_PDF, { pageNumbers: '1' })).status).toBe(400);
    const locked = await redact(encryptPdf(dossier, 'user-secret'), { pageNumbers: '1' });
    expect(locked.status).toBe(400);
    expect(locked.json.type).toBe('/errors/pdf-password');
  });

  it('runs as a pipeline step', async () => {
    const definition = { name: 'Hide', pipeline: [{ operation: manualRedactTool.endpoint, parameters: { pageNumbers: '2' } }] };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [{ name: 'dossier.pdf', content: dossier }], { json: JSON.stringify(definition) });
    expect(res.status).toBe(200);
    const texts = pageTexts(res.body);
    expect(texts[0]).toContain('Alice Smith');
    expect(texts[1].trim()).toBe('');
  });
});
