import { redactExecuteTool } from '@folio/registry';
import { documentInformation, readBookmarks } from '../../../test/support/bookmarked-pdfs';
import { pdfLibFormPdf, qpdfForm } from '../../../test/support/form-pdfs';
import { postTool } from '../../../test/support/http';
import { listImages } from '../../../test/support/image-pdfs';
import { renderColour, type ColourImage } from '../../../test/support/marks';
import { CORRUPT_PDF, encryptPdf, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { chromiumTicket, decompressedFile, DOSSIER, officeInvoice, reportlabDossier } from '../manual-redact/redaction-pdfs.fixtures';

jest.setTimeout(180_000);

function pixelAt(image: ColourImage, x: number, y: number): [number, number, number] {
  const at = (Math.round(y) * image.width + Math.round(x)) * 3;
  return [image.rgb[at], image.rgb[at + 1], image.rgb[at + 2]];
}

const near = ([r, g, b]: number[], [er, eg, eb]: number[]) => Math.abs(r - er) < 40 && Math.abs(g - eg) < 40 && Math.abs(b - eb) < 40;

describe('Redact Execute (/api/v1/security/redact-execute)', () => {
  const server = useTestServer();
  let dossier: Buffer;
  beforeAll(() => {
    dossier = reportlabDossier();
  });

  const redact = (pdf: Buffer, fields: Record<string, string>, name = 'dossier.pdf') =>
    postTool(server, redactExecuteTool.endpoint, [{ name, content: pdf }], fields);

  it('removes text and patterns ignoring case from the pages and from properties, XMP and bookmarks (reportlab)', async () => {
    const res = await redact(dossier, { textValues: 'alice smith', regexPatterns: '\\d{4}' });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('dossier_redacted.pdf');
    const [first, second] = pageTexts(res.body);
    expect(first).not.toMatch(/Alice|Smith|4242/);
    expect(first).toContain('Account');
    expect(second).toContain('Public line');
    // Nowhere in the file: content streams, Info, XMP, outline titles.
    expect(decompressedFile(dossier)).toContain('Alice Smith');
    expect(decompressedFile(res.body)).not.toMatch(/Alice Smith|4242/);
    const { info, xmp } = documentInformation(res.body);
    expect(JSON.stringify(info) + xmp).not.toContain('Alice');
    expect(readBookmarks(res.body).map((b) => b.title)).toEqual(['About [redacted]', 'Appendix']);
  });

  it('takes the text out of form values (pdf-lib form)', async () => {
    const form = await pdfLibFormPdf();
    expect(JSON.stringify(qpdfForm(form).fields.map((f) => f.value))).toContain('Ravi Kumar');
    const res = await redact(form, { textValues: 'ravi kumar' }, 'form.pdf');
    expect(res.status).toBe(200);
    expect(JSON.stringify(qpdfForm(res.body).fields.map((f) => f.value))).not.toContain('Ravi');
    expect(decompressedFile(res.body)).not.toContain('Ravi Kumar');
  });

  it('splits one value at its commas, as Spring does', async () => {
    const res = await redact(dossier, { textValues: 'Alice,public line' });
    expect(res.status).toBe(200);
    const [first, second] = pageTexts(res.body);
    expect(first).not.toContain('Alice');
    expect(second).not.toContain('Public');
  });

  it('removes a range from its start string to its end string, and to the document end when the end is blank', async () => {
    const closed = await redact(dossier, { ranges: JSON.stringify([{ startString: 'begin', endString: 'END' }]) });
    expect(closed.status).toBe(200);
    const second = pageTexts(closed.body)[1];
    expect(second).toContain('Intro');
    expect(second).toContain('tail');
    expect(second).not.toMatch(/BEGIN|confidential|middle/);
    expect(decompressedFile(closed.body)).not.toContain('confidential');

    const open = await redact(dossier, { ranges: JSON.stringify({ startString: 'BEGIN', endString: '' }) });
    expect(open.status).toBe(200);
    const texts = pageTexts(open.body);
    expect(texts[0]).toContain('Alice Smith');
    expect(texts[1]).not.toMatch(/confidential|tail|Public/);
    expect(texts[2]).not.toContain('Appendix words');
  });

  it('removes the picture under an image box (PDF space) and fills the box with the style colour', async () => {
    const { x, y, size } = DOSSIER.picture;
    const box = { pageIndex: 0, x1: x, y1: y, x2: x + size, y2: y + size };
    const res = await redact(dossier, { imageBoxes: JSON.stringify([box]), style: JSON.stringify({ color: '#00ff00' }) });
    expect(res.status).toBe(200);
    expect(listImages(dossier).filter((i) => i.page === 1)).toHaveLength(1);
    expect(listImages(res.body).filter((i) => i.page === 1)).toHaveLength(0);
    // The box's middle, 350 pt across and 792 − 550 = 242 pt down.
    expect(near(pixelAt(renderColour(res.body, 1), 350, 242), [0, 255, 0])).toBe(true);
    expect(pageTexts(res.body)[0]).toContain('Alice Smith');
  });

  it('removes every image of the image pages, keeping their text', async () => {
    const res = await redact(dossier, { redactImagePages: 'all' });
    expect(res.status).toBe(200);
    expect(listImages(res.body)).toHaveLength(0);
    expect(pageTexts(res.body)[0]).toContain('Account ZX-4242-QV');
  });

  it('wipes whole pages', async () => {
    const res = await redact(dossier, { wipePages: '3' });
    expect(res.status).toBe(200);
    const texts = pageTexts(res.body);
    expect(texts[2].trim()).toBe('');
    expect(texts[0]).toContain('Alice Smith');
    expect(decompressedFile(res.body)).not.toContain('Appendix words');
  });

  it('answers picture-only pages for IMAGE_FINALIZE', async () => {
    const res = await redact(dossier, { textValues: 'Alice', style: JSON.stringify({ strategy: 'IMAGE_FINALIZE' }) });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body).every((text) => text.trim() === '')).toBe(true);
  });

  it('removes text from PDFs LibreOffice and Chromium wrote', async () => {
    const invoice = await redact(await officeInvoice(), { textValues: 'bob jones' }, 'invoice.pdf');
    expect(invoice.status).toBe(200);
    expect(pageTexts(invoice.body)[0]).not.toContain('Bob');
    expect(pageTexts(invoice.body)[0]).toContain('Invoice for');
    const ticket = await redact(chromiumTicket(), { regexPatterns: 'carol\\s+\\w+' }, 'ticket.pdf');
    expect(ticket.status).toBe(200);
    expect(pageTexts(ticket.body)[0]).not.toMatch(/Carol|White/);
    expect(pageTexts(ticket.body)[0]).toContain('Seat 12');
  });

  it('refuses a request without targets, bad JSON and a box on no page', async () => {
    const none = await redact(dossier, {});
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe('No redaction targets provided');
    const badStyle = await redact(dossier, { textValues: 'Alice', style: '{color' });
    expect(badStyle.status).toBe(400);
    const badRanges = await redact(dossier, { ranges: 'not json' });
    expect(badRanges.status).toBe(400);
    const offPage = await redact(dossier, { imageBoxes: JSON.stringify([{ pageIndex: 3, x1: 0, y1: 0, x2: 10, y2: 10 }]) });
    expect(offPage.status).toBe(400);
    expect(offPage.json.detail).toContain('page index 3');
    const badPattern = await redact(dossier, { regexPatterns: '(' });
    expect(badPattern.status).toBe(400);
  });

  it('refuses a corrupt PDF and one that needs a password with the standard 400s', async () => {
    expect((await redact(CORRUPT_PDF, { textValues: 'x' })).status).toBe(400);
    const locked = await redact(encryptPdf(dossier, 'user-secret'), { textValues: 'Alice' });
    expect(locked.status).toBe(400);
    expect(locked.json.type).toBe('/errors/pdf-password');
  });

  it('runs as a pipeline step', async () => {
    const definition = { name: 'Scrub', pipeline: [{ operation: redactExecuteTool.endpoint, parameters: { textValues: 'Alice Smith' } }] };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [{ name: 'dossier.pdf', content: dossier }], { json: JSON.stringify(definition) });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)[0]).not.toContain('Alice');
  });
});
