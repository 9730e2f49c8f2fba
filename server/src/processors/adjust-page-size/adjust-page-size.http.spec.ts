import { adjustPageSizeTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { expectBoxNear, fittedRegion, imageCount, inkBox, makePagesPdf, pageBoxes, pageWords, renderPages, wordBox } from '../../../test/support/page-geometry';
import { encryptPdf, isEncrypted, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

const A4 = { width: 595.28, height: 841.89 };
/** At 20 dpi a pixel is 3.6 pt. */
const PIXEL = 3.6;

describe('Adjust Page Size / Scale (/api/v1/general/scale-pages)', () => {
  const server = useTestServer();
  let mixed: Buffer;
  beforeAll(async () => {
    // Grey pages, so the renderer shows exactly where each landed: portrait, landscape, and a
    // portrait page with /Rotate 90 that a viewer shows as 400 × 300.
    mixed = await makePagesPdf([
      { size: [300, 400], background: true, text: 'first' },
      { size: [600, 300], background: true, text: 'second' },
      { size: [300, 400], rotate: 90, background: true, text: 'turned' },
    ]);
  });

  const adjust = (fields: Record<string, string | number> = {}, content = mixed, name = 'report.pdf') =>
    postTool(server, adjustPageSizeTool.endpoint, [{ name, content }], fields);

  it('fits every page to A4 by default, centred, as vector content', async () => {
    const res = await adjust();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('report_scaled.pdf');

    const boxes = await pageBoxes(res.body);
    expect(boxes.map((b) => [b.width, b.height, b.rotate])).toEqual([
      [A4.width, A4.height, 0],
      [A4.width, A4.height, 0],
      [A4.width, A4.height, 0],
    ]);
    expect(pageTexts(res.body)).toEqual(['first', 'second', 'turned']);
    expect(imageCount(res.body)).toBe(0);

    const sheet = { x: 0, y: 0, ...A4 };
    const pages = await renderPages(res.body);
    expectBoxNear(inkBox(pages[0]), fittedRegion(300, 400, sheet, A4.height), PIXEL);
    expectBoxNear(inkBox(pages[1]), fittedRegion(600, 300, sheet, A4.height), PIXEL);
    // The rotated page keeps the look it had in a viewer: landscape.
    expectBoxNear(inkBox(pages[2]), fittedRegion(400, 300, sheet, A4.height), PIXEL);
  });

  it('scales the text with the page and keeps it upright where it was', async () => {
    const res = await adjust();
    const words = pageWords(res.body);
    // Each label sat 30 pt from the left of the page as shown, 16 pt high.
    const first = fittedRegion(300, 400, { x: 0, y: 0, ...A4 }, A4.height);
    const scale = (first.right - first.left) / 300;
    const label = wordBox(words[0], 'first');
    expect(label.xMin).toBeCloseTo(first.left + 30 * scale, 0);
    const baseline = first.bottom - 40 * scale;
    expect(label.yMin).toBeLessThan(baseline);
    expect(label.yMax).toBeGreaterThan(baseline);
    expect(label.yMax - label.yMin).toBeGreaterThan(16 * scale * 0.8);
    expect(label.yMax - label.yMin).toBeLessThan(16 * scale * 1.4);
    // Reads left to right on the rotated page too: wider than tall.
    const turned = wordBox(words[2], 'turned');
    expect(turned.xMax - turned.xMin).toBeGreaterThan(2 * (turned.yMax - turned.yMin));
  });

  it('multiplies the fit by the scale factor and swaps the size for LANDSCAPE', async () => {
    const res = await adjust({ pageSize: 'LETTER', orientation: 'LANDSCAPE', scaleFactor: 0.5 });
    expect(res.status).toBe(200);
    const boxes = await pageBoxes(res.body);
    expect(boxes.map((b) => [b.width, b.height])).toEqual([
      [792, 612],
      [792, 612],
      [792, 612],
    ]);
    const [page] = await renderPages(res.body);
    expectBoxNear(inkBox(page), fittedRegion(300, 400, { x: 0, y: 0, width: 792, height: 612 }, 612, 0.5), PIXEL);
  });

  it('accepts the orientation in any case', async () => {
    const res = await adjust({ pageSize: 'A6', orientation: 'landscape' });
    expect(res.status).toBe(200);
    expect((await pageBoxes(res.body))[0]).toMatchObject({ width: 419.53, height: 297.64 });
  });

  it('KEEP gives every page the size of the first page as shown, whatever the orientation', async () => {
    const rotatedFirst = await makePagesPdf([
      { size: [300, 400], rotate: 90, background: true },
      { size: [600, 300], background: true },
    ]);
    const res = await adjust({ pageSize: 'KEEP', orientation: 'LANDSCAPE' }, rotatedFirst);
    expect(res.status).toBe(200);
    const boxes = await pageBoxes(res.body);
    expect(boxes.map((b) => [b.width, b.height])).toEqual([
      [400, 300],
      [400, 300],
    ]);
    const pages = await renderPages(res.body);
    const sheet = { x: 0, y: 0, width: 400, height: 300 };
    expectBoxNear(inkBox(pages[0]), fittedRegion(400, 300, sheet, 300), PIXEL);
    expectBoxNear(inkBox(pages[1]), fittedRegion(600, 300, sheet, 300), PIXEL);
  });

  it.each([
    ['scaleFactor', '0', 'Scale factor must be greater than 0.'],
    ['scaleFactor', '-1', 'Scale factor must be greater than 0.'],
    ['scaleFactor', 'big', 'Scale factor must be greater than 0.'],
    ['pageSize', 'a4', 'Invalid page size format: use KEEP, A0 to A6, LETTER or LEGAL.'],
    ['pageSize', 'B5', 'Invalid page size format: use KEEP, A0 to A6, LETTER or LEGAL.'],
    ['orientation', 'SIDEWAYS', 'Orientation must be PORTRAIT or LANDSCAPE.'],
  ])('refuses %s=%p with 400', async (field, value, message) => {
    const res = await adjust({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, detail: message, error: message });
  });

  it('works on an owner-password-protected PDF and returns it unencrypted', async () => {
    const res = await adjust({ pageSize: 'A5' }, encryptPdf(mixed, ''));
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    expect(pageTexts(res.body)).toEqual(['first', 'second', 'turned']);
    expect((await pageBoxes(res.body))[0]).toMatchObject({ width: 419.53, height: 595.28 });
  });

  it('keeps a blank page that has no content stream', async () => {
    const res = await adjust({}, await makePagesPdf([{ size: [200, 200], text: '' }, { size: [200, 200] }]));
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(['', 'p2']);
  });
});
