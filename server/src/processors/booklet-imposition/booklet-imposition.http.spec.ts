import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bookletImpositionTool } from '@folio/registry';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { inkShare, makePagesPdf, pageWords, renderPages, type Rendering } from '../../../test/support/page-geometry';
import { postTool, type Upload } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, makePdf, pageCount, pageTexts } from '../../../test/support/pdfs';
import { DAMAGED_PDFS } from '../../../test/corpus/damaged-pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { chromiumPdf, pdfinfo } from '../analysis-page-count/analysis-pdfs.fixtures';
import { regionText, reportlabLeaves, sheetSizes } from './printed-pdfs.fixtures';

const LATEX_REPORT = join(__dirname, '../../../test/corpus/latex/field-report.pdf');

const pdf = (content: Buffer, name = 'leaves.pdf'): Upload => ({ name, content });

/** The text of the left and right halves of each side, as pdftotext reads them. */
function halves(booklet: Buffer): [string, string][] {
  return sheetSizes(booklet).map(({ width, height }, i) => [
    regionText(booklet, i + 1, { x: 0, y: 0, width: width / 2, height }),
    regionText(booklet, i + 1, { x: width / 2, y: 0, width: width / 2, height }),
  ]);
}

/**
 * The pages in the order a reader meets them once the sides are printed back
 * to back (front, back, front, back…), stacked with the first sheet outermost
 * and folded in half, spine on the left: the right half of each front, the
 * left half of its back, down to the middle, then back out.
 */
function foldedReadingOrder(sides: [string, string][], spine: 'LEFT' | 'RIGHT' = 'LEFT'): string[] {
  const [outer, inner] = spine === 'LEFT' ? [1, 0] : [0, 1];
  const sheets = sides.length / 2;
  const order: string[] = [];
  for (let s = 0; s < sheets; s++) order.push(sides[2 * s][outer], sides[2 * s + 1][inner]);
  for (let s = sheets - 1; s >= 0; s--) order.push(sides[2 * s + 1][outer], sides[2 * s][inner]);
  return order;
}

/** Words of a text, for telling which source page a half shows. */
const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]{3,}/g) ?? []);

/** The 1-based source page whose words a half's text shares most (at least 80 %), or 0 for a blank half. */
function sourcePageOf(half: string, sourcePages: string[]): number {
  const seen = words(half);
  if (seen.size === 0) return 0;
  const scores = sourcePages.map((page) => {
    const expected = words(page);
    return [...expected].filter((w) => seen.has(w)).length / Math.max(expected.size, seen.size);
  });
  const best = Math.max(...scores);
  return best >= 0.8 ? scores.indexOf(best) + 1 : -1;
}

/** Share of dark pixels in a band of a rendered sheet, its whole height, x in points. */
function bandInk(render: Rendering, from: number, to: number): number {
  return inkShare(render, { left: from, top: 0, right: to, bottom: (render.height * 72) / render.dpi });
}

describe('Booklet (/api/v1/general/booklet-imposition)', () => {
  const server = useTestServer();
  const run = (upload: Upload, fields: Record<string, string | number | boolean> = {}) => postTool(server, bookletImpositionTool.endpoint, [upload], fields);

  it('imposes 6 reportlab pages on 2 landscape sheets of page 1’s size that read 1…6 when folded', async () => {
    const res = await run(pdf(reportlabLeaves(6)));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('leaves_booklet.pdf');
    expect(sheetSizes(res.body)).toEqual(Array.from({ length: 4 }, () => ({ width: 842, height: 595 })));
    const sides = halves(res.body);
    // Reference §8.1: sheet s carries N−1−2s | 2s on its front and 2s+1 | N−2−2s on its back (N = 8).
    expect(sides).toEqual([
      ['', 'Leaf 1'],
      ['Leaf 2', ''],
      ['Leaf 6', 'Leaf 3'],
      ['Leaf 4', 'Leaf 5'],
    ]);
    expect(foldedReadingOrder(sides)).toEqual(['Leaf 1', 'Leaf 2', 'Leaf 3', 'Leaf 4', 'Leaf 5', 'Leaf 6', '', '']);
    // Text stays text, and the title is carried.
    expect(pageTexts(res.body).join(' ')).toContain('Leaf 6');
    expect(pdfinfo(res.body).Title).toBe('Leaves');
  }, 120_000);

  it('reads 1…N when folded for documents from LibreOffice, Chromium and LaTeX', async () => {
    const office = await officeFixture(
      flatOdt(Array.from({ length: 5 }, (_, i) => `Office page ${['one', 'two', 'three', 'four', 'five'][i]} with its own words ${'abcdefghij'[i].repeat(4)}`)),
      '.fodt',
      'writer_pdf_Export',
      '.pdf',
    );
    for (const [name, source] of [
      ['office.pdf', office],
      ['chromium.pdf', await chromiumPdf(server)],
      ['report.pdf', readFileSync(LATEX_REPORT)],
    ] as const) {
      const res = await run(pdf(source, name));
      expect(res.status).toBe(200);
      // Read as the halves are (pdftotext's reading order, hyphenated words joined), not laid out.
      const sourcePages = Array.from({ length: pageCount(source) }, (_, i) => regionText(source, i + 1, { x: 0, y: 0, width: 2000, height: 2000 }));
      const count = Math.ceil(sourcePages.length / 4) * 4;
      expect(pageCount(res.body)).toBe(count / 2);
      const read = foldedReadingOrder(halves(res.body)).map((half) => sourcePageOf(half, sourcePages));
      const expected = Array.from({ length: count }, (_, i) => (i < sourcePages.length ? i + 1 : 0));
      expect({ name, read }).toEqual({ name, read: expected });
    }
  }, 120_000);

  it('swaps the halves for a spine on the right, so a right-to-left booklet reads 1…N', async () => {
    const res = await run(pdf(reportlabLeaves(8)), { spineLocation: 'right' });
    expect(res.status).toBe(200);
    const sides = halves(res.body);
    expect(sides[0]).toEqual(['Leaf 1', 'Leaf 8']);
    expect(foldedReadingOrder(sides, 'RIGHT')).toEqual(Array.from({ length: 8 }, (_, i) => `Leaf ${i + 1}`));
  }, 120_000);

  it('prints fronts only, then backs only, for printers without duplex (any case)', async () => {
    const source = reportlabLeaves(8);
    const both = halves((await run(pdf(source))).body);
    const fronts = await run(pdf(source), { duplexPass: 'first' });
    const backs = await run(pdf(source), { duplexPass: 'SECOND' });
    expect([fronts.status, backs.status]).toEqual([200, 200]);
    expect(halves(fronts.body)).toEqual([both[0], both[2]]);
    expect(halves(backs.body)).toEqual([both[1], both[3]]);
  }, 120_000);

  it('leaves a gap of the gutter’s width centred on the fold', async () => {
    const source = await makePagesPdf(Array.from({ length: 4 }, () => ({ size: [400, 600] as [number, number], edges: true })));
    const res = await run(pdf(source), { addGutter: true, gutterSize: 40 });
    expect(res.status).toBe(200);
    const [front] = await renderPages(res.body, 72);
    // Sheet 600 × 400: halves [0, 280] and [320, 600]; each 400 × 600 page is fitted to 266.7 × 400, centred.
    expect(bandInk(front, 281, 319)).toBe(0);
    // The pages' edge bars just beside the gap (without a gutter they would sit at 279…283 and 317…321).
    expect(bandInk(front, 270, 273)).toBeGreaterThan(0.9);
    expect(bandInk(front, 327, 330)).toBeGreaterThan(0.9);
  }, 120_000);

  it('shifts inner sheets’ pages towards the fold by the creep, the outermost not at all', async () => {
    const source = reportlabLeaves(16);
    const plain = await run(pdf(source));
    const crept = await run(pdf(source), { creep: 5 });
    expect([plain.status, crept.status]).toEqual([200, 200]);
    const x = (booklet: Buffer, side: number, word: string) => pageWords(booklet)[side - 1].find((w) => w.text === word)!.xMin;
    // Sheet 0 (sides 1, 2) stays; sheet 3's front (side 7: pages 10 | 7) moves 3 × 5 pt, its left page right, its right page left.
    expect(x(crept.body, 1, '1') - x(plain.body, 1, '1')).toBeCloseTo(0, 1);
    expect(x(crept.body, 7, '10') - x(plain.body, 7, '10')).toBeCloseTo(15, 1);
    expect(x(crept.body, 7, '7') - x(plain.body, 7, '7')).toBeCloseTo(-15, 1);
  }, 120_000);

  it('turns the backs upside down for a printer that flips on the short edge', async () => {
    const res = await run(pdf(reportlabLeaves(4)), { flipOnShortEdge: true });
    expect(res.status).toBe(200);
    const [front, back] = await renderPages(res.body, 36);
    const corner = (render: Rendering, x: number, y: number) => inkShare(render, { left: x, top: y, right: x + 20, bottom: y + 20 });
    // Sheet 842 × 595; each A4 page is fitted to 420.9 × 595 at x 0 and 421. Its black square is in its lower-left corner.
    expect(corner(front, 5, 570)).toBeGreaterThan(0.9);
    expect(corner(front, 426, 570)).toBeGreaterThan(0.9);
    // Turned by 180°: page 3 now on the left, page 2 on the right, squares in their upper-right corners.
    expect(corner(back, 396, 5)).toBeGreaterThan(0.9);
    expect(corner(back, 817, 5)).toBeGreaterThan(0.9);
    expect(corner(back, 5, 570)).toBe(0);
    expect(halves(res.body)[1]).toEqual(['Leaf 3', 'Leaf 2']);
  }, 120_000);

  it('shows turned pages upright and cropped pages by their crop box', async () => {
    const res = await run(pdf(reportlabLeaves(4, { rotated: [2], cropped: [3] })));
    expect(res.status).toBe(200);
    const sides = halves(res.body);
    // pdftotext reads text a clip hides ("Outside"), so the renders below say what is seen.
    expect(sides[1][0]).toMatch(/^Leaf 2\b/);
    expect(sides[1][1]).toBe('Leaf 3');
    // The cropped page's "Outside", just left of its crop box, would land at about (336…400, 288…305) from the top: nothing there.
    const [, back] = await renderPages(res.body, 72);
    expect(inkShare(back, { left: 330, top: 280, right: 415, bottom: 310 })).toBe(0);
    // The turned page is shown upright: its words run across, not down.
    const leaf = pageWords(res.body)[1].find((w) => w.text === 'Leaf')!;
    expect(leaf.xMax - leaf.xMin).toBeGreaterThan(leaf.yMax - leaf.yMin);
  }, 120_000);

  it('frames each half, blank ones too, when asked', async () => {
    const res = await run(pdf(await makePdf(1)), { addBorder: true });
    expect(res.status).toBe(200);
    const [front] = await renderPages(res.body, 72);
    // Page 1 (300 × 400) on a 400 × 300 sheet: its left half is blank but framed, the frames meeting at the fold.
    expect(bandInk(front, 198, 202)).toBeGreaterThan(0.4);
    expect(bandInk(front, 20, 180)).toBeGreaterThan(0);
    expect(inkShare(front, { left: 20, top: 20, right: 180, bottom: 280 })).toBe(0);
  }, 120_000);

  it('refuses other pages per sheet with the reference’s message, and unknown options', async () => {
    const four = await run(pdf(await makePdf(4)), { pagesPerSheet: 4 });
    expect(four.status).toBe(400);
    expect(JSON.stringify(four.json)).toContain('Booklet printing uses 2 pages per side (landscape). For 4-up, use the N-up feature.');
    const pass = await run(pdf(await makePdf(4)), { duplexPass: 'THIRD' });
    expect(pass.status).toBe(400);
    expect(JSON.stringify(pass.json)).toContain('Duplex pass must be BOTH, FIRST or SECOND.');
  }, 120_000);

  it('refuses a damaged file and one locked with a password', async () => {
    expect((await run(pdf(CORRUPT_PDF))).status).toBe(400);
    const locked = await run(pdf(encryptPdf(await makePdf(4), 'secret')));
    expect(locked.status).toBe(400);
  }, 120_000);

  it.each(DAMAGED_PDFS.filter((damaged) => damaged.kind === 'huge page').map((damaged) => [damaged.name, damaged] as const))(
    'answers a page with broken boxes (%s) with a result or a 400, never a 500',
    async (_name, damaged) => {
      const res = await run(pdf(await damaged.build()));
      expect([200, 400]).toContain(res.status);
    },
    60_000,
  );

  it('runs as a pipeline step', async () => {
    const definition = { name: 'Booklet', pipeline: [{ operation: bookletImpositionTool.endpoint, parameters: { addBorder: true } }] };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [pdf(reportlabLeaves(4))], { json: JSON.stringify(definition) });
    expect(res.status).toBe(200);
    // The pipeline answers application/octet-stream whatever its result.
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(halves(res.body)).toEqual([
      ['Leaf 4', 'Leaf 1'],
      ['Leaf 2', 'Leaf 3'],
    ]);
  }, 120_000);

  it('imposes a 300-page document', async () => {
    const res = await run(pdf(await makePdf(300)));
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBe(150);
    expect(regionText(res.body, 1, { x: 0, y: 0, width: 200, height: 300 })).toBe('doc page 300');
    expect(regionText(res.body, 1, { x: 200, y: 0, width: 200, height: 300 })).toBe('doc page 1');
  }, 120_000);
});
