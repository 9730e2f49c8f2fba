import { multiPageLayoutTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import {
  expectBoxNear,
  fittedRegion,
  imageCount,
  inkBox,
  inkShare,
  makePagesPdf,
  pageBoxes,
  pageWords,
  renderPages,
  wordBox,
  type Region,
  type Word,
} from '../../../test/support/page-geometry';
import { encryptPdf, isEncrypted, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

const A4 = { width: 595.28, height: 841.89 };
const PIXEL = 3.6; // at 20 dpi
const QUADRANTS = {
  topLeft: { left: 0, top: 0, right: A4.width / 2, bottom: A4.height / 2 },
  topRight: { left: A4.width / 2, top: 0, right: A4.width, bottom: A4.height / 2 },
  bottomLeft: { left: 0, top: A4.height / 2, right: A4.width / 2, bottom: A4.height },
  bottomRight: { left: A4.width / 2, top: A4.height / 2, right: A4.width, bottom: A4.height },
};
type Quadrant = keyof typeof QUADRANTS;

/** Which quadrant of an A4 sheet a word's centre lies in. */
function quadrantOf(word: Word): Quadrant {
  const x = (word.xMin + word.xMax) / 2;
  const y = (word.yMin + word.yMax) / 2;
  return `${y < A4.height / 2 ? 'top' : 'bottom'}${x < A4.width / 2 ? 'Left' : 'Right'}` as Quadrant;
}

describe('Multi Page Layout (/api/v1/general/multi-page-layout)', () => {
  const server = useTestServer();
  /** Grey pages p1…p7, so each placed page shows as ink. */
  let seven: Buffer;
  beforeAll(async () => {
    seven = await makePagesPdf(Array.from({ length: 7 }, () => ({ size: [300, 400] as [number, number], background: true })));
  });

  const layout = (fields: Record<string, string | number | boolean>, content = seven, name = 'report.pdf') =>
    postTool(server, multiPageLayoutTool.endpoint, [{ name, content }], fields);
  const firstPages = (count: number) => makePagesPdf(Array.from({ length: count }, () => ({ size: [300, 400] as [number, number], background: true })));

  it('puts two pages side by side on A4 sheets by default', async () => {
    const res = await layout({}, await firstPages(3));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('report_multi_page_layout.pdf');
    const boxes = await pageBoxes(res.body);
    expect(boxes.map((b) => [b.width, b.height])).toEqual([
      [A4.width, A4.height],
      [A4.width, A4.height],
    ]);
    const words = pageWords(res.body);
    expect(wordBox(words[0], 'p1').xMax).toBeLessThan(wordBox(words[0], 'p2').xMin);
    expect(words[1].map((w) => w.text)).toEqual(['p3']);

    const [first, second] = await renderPages(res.body);
    const left = fittedRegion(300, 400, { x: 0, y: 0, width: A4.width / 2, height: A4.height }, A4.height);
    expectBoxNear(inkBox(first), { ...left, right: A4.width }, PIXEL);
    expectBoxNear(inkBox(second), left, PIXEL);
    expect(imageCount(res.body)).toBe(0);
  });

  it('fills a 2 × 2 grid in reading order for 4 per sheet', async () => {
    const res = await layout({ pagesPerSheet: 4 });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toHaveLength(2);
    const words = pageWords(res.body);
    expect(['p1', 'p2', 'p3', 'p4'].map((w) => quadrantOf(wordBox(words[0], w)))).toEqual(['topLeft', 'topRight', 'bottomLeft', 'bottomRight']);
    expect(['p5', 'p6', 'p7'].map((w) => quadrantOf(wordBox(words[1], w)))).toEqual(['topLeft', 'topRight', 'bottomLeft']);

    const [sheet, last] = await renderPages(res.body);
    for (const quadrant of Object.values(QUADRANTS)) expect(inkShare(sheet, quadrant)).toBeGreaterThan(0.8);
    expect(inkShare(last, QUADRANTS.bottomRight)).toBe(0);
    expect(inkShare(last, QUADRANTS.bottomLeft)).toBeGreaterThan(0.8);
  });

  it('places 3 per sheet on a 2 × 2 grid, leaving the last cell empty', async () => {
    const res = await layout({ pagesPerSheet: 3 });
    expect(res.status).toBe(200);
    const words = pageWords(res.body);
    expect(words).toHaveLength(3);
    expect(['p1', 'p2', 'p3'].map((w) => quadrantOf(wordBox(words[0], w)))).toEqual(['topLeft', 'topRight', 'bottomLeft']);
    expect(['p4', 'p5', 'p6'].map((w) => quadrantOf(wordBox(words[1], w)))).toEqual(['topLeft', 'topRight', 'bottomLeft']);
    expect(words[2].map((w) => w.text)).toEqual(['p7']);
    const [sheet] = await renderPages(res.body);
    expect(inkShare(sheet, QUADRANTS.topLeft)).toBeGreaterThan(0.8);
    expect(inkShare(sheet, QUADRANTS.topRight)).toBeGreaterThan(0.8);
    expect(inkShare(sheet, QUADRANTS.bottomLeft)).toBeGreaterThan(0.8);
    expect(inkShare(sheet, QUADRANTS.bottomRight)).toBe(0);
  });

  it('fills column by column, right to left, when asked', async () => {
    const res = await layout({ pagesPerSheet: 4, arrangement: 'BY_COLUMNS', readingDirection: 'RTL' });
    const words = pageWords(res.body);
    expect(['p1', 'p2', 'p3', 'p4'].map((w) => quadrantOf(wordBox(words[0], w)))).toEqual(['topRight', 'bottomRight', 'topLeft', 'bottomLeft']);
  });

  it('takes rows and columns in CUSTOM mode, on landscape sheets', async () => {
    const res = await layout({ mode: 'CUSTOM', rows: 1, cols: 3, orientation: 'LANDSCAPE', pagesPerSheet: 16 });
    expect(res.status).toBe(200);
    const boxes = await pageBoxes(res.body);
    expect(boxes.map((b) => [b.width, b.height])).toEqual([
      [A4.height, A4.width],
      [A4.height, A4.width],
      [A4.height, A4.width],
    ]);
    const words = pageWords(res.body);
    expect(words.map((page) => page.map((w) => w.text))).toEqual([['p1', 'p2', 'p3'], ['p4', 'p5', 'p6'], ['p7']]);
    const [sheet] = await renderPages(res.body);
    const cell = { x: 0, y: 0, width: A4.height / 3, height: A4.width };
    expectBoxNear(inkBox(sheet), { ...fittedRegion(300, 400, cell, A4.width), right: A4.height - fittedRegion(300, 400, cell, A4.width).left }, PIXEL);
  });

  it('keeps the outer margins and the space around each page', async () => {
    const res = await layout({ pagesPerSheet: 4, topMargin: 100, leftMargin: 50, innerMargin: 10 });
    expect(res.status).toBe(200);
    const [sheet] = await renderPages(res.body);
    // Cells are (595.28 − 50) / 2 wide and (841.89 − 100) / 2 tall; pages sit 10 pt inside them.
    const cellWidth = (A4.width - 50) / 2;
    const cellHeight = (A4.height - 100) / 2;
    const firstCell = { x: 50 + 10, y: A4.height - 100 - cellHeight + 10, width: cellWidth - 20, height: cellHeight - 20 };
    const lastCell = { x: 50 + cellWidth + 10, y: 10, width: cellWidth - 20, height: cellHeight - 20 };
    const first = fittedRegion(300, 400, firstCell, A4.height);
    const last = fittedRegion(300, 400, lastCell, A4.height);
    expectBoxNear(inkBox(sheet), { left: first.left, top: first.top, right: last.right, bottom: last.bottom }, PIXEL);
    expect(inkShare(sheet, { left: 0, top: 0, right: A4.width, bottom: 100 })).toBe(0);
  });

  it('draws a border around each placed page only when asked', async () => {
    const plain = await makePagesPdf(Array.from({ length: 4 }, () => ({ size: [200, 400] as [number, number], text: '' })));
    // Page 1's place: the top-left cell, 200 × 400 fitted into 297.64 × 420.95.
    const placed = fittedRegion(200, 400, { x: 0, y: A4.height / 2, width: A4.width / 2, height: A4.height / 2 }, A4.height);
    const leftEdge: Region = { left: placed.left - 1.5, right: placed.left + 1.5, top: placed.top + 20, bottom: placed.bottom - 20 };
    const topEdge: Region = { left: placed.left + 20, right: placed.right - 20, top: placed.top - 1.5, bottom: placed.top + 1.5 };

    const bordered = await layout({ pagesPerSheet: 4, addBorder: true }, plain);
    const [withBorder] = await renderPages(bordered.body, 40);
    expect(inkShare(withBorder, leftEdge)).toBeGreaterThan(0.3);
    expect(inkShare(withBorder, topEdge)).toBeGreaterThan(0.3);
    expect(inkShare(withBorder, { left: placed.left + 5, right: placed.right - 5, top: placed.top + 5, bottom: placed.bottom - 5 })).toBe(0);

    const unbordered = await layout({ pagesPerSheet: 4, addBorder: false }, plain);
    const [withoutBorder] = await renderPages(unbordered.body, 40);
    expect(inkBox(withoutBorder)).toBeUndefined();
  });

  it('shows a rotated page as a viewer does', async () => {
    const content = await makePagesPdf([
      { size: [300, 400], background: true },
      { size: [300, 400], rotate: 90, background: true, text: 'turned' },
    ]);
    const res = await layout({ pagesPerSheet: 4 }, content);
    const [sheet] = await renderPages(res.body);
    // Shown 400 × 300, fitted into the top-right cell.
    const cell = { x: A4.width / 2, y: A4.height / 2, width: A4.width / 2, height: A4.height / 2 };
    const turned = fittedRegion(400, 300, cell, A4.height);
    expect(inkShare(sheet, { left: turned.left + 4, right: turned.right - 4, top: turned.top + 4, bottom: turned.bottom - 4 })).toBeGreaterThan(0.95);
    expect(inkShare(sheet, { left: cell.x + 4, right: A4.width - 4, top: 4, bottom: turned.top - 4 })).toBe(0);
    const word = wordBox(pageWords(res.body)[0], 'turned');
    expect(word.xMax - word.xMin).toBeGreaterThan(2 * (word.yMax - word.yMin));
  });

  it.each([
    [{ pagesPerSheet: 0 }, 'Pages per sheet must be between 1 and 16.'],
    [{ pagesPerSheet: 17 }, 'Pages per sheet must be between 1 and 16.'],
    [{ pagesPerSheet: 2.5 }, 'Pages per sheet must be between 1 and 16.'],
    [{ pagesPerSheet: 'two' }, 'Pages per sheet must be between 1 and 16.'],
    [{ mode: 'custom' }, 'Mode must be DEFAULT or CUSTOM.'],
    [{ mode: 'CUSTOM', cols: 2 }, 'Rows and columns must be whole numbers from 1 to 300.'],
    [{ mode: 'CUSTOM', rows: 301, cols: 2 }, 'Rows and columns must be whole numbers from 1 to 300.'],
    [{ arrangement: 'DIAGONAL' }, 'Arrangement must be BY_ROWS or BY_COLUMNS.'],
    [{ readingDirection: 'TTB' }, 'Reading direction must be LTR or RTL.'],
    [{ orientation: 'SQUARE' }, 'Orientation must be PORTRAIT or LANDSCAPE.'],
    [{ topMargin: -1 }, 'Margins must be whole numbers of points, 0 or more.'],
    [{ leftMargin: 300, rightMargin: 300 }, 'The margins leave no room on the sheet for the pages.'],
    [{ pagesPerSheet: 4, innerMargin: 150 }, 'The inner margin leaves no room for the pages: each cell is 297 × 420 pt.'],
  ])('refuses %p with 400', async (fields, message) => {
    const res = await layout(fields);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, detail: message });
  });

  it('works on an owner-password-protected PDF and returns it unencrypted', async () => {
    const res = await layout({ pagesPerSheet: 9 }, encryptPdf(seven, ''));
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    const words = pageWords(res.body);
    expect(words).toHaveLength(1);
    // 3 × 3: p1 to p3 on the top row from the left, p7 starting the bottom row.
    const [p1, p3, p4, p7] = ['p1', 'p3', 'p4', 'p7'].map((w) => wordBox(words[0], w));
    expect(p1.yMin).toBeCloseTo(p3.yMin, 0);
    expect(p1.xMin).toBeLessThan(p3.xMin);
    expect(p4.yMin).toBeGreaterThan(p1.yMax);
    expect(p7.yMin).toBeGreaterThan(p4.yMax);
    expect(p7.xMin).toBeCloseTo(p1.xMin, 0);
  });
});
