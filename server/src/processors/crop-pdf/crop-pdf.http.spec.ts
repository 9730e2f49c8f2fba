import { cropPdfTool } from '@folio/registry';
import { decompressionBomb } from '../../../test/support/hostile-pdfs';
import { postTool } from '../../../test/support/http';
import { inkShare, makePagesPdf, pageBoxes, pageWords, renderPages, wordBox, type PageBoxes } from '../../../test/support/page-geometry';
import { encryptPdf, isEncrypted, pageTexts } from '../../../test/support/pdfs';
import { leftoversAfterCleanup, startTestServer, type TestServer } from '../../../test/support/test-server';

const REQUIRED = 'Crop coordinates (x, y, width, height) are required when auto-crop is not enabled';

describe('Crop PDF (/api/v1/general/crop)', () => {
  let server: TestServer;
  let mixed: Buffer;
  beforeAll(async () => {
    server = await startTestServer();
    // Black bars along every edge; a landscape page; a portrait page with /Rotate 90 (shown 400 × 300).
    mixed = await makePagesPdf([
      { size: [300, 400], edges: true, text: 'first' },
      { size: [600, 300], edges: true, text: 'second' },
      { size: [300, 400], rotate: 90, edges: true, text: 'turned' },
    ]);
  });
  afterAll(() => server.close());
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });

  const crop = (fields: Record<string, string | number | boolean>, content = mixed, name = 'report.pdf') =>
    postTool(server, cropPdfTool.endpoint, [{ name, content }], fields);
  const boxesOf = (boxes: PageBoxes[]) => boxes.map((b) => [b.mediaBox, b.cropBox]);

  it('cuts the margins from every page by its own size, as the page is shown', async () => {
    const res = await crop({ top: 10, right: 20, bottom: 15, left: 12 });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('report_cropped.pdf');
    const boxes = await pageBoxes(res.body);
    expect(boxesOf(boxes)).toEqual([
      [
        [12, 15, 280, 390],
        [12, 15, 280, 390],
      ],
      [
        [12, 15, 580, 290],
        [12, 15, 580, 290],
      ],
      // Rotated 90° clockwise: the shown top is the page's left edge, the shown right its top, ...
      [
        [10, 12, 285, 380],
        [10, 12, 285, 380],
      ],
    ]);
    expect(boxes.map((b) => [b.width, b.height, b.rotate])).toEqual([
      [268, 375, 0],
      [568, 275, 0],
      [368, 275, 90],
    ]);
    // The text is still text, moved by the left and bottom margins (it sat 30 pt from the left, baseline 40 pt up).
    expect(pageTexts(res.body)).toEqual(['first', 'second', 'turned']);
    const words = pageWords(res.body);
    expect(wordBox(words[0], 'first').xMin).toBeCloseTo(30 - 12, 0);
    expect(wordBox(words[2], 'turned').xMin).toBeCloseTo(30 - 12, 0);
    expect(wordBox(words[2], 'turned').yMax).toBeGreaterThan(275 - (40 - 15));
  });

  describe.each(['top', 'right', 'bottom', 'left'] as const)('a %s margin', (side) => {
    const opposite = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' } as const;
    /** The middle half of the strip 4 pt deep along one edge of a shown page. */
    const strip = (edge: 'top' | 'right' | 'bottom' | 'left', width: number, height: number) =>
      ({
        top: { left: width / 4, right: (3 * width) / 4, top: 0, bottom: 4 },
        bottom: { left: width / 4, right: (3 * width) / 4, top: height - 4, bottom: height },
        left: { left: 0, right: 4, top: height / 4, bottom: (3 * height) / 4 },
        right: { left: width - 4, right: width, top: height / 4, bottom: (3 * height) / 4 },
      })[edge];

    it(`removes the ${side} edge of every page, rotated or not, and keeps the ${opposite[side]}`, async () => {
      const res = await crop({ [side]: 10 });
      expect(res.status).toBe(200);
      const boxes = await pageBoxes(res.body);
      const pages = await renderPages(res.body);
      expect(pages).toHaveLength(3);
      pages.forEach((page, i) => {
        const { width, height } = boxes[i];
        expect([i, side, inkShare(page, strip(side, width, height))]).toEqual([i, side, 0]);
        expect(inkShare(page, strip(opposite[side], width, height))).toBeGreaterThan(0.9);
      });
    });
  });

  it('applies an API client rectangle (PDF coordinates, lower-left origin) to every page', async () => {
    const res = await crop({ x: 20, y: 20, width: 200, height: 150, removeDataOutsideCrop: false });
    expect(res.status).toBe(200);
    expect(boxesOf(await pageBoxes(res.body))).toEqual([
      [
        [20, 20, 220, 170],
        [20, 20, 220, 170],
      ],
      [
        [20, 20, 220, 170],
        [20, 20, 220, 170],
      ],
      [
        [20, 20, 220, 170],
        [20, 20, 220, 170],
      ],
    ]);
  });

  it("with neither a margin above 0 nor a rectangle, crops nothing (the form's defaults)", async () => {
    const res = await crop({ top: 0, right: 0, bottom: 0, left: 0 });
    expect(res.status).toBe(200);
    expect(boxesOf(await pageBoxes(res.body)).map(([media]) => media)).toEqual([
      [0, 0, 300, 400],
      [0, 0, 600, 300],
      [0, 0, 300, 400],
    ]);
    expect(pageTexts(res.body)).toEqual(pageTexts(mixed));
  });

  it('clips a rectangle larger than a page to the page', async () => {
    const res = await crop({ x: -50, y: 100, width: 1000, height: 1000 });
    expect(boxesOf(await pageBoxes(res.body)).map(([media]) => media)).toEqual([
      [0, 100, 300, 400],
      [0, 100, 600, 300],
      [0, 100, 300, 400],
    ]);
  });

  it('prefers margins over the rectangle the page computes for its first page', async () => {
    // What the web page sends: the margins, and x/y/width/height worked out from page 1.
    const res = await crop({ top: 10, right: 0, bottom: 0, left: 0, x: 0, y: 0, width: 300, height: 390 });
    expect(boxesOf(await pageBoxes(res.body)).map(([media]) => media)).toEqual([
      [0, 0, 300, 390],
      [0, 0, 600, 290],
      [10, 0, 300, 400],
    ]);
  });

  it.each([
    [{ x: 0, y: 0, width: 100 }, REQUIRED],
    [{ top: 0, right: 0, bottom: 0, left: 0, height: 50 }, REQUIRED],
    [
      { left: 150, right: 150 },
      'The margins leave nothing of page 1, which is 300 × 400 px: left and right together must be less than its width, top and bottom less than its height.',
    ],
    [{ x: 400, y: 0, width: 100, height: 100 }, 'The crop rectangle (x 400, y 0, width 100, height 100) lies outside page 1.'],
    [{ top: -5 }, 'Margins must be numbers of 0 or more.'],
    [{ right: 'wide' }, 'Margins must be numbers of 0 or more.'],
    [{ x: 0, y: 0, width: 0, height: 100 }, 'Crop width must be greater than 0.'],
    [{ x: 0, y: 0, width: 10, height: -1 }, 'Crop height must be greater than 0.'],
    [{ autoCrop: 'maybe' }, 'Crop to the content automatically: expected true or false.'],
  ])('refuses %p with 400', async (fields, message) => {
    const res = await crop(fields);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, detail: message });
  });

  it('says which page the margins do not fit', async () => {
    const res = await crop({ top: 200, bottom: 150 });
    expect(res.status).toBe(400);
    // 350 pt of 400 fits page 1 (shown 300 × 400) but not page 2 (shown 600 × 300).
    expect(res.json.detail).toMatch(/^The margins leave nothing of page 2, which is 600 × 300 px/);
  });

  it('with autoCrop, crops each page to its own content and leaves a blank page whole', async () => {
    const content = await makePagesPdf([
      { size: [300, 400], text: '', block: { x: 50, y: 100, width: 120, height: 80 } },
      { size: [200, 200], text: '' },
      { size: [300, 400], rotate: 90, text: '', block: { x: 200, y: 50, width: 60, height: 100 } },
    ]);
    const res = await crop({ autoCrop: true, top: 5, x: 1, y: 1, width: 2, height: 2 }, content);
    expect(res.status).toBe(200);
    const [first, blank, turned] = await pageBoxes(res.body);
    const near = (actual: number[], expected: number[]) => actual.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThanOrEqual(1.5));
    near(first.cropBox, [50, 100, 170, 180]);
    near(first.mediaBox, [50, 100, 170, 180]);
    expect(blank.cropBox).toEqual([0, 0, 200, 200]);
    near(turned.cropBox, [200, 50, 260, 150]);
    expect(turned.rotate).toBe(90);
  });

  it('works on an owner-password-protected PDF and returns it unencrypted', async () => {
    const res = await crop({ top: 10, right: 10, bottom: 10, left: 10 }, encryptPdf(mixed, ''));
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    expect(pageTexts(res.body)).toEqual(['first', 'second', 'turned']);
    expect((await pageBoxes(res.body))[0].cropBox).toEqual([10, 10, 290, 390]);
  });

  it('refuses autoCrop for a document over the rendering page limit', async () => {
    const small = await startTestServer({ maxRasterPages: 2 });
    try {
      const res = await postTool(small, cropPdfTool.endpoint, [{ name: 'a.pdf', content: mixed }], { autoCrop: true });
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('This tool handles documents of up to 2 pages; this one has 3.');
    } finally {
      await small.close();
    }
  });

  it('refuses autoCrop on a page whose content inflates to gigabytes, before drawing it', async () => {
    const res = await crop({ autoCrop: true }, decompressionBomb());
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('The page content of "report.pdf" inflates to more than 512 MB when read, more than this server will render or read.');
  });
});
