import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import { overlayTool } from '@folio/registry';
import { bookmarkedPdf } from '../../../test/support/bookmarked-pdfs';
import { postTool, type Upload } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, outlineTitles, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

/** `pages` pages of 300 × 400 pt, page n saying `<label> <n>` at (x, y). */
async function labelled(label: string, pages: number, at: { x: number; y: number }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) doc.addPage([300, 400]).drawText(`${label}${n}`, { x: at.x, y: at.y, size: 16, font });
  return Buffer.from(await doc.save());
}

/** A 300 × 400 page with one filled square (x, y, size) in a colour, nothing else. */
async function square(colour: [number, number, number], x: number, y: number, size: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 400]).drawRectangle({ x, y, width: size, height: size, color: rgb(...colour) });
  return Buffer.from(await doc.save());
}

/** The RGB colour of pixel (x, y) of page 1 rendered by pdftoppm at 72 dpi (y from the top). */
function pixel(pdf: Buffer, x: number, y: number): [number, number, number] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-singlefile', join(dir, 'x.pdf'), join(dir, 'p')]);
    const data = readFileSync(join(dir, 'p.ppm'));
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.toString('latin1', 0, 40))!;
    const offset = header[0].length + (y * Number(header[1]) + x) * 3;
    return [data[offset], data[offset + 1], data[offset + 2]];
  });
}

/** Overlay labels each page shows (words like A1, B2), in reading order. */
const overlaysOn = (pdf: Buffer) => pageTexts(pdf).map((text) => text.split(/\s+/).filter((word) => /^[A-Z]\d+$/.test(word)));

describe('Overlay PDFs (/api/v1/general/overlay-pdfs)', () => {
  const server = useTestServer();
  let base: Buffer;
  let a: Buffer;
  let b: Buffer;
  beforeAll(async () => {
    base = await labelled('base page ', 6, { x: 20, y: 50 });
    a = await labelled('A', 2, { x: 20, y: 300 });
    b = await labelled('B', 1, { x: 150, y: 300 });
  });

  const overlay = (overlays: Buffer[], fields: Record<string, string | number> = {}, pdf = base) => {
    const files: Upload[] = [
      { name: 'letter.pdf', content: pdf },
      ...overlays.map((content, i) => ({ name: `overlay${i}.pdf`, field: 'overlayFiles', content })),
    ];
    return postTool(server, overlayTool.endpoint, files, fields);
  };

  it('lays the overlays’ pages over the base one after another (sequential), keeping the base’s pages', async () => {
    const res = await overlay([a, b], { overlayMode: 'SequentialOverlay' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('letter_overlayed.pdf');
    expect(pageCount(res.body)).toBe(6);
    expect(overlaysOn(res.body)).toEqual([['A1'], ['A2'], ['B1'], ['A1'], ['A2'], ['B1']]);
    expect(pageTexts(res.body).every((text, i) => text.includes(`base page ${i + 1}`))).toBe(true);
  });

  it('takes the files in turn, each file’s pages in turn (interleaved)', async () => {
    const res = await overlay([a, b], { overlayMode: 'InterleavedOverlay' });
    expect(overlaysOn(res.body)).toEqual([['A1'], ['B1'], ['A2'], ['B1'], ['A1'], ['B1']]);
  });

  it('repeats each file’s pages its count of times, then leaves the rest of the base alone (fixed repeat)', async () => {
    const res = await overlay([a, b], { overlayMode: 'FixedRepeatOverlay', counts: '2,1' });
    expect(overlaysOn(res.body)).toEqual([['A1'], ['A2'], ['A1'], ['A2'], ['B1'], []]);
    // Counts as one part each, as the reference's binder takes them.
    let req = request(server.http).post(overlayTool.endpoint).field('overlayMode', 'FixedRepeatOverlay').field('counts', '1').field('counts', '1');
    req = req.attach('fileInput', base, { filename: 'letter.pdf', contentType: 'application/pdf' });
    for (const file of [a, b]) req = req.attach('overlayFiles', file, { filename: 'o.pdf', contentType: 'application/pdf' });
    const parts = await req.buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(parts.status).toBe(200);
    expect(overlaysOn(parts.body as Buffer)).toEqual([['A1'], ['A2'], ['B1'], [], [], []]);
    // No counts: each file once.
    const none = await overlay([a, b], { overlayMode: 'FixedRepeatOverlay' });
    expect(overlaysOn(none.body)).toEqual([['A1'], ['A2'], ['B1'], [], [], []]);
  });

  it('draws over the page in the foreground (0) and under it in the background (any other)', async () => {
    const red = await square([1, 0, 0], 50, 250, 100); // x 50–150, y 250–350 (from the top: 50–150)
    const blue = await square([0, 0, 1], 100, 200, 100); // x 100–200, y 200–300 (from the top: 100–200)
    const over = await overlay([blue], { overlayPosition: 0 }, red);
    expect(pixel(over.body, 125, 125)).toEqual([0, 0, 255]);
    expect(pixel(over.body, 75, 75)).toEqual([255, 0, 0]);
    expect(pixel(over.body, 175, 175)).toEqual([0, 0, 255]);
    for (const position of [1, 7]) {
      const under = await overlay([blue], { overlayPosition: position }, red);
      expect(pixel(under.body, 125, 125)).toEqual([255, 0, 0]);
      expect(pixel(under.body, 175, 175)).toEqual([0, 0, 255]);
    }
  });

  it('keeps the overlay as text and vectors, and the base’s bookmarks', async () => {
    const booked = bookmarkedPdf(3, [
      { title: 'Start', page: 1 },
      { title: 'End', page: 3 },
    ]);
    const res = await overlay([a], {}, booked);
    expect(res.fileName).toBe('letter_overlayed.pdf');
    expect(pageTexts(res.body)[0]).toContain('A1');
    expect(outlineTitles(res.body)).toEqual([
      { title: 'Start', page: 1 },
      { title: 'End', page: 3 },
    ]);
    const images = withTempDir((dir) => {
      writeFileSync(join(dir, 'x.pdf'), res.body);
      return (
        execFileSync('pdfimages', ['-list', join(dir, 'x.pdf')], { encoding: 'utf8' })
          .trim()
          .split('\n').length - 2
      );
    });
    expect(images).toBe(0);
  });

  it.each([
    [{ overlayMode: 'sequential' }, 'Overlay mode must be SequentialOverlay, InterleavedOverlay or FixedRepeatOverlay.'],
    [{ overlayMode: 'FixedRepeatOverlay', counts: '2' }, 'Counts must be whole numbers of 1 or more, one per overlay file.'],
    [{ overlayMode: 'FixedRepeatOverlay', counts: '2,0' }, 'Counts must be whole numbers of 1 or more, one per overlay file.'],
    [{ overlayMode: 'FixedRepeatOverlay', counts: '2,x' }, 'Counts must be whole numbers of 1 or more, one per overlay file.'],
    [{ overlayPosition: 'top' }, 'Overlay position must be a whole number: 0 for the foreground, any other for the background.'],
  ])('%p → 400 %p', async (fields, detail) => {
    const res = await overlay([a, b], fields);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(detail);
  });

  it('asks for the base PDF and for an overlay with the spec’s messages', async () => {
    const noOverlay = await overlay([]);
    expect(noOverlay.status).toBe(400);
    expect(noOverlay.json.detail).toBe('Please upload at least one overlay PDF file.');
    const noBase = await postTool(server, overlayTool.endpoint, [{ name: 'o.pdf', field: 'overlayFiles', content: a }]);
    expect(noBase.status).toBe(400);
    expect(noBase.json.detail).toBe('Please upload the base PDF file.');
  });

  it('refuses an overlay that is no PDF, is damaged or needs a password; opens an owner-password-only one', async () => {
    const notPdf = await overlay([Buffer.from('hello, not a pdf')]);
    expect(notPdf.status).toBe(400);
    const damaged = await overlay([CORRUPT_PDF]);
    expect(damaged.status).toBe(400);
    expect(damaged.json.errorCode).toBe('E001');
    const locked = await overlay([encryptPdf(a, 'secret')]);
    expect(locked.status).toBe(400);
    expect(locked.json.errorCode).toBe('E004');
    const owned = await overlay([encryptPdf(a, '')], {}, encryptPdf(base, ''));
    expect(owned.status).toBe(200);
    expect(overlaysOn(owned.body)[1]).toEqual(['A2']);
  });
});
