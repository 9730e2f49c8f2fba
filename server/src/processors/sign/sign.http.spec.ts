import { execFileSync } from 'node:child_process';
import { signTool } from '@folio/registry';
import { flatJpeg, fontsOf, renderColour } from '../../../test/support/marks';
import { postTool } from '../../../test/support/http';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { CORRUPT_PDF, encryptPdf, pageCount } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { reportlabNotes } from '../analysis-page-count/analysis-pdfs.fixtures';
import {
  changedBox,
  changedOutside,
  darkPixels,
  dataUrl,
  imageRows,
  noisyPng,
  pixelAt,
  reportlabContract,
  textIn,
  transparentSignaturePng,
  type Region,
} from '../../../test/support/page-items';

jest.setTimeout(180_000);

const regionOf = (box: { x: number; y: number; width: number; height: number }): Region => ({
  left: box.x,
  top: box.y,
  right: box.x + box.width,
  bottom: box.y + box.height,
});

const within = (inner: Region | undefined, outer: Region, margin: number) =>
  inner !== undefined &&
  inner.left >= outer.left - margin &&
  inner.top >= outer.top - margin &&
  inner.right <= outer.right + margin &&
  inner.bottom <= outer.bottom + margin;

/** A zigzag through a box, as a signature pad sends it. */
function zigzag(box: { x: number; y: number; width: number; height: number }, points = 6): [number, number][] {
  return Array.from({ length: points }, (_, i) => [box.x + 10 + ((box.width - 20) * i) / (points - 1), box.y + (i % 2 === 0 ? box.height - 10 : 10)]);
}

describe('Sign (/api/v1/security/add-signature)', () => {
  const server = useTestServer();
  let contract: Buffer;
  beforeAll(() => {
    contract = reportlabContract();
  });

  const sign = (pdf: Buffer, items: unknown, name = 'contract.pdf') =>
    postTool(server, signTool.endpoint, [{ name, content: pdf }], { items: typeof items === 'string' ? items : JSON.stringify(items) });

  it('draws a signature on page 2 (reportlab) in its box as vector strokes, and nothing elsewhere', async () => {
    const box = { x: 100, y: 300, width: 200, height: 80 };
    const res = await sign(contract, [{ kind: 'ink', page: 2, ...box, strokes: [zigzag(box)], thickness: 3 }]);
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('contract_signed.pdf');
    expect(pageCount(res.body)).toBe(3);
    const before = renderColour(contract, 2);
    const after = renderColour(res.body, 2);
    expect(darkPixels(after, regionOf(box))).toBeGreaterThan(100);
    expect(changedOutside(before, after, regionOf(box), 3)).toBe(0);
    expect(changedBox(renderColour(contract, 1), renderColour(res.body, 1))).toBeUndefined();
    expect(changedBox(renderColour(contract, 3), renderColour(res.body, 3))).toBeUndefined();
    // Vector: no picture added.
    expect(imageRows(res.body)).toEqual([]);
  });

  it('writes a typed name (LibreOffice file) as real text in the handwriting face, in its box', async () => {
    const letter = await officeFixture(flatOdt(['Agreement between the parties', 'Signed below']), '.fodt', 'writer_pdf_Export', '.pdf');
    const box = { x: 300, y: 600, width: 220, height: 60 };
    const res = await sign(letter, [{ kind: 'text', page: 2, ...box, text: 'Jane Q. Doe', font: 'handwriting-flowing' }], 'letter.pdf');
    expect(res.status).toBe(200);
    expect(textIn(res.body, 2, regionOf(box))).toBe('Jane Q. Doe');
    expect(fontsOf(res.body).find((font) => font.name.includes('Z003'))?.embedded).toBe(true);
    expect(imageRows(res.body)).toHaveLength(imageRows(letter).length);
    expect(within(changedBox(renderColour(letter, 2), renderColour(res.body, 2)), regionOf(box), 1)).toBe(true);
  });

  it('shrinks a long typed name to fit its box, in each handwriting face', async () => {
    const box = { x: 72, y: 400, width: 120, height: 40 };
    const name = 'Maximilian Alexander Featherstonehaugh';
    for (const [font, face] of [
      ['handwriting-brush', 'KaushanScript'],
      ['handwriting-plain', 'dkg'],
    ]) {
      const res = await sign(contract, [{ kind: 'text', page: 1, ...box, text: name, font, color: '#000080' }]);
      expect(res.status).toBe(200);
      expect(textIn(res.body, 1, { left: 60, top: 390, right: 200, bottom: 450 })).toBe(name);
      expect(fontsOf(res.body).some((row) => row.name.toLowerCase().includes(face.toLowerCase()))).toBe(true);
      const drawn = changedBox(renderColour(contract, 1), renderColour(res.body, 1));
      expect(within(drawn, regionOf(box), 1)).toBe(true);
      // Fitted to the width: the ink spans most of it.
      expect(drawn!.right - drawn!.left).toBeGreaterThan(box.width * 0.8);
    }
  });

  it('draws every letter of a short name in each handwriting face: a "c" alone, and "Public" to its last letter', async () => {
    // Dancing Script's "c" came out of cairo's font subsetter broken (no reader drew it): "Public" showed as "Publi".
    const box = { x: 72, y: 400, width: 200, height: 40 };
    for (const font of ['handwriting-flowing', 'handwriting-brush', 'handwriting-plain']) {
      const alone = await sign(contract, [{ kind: 'text', page: 1, ...box, text: 'c', font, color: '#000000' }]);
      expect([font, darkPixels(renderColour(alone.body, 1), regionOf(box)) > 10]).toEqual([font, true]);
      const name = await sign(contract, [{ kind: 'text', page: 1, ...box, text: 'Public', font, color: '#000000', align: 'left' }]);
      const drawn = changedBox(renderColour(contract, 1), renderColour(name.body, 1))!;
      // The word's last letter is inked where Poppler places the word's end.
      const words = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', '-', '-'], { input: name.body, encoding: 'utf8' });
      const end = Number(/<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>Public<\/word>/.exec(words)![1]);
      expect([font, drawn.right > end - 4]).toEqual([font, true]);
    }
  });

  it('centres a fitted name in its box when asked', async () => {
    const box = { x: 72, y: 400, width: 300, height: 40 };
    const res = await sign(contract, [{ kind: 'text', page: 1, ...box, text: 'Ann Lee', font: 'handwriting-flowing', fontSize: 24, align: 'center' }]);
    expect(res.status).toBe(200);
    const drawn = changedBox(renderColour(contract, 1), renderColour(res.body, 1))!;
    expect(within(drawn, regionOf(box), 1)).toBe(true);
    const middle = (drawn.left + drawn.right) / 2;
    expect(Math.abs(middle - (box.x + box.width / 2))).toBeLessThan(10);
  });

  it('embeds an uploaded PNG with its transparency (a soft mask), the page showing through', async () => {
    // Over "Page 1 of the contract" (baseline 72 pt from the top): the stroke runs from the lower-left to the upper-right.
    const box = { x: 72, y: 50, width: 250, height: 100 };
    const res = await sign(contract, [{ kind: 'image', page: 1, ...box, image: dataUrl(transparentSignaturePng(), 'png') }]);
    expect(res.status).toBe(200);
    expect(imageRows(res.body).map((row) => row.type)).toEqual(['image', 'smask']);
    const before = renderColour(contract, 1);
    const after = renderColour(res.body, 1);
    const heading = { left: 72, top: 58, right: 140, bottom: 75 };
    expect(darkPixels(after, heading)).toBeGreaterThanOrEqual(darkPixels(before, heading) * 0.9);
    // The transparent lower-right corner leaves the page white; the stroke is blue.
    expect(pixelAt(after, 310, 140)).toEqual([255, 255, 255]);
    const [red, green, blue] = pixelAt(after, 72 + 125, 100);
    expect(blue).toBeGreaterThan(150);
    expect(red + green).toBeLessThan(100);
    expect(changedOutside(before, after, regionOf(box), 1)).toBe(0);
  });

  it('embeds an uploaded JPEG as it is', async () => {
    const res = await sign(contract, [{ kind: 'image', page: 3, x: 400, y: 650, width: 60, height: 40, image: dataUrl(flatJpeg(30, 20, 'red'), 'jpeg') }]);
    expect(res.status).toBe(200);
    expect(imageRows(res.body)).toEqual([{ page: 3, type: 'image', encoding: 'jpeg' }]);
    expect(pixelAt(renderColour(res.body, 3), 430, 670)[0]).toBeGreaterThan(200);
  });

  it('repeats initials on every page with alsoOnPages "all"', async () => {
    const box = { x: 500, y: 720, width: 60, height: 40 };
    const res = await sign(contract, [{ kind: 'ink', page: 1, alsoOnPages: 'all', ...box, strokes: [zigzag(box, 4)], thickness: 2 }]);
    expect(res.status).toBe(200);
    for (const page of [1, 2, 3]) {
      const before = renderColour(contract, page);
      const after = renderColour(res.body, page);
      expect(darkPixels(after, regionOf(box))).toBeGreaterThan(20);
      expect(changedOutside(before, after, regionOf(box), 3)).toBe(0);
    }
  });

  it('places a name upright where the turned page (/Rotate 90, crop box) showed its box', async () => {
    const notes = reportlabNotes();
    // Page 3: media box 595 × 420, crop box 20,30–400,400, turned 90°. An item 150–190 across (from the crop
    // box's left) and 70–270 down (from its top) is, as Poppler shows the turned media box, 130–330 across
    // (400 − 270, 400 − 70) and 170–210 down (20 + 150, 20 + 190).
    const shown = { left: 130, top: 170, right: 330, bottom: 210 };
    const res = await sign(
      notes,
      [{ kind: 'text', page: 3, x: 150, y: 70, width: 40, height: 200, text: 'Asha Rao', font: 'handwriting-flowing' }],
      'notes.pdf',
    );
    expect(res.status).toBe(200);
    const drawn = changedBox(renderColour(notes, 3), renderColour(res.body, 3));
    expect(within(drawn, shown, 1)).toBe(true);
    // Upright as shown: a line of writing from the box's left, wider than tall.
    expect(drawn!.left).toBeLessThan(shown.left + 5);
    expect(drawn!.right - drawn!.left).toBeGreaterThan(2 * (drawn!.bottom - drawn!.top));
    expect(textIn(res.body, 3, shown)).toBe('Asha Rao');
  });

  it('refuses what it cannot place, naming it', async () => {
    const ink = { kind: 'ink', page: 1, x: 10, y: 10, width: 50, height: 50, strokes: [[[20, 20]]] };
    const cases: [unknown, string][] = [
      ['not json', 'The signature must be a JSON list of ink, text or image items.'],
      [[{ ...ink, kind: 'rectangle' }], 'Signature: item 1 must be one of: ink, text, image.'],
      [[ink, { ...ink, page: 9 }], 'Signature: item 2 is on page 9, but the document has 3 pages.'],
    ];
    for (const [items, message] of cases) {
      const res = await sign(contract, items);
      expect(res.status).toBe(400);
      expect(res.json.detail ?? res.json.message).toBe(message);
    }
    const none = await postTool(server, signTool.endpoint, [{ name: 'contract.pdf', content: contract }]);
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.json)).toContain('Place a signature on a page first.');
  });

  it('refuses a picture that declares more pixels than a signature has, before decoding it', async () => {
    // A PNG header claiming 30000 × 30000 pixels, and nothing behind it.
    const header = Buffer.alloc(33);
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(header);
    header.writeUInt32BE(30_000, 16);
    header.writeUInt32BE(30_000, 20);
    const res = await sign(contract, [{ kind: 'image', page: 1, x: 10, y: 10, width: 50, height: 50, image: dataUrl(header, 'png') }]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('30000 × 30000 pixels');
  });

  it('refuses a picture whose data is broken, and a box nowhere near the page', async () => {
    const broken = transparentSignaturePng().subarray(0, 60);
    const res = await sign(contract, [{ kind: 'image', page: 1, x: 10, y: 10, width: 50, height: 50, image: dataUrl(broken, 'png') }]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Signature: item 1 is not a readable picture.');
    const far = await sign(contract, [{ kind: 'text', page: 1, x: 10, y: 10, width: 5e9, height: 50, text: 'Far' }]);
    expect(far.status).toBe(400);
    expect(far.json.detail).toBe('Signature: item 1 lies too far from the page: coordinates and sizes go up to 200,000 points.');
  });

  it('stays bounded on large pictures and on 20,000 ink points', async () => {
    // A picture of about 700 KB (a photographed signature) fits the 1 MB a form field may carry.
    let started = Date.now();
    const photo = await sign(contract, [{ kind: 'image', page: 1, x: 72, y: 300, width: 200, height: 200, image: dataUrl(noisyPng(700_000), 'png') }]);
    expect(photo.status).toBe(200);
    expect(imageRows(photo.body)).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    // A 1 MB data URL is past it: refused as the request is read.
    started = Date.now();
    const big = await sign(contract, [{ kind: 'image', page: 1, x: 72, y: 300, width: 200, height: 200, image: dataUrl(noisyPng(800_000), 'png') }]);
    expect(big.status).toBe(400);
    expect(big.json.detail).toBe('Field value too long - items');
    expect(Date.now() - started).toBeLessThan(20_000);
    const points: [number, number][] = Array.from({ length: 20_000 }, (_, i) => [100 + (i % 400), 300 + 50 * Math.sin(i / 50)]);
    started = Date.now();
    const long = await sign(contract, [{ kind: 'ink', page: 1, x: 100, y: 250, width: 400, height: 100, strokes: [points] }]);
    expect(long.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(20_000);
    const tooLong = await sign(contract, [{ kind: 'ink', page: 1, x: 100, y: 250, width: 400, height: 100, strokes: [[...points, [1, 1]]] }]);
    expect(tooLong.status).toBe(400);
  });

  it('answers the standard 400s for a damaged or password-protected PDF', async () => {
    const items = [{ kind: 'ink', page: 1, x: 10, y: 10, width: 50, height: 50, strokes: [[[20, 20]]] }];
    const corrupt = await sign(CORRUPT_PDF, items);
    expect(corrupt.status).toBe(400);
    const locked = await sign(encryptPdf(contract, 'user-secret'), items);
    expect(locked.status).toBe(400);
    expect(locked.json.type).toBe('/errors/pdf-password');
  });

  it('runs as a pipeline step', async () => {
    const box = { x: 100, y: 300, width: 200, height: 80 };
    const definition = {
      name: 'Sign',
      pipeline: [{ operation: signTool.endpoint, parameters: { items: JSON.stringify([{ kind: 'text', page: 1, ...box, text: 'Piped Signer' }]) } }],
    };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [{ name: 'contract.pdf', content: contract }], { json: JSON.stringify(definition) });
    expect(res.status).toBe(200);
    expect(textIn(res.body, 1, regionOf(box))).toBe('Piped Signer');
  });
});
