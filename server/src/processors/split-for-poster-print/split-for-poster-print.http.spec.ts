import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { splitForPosterPrintTool } from '@folio/registry';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { inkShare, makePagesPdf, renderPages } from '../../../test/support/page-geometry';
import { postTool, type Upload } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, makePdf, pageTexts } from '../../../test/support/pdfs';
import { DAMAGED_PDFS } from '../../../test/corpus/damaged-pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { chromiumPdf } from '../analysis-page-count/analysis-pdfs.fixtures';
import { QUADRANT_WORDS, regionText, reportlabQuadrants, sheetSizes } from '../booklet-imposition/printed-pdfs.fixtures';

const LATEX_REPORT = join(__dirname, '../../../test/corpus/latex/field-report.pdf');
const A4 = { width: 595.28, height: 841.89 };

const pdf = (content: Buffer, name = 'plan.pdf'): Upload => ({ name, content });

/** The one PDF inside a poster ZIP, with its entry name. */
function posterOf(zip: Buffer): { name: string; pdf: Buffer } {
  const entries = new AdmZip(zip).getEntries();
  expect(entries).toHaveLength(1);
  return { name: entries[0].entryName, pdf: entries[0].getData() };
}

/** The text pdftotext finds in the middle of each tile (pdftotext reads clipped text too, so only the middle says which cell a tile shows). */
function tileCentres(poster: Buffer): string[] {
  return sheetSizes(poster).map(({ width, height }, i) => regionText(poster, i + 1, { x: width / 4, y: height / 4, width: width / 2, height: height / 2 }));
}

/** Words of a text, for comparing what tiles show with their source page. */
const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? []);

describe('Poster (/api/v1/general/split-for-poster-print)', () => {
  const server = useTestServer();
  const run = (upload: Upload, fields: Record<string, string | number | boolean> = {}) => postTool(server, splitForPosterPrintTool.endpoint, [upload], fields);

  it('cuts a page into 2 × 2 A4 tiles, rows top to bottom, answered as <b>_poster.pdf in <b>_poster.zip', async () => {
    const res = await run(pdf(reportlabQuadrants()));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('plan_poster.zip');
    const poster = posterOf(res.body);
    expect(poster.name).toBe('plan_poster.pdf');
    const sizes = sheetSizes(poster.pdf);
    expect(sizes).toHaveLength(4);
    for (const size of sizes) {
      expect(size.width).toBeCloseTo(A4.width, 1);
      expect(size.height).toBeCloseTo(A4.height, 1);
    }
    expect(tileCentres(poster.pdf)).toEqual([...QUADRANT_WORDS]);
  }, 120_000);

  it('runs the columns from the right when asked, and reads XFactor, YFactor and sizes in any case', async () => {
    const rtl = posterOf((await run(pdf(reportlabQuadrants()), { rightToLeft: true })).body);
    expect(tileCentres(rtl.pdf)).toEqual(['Bravo', 'Alpha', 'Delta', 'Charlie']);

    const res = await run(pdf(await makePdf(1)), { XFactor: 3, YFactor: 1, pageSize: 'letter' });
    expect(res.status).toBe(200);
    expect(sheetSizes(posterOf(res.body).pdf)).toEqual(Array.from({ length: 3 }, () => ({ width: 612, height: 792 })));
    const tabloid = await run(pdf(await makePdf(1)), { xFactor: 1, yFactor: 1, pageSize: 'TABLOID' });
    expect(sheetSizes(posterOf(tabloid.body).pdf)).toEqual([{ width: 792, height: 1224 }]);
  }, 120_000);

  it('shows only its own cell on each tile: the margins stay blank', async () => {
    // A landscape page, grey all over: each 421 × 298 cell fills an A4 tile's width, leaving 211 pt above and below.
    const source = await makePagesPdf([{ size: [842, 595], background: true, text: '' }]);
    const poster = posterOf((await run(pdf(source))).body);
    const renders = await renderPages(poster.pdf, 36);
    expect(renders).toHaveLength(4);
    for (const render of renders) {
      expect(inkShare(render, { left: 10, top: 220, right: 585, bottom: 620 })).toBeGreaterThan(0.95);
      // The reference draws the rest of the page here (the neighbouring row's cell).
      expect(inkShare(render, { left: 0, top: 0, right: 595, bottom: 200 })).toBe(0);
      expect(inkShare(render, { left: 0, top: 642, right: 595, bottom: 842 })).toBe(0);
    }
  }, 120_000);

  it('repeats the overlap of each neighbour beyond an inner edge, and marks the corners to cut along', async () => {
    // A black block just right of the middle of an A4 page: it belongs to the right-hand column.
    const source = await makePagesPdf([{ size: [595, 842], text: '', block: { x: 300, y: 400, width: 20, height: 40 } }]);
    const blockOnLeftTile = async (fields: Record<string, string | number | boolean>) => {
      const poster = posterOf((await run(pdf(source), { xFactor: 2, yFactor: 1, ...fields })).body);
      const [left] = await renderPages(poster.pdf, 72);
      // Scale 1: the left cell (297.6 wide) sits at x 148.8, so the block would be at 448.8…468.8.
      return inkShare(left, { left: 451, top: 404, right: 466, bottom: 438 });
    };
    expect(await blockOnLeftTile({})).toBe(0);
    expect(await blockOnLeftTile({ overlap: 36 })).toBeGreaterThan(0.9);

    const marked = posterOf((await run(pdf(source), { xFactor: 2, yFactor: 1, cropMarks: true })).body);
    const [tile] = await renderPages(marked.pdf, 144);
    // With room for marks the cell is scaled to 0.957 and centred: its left edge at x 155.2, its content from y 18 to 824.
    expect(inkShare(tile, { left: 153, top: 827, right: 157, bottom: 839 })).toBeGreaterThan(0);
    expect(inkShare(tile, { left: 153, top: 3, right: 157, bottom: 15 })).toBeGreaterThan(0);
    expect(inkShare(tile, { left: 100, top: 300, right: 150, bottom: 500 })).toBe(0);
  }, 120_000);

  it('cuts what a viewer shows: turned pages upright, cropped pages by their crop box', async () => {
    for (const options of [{ rotated: true }, { cropped: true }, { rotated: true, cropped: true }]) {
      const res = await run(pdf(reportlabQuadrants(options)));
      expect(res.status).toBe(200);
      expect({ options, centres: tileCentres(posterOf(res.body).pdf) }).toEqual({ options, centres: [...QUADRANT_WORDS] });
    }
  }, 120_000);

  it('keeps every word of documents from LaTeX, LibreOffice and Chromium across the tiles', async () => {
    const office = await officeFixture(
      flatOdt(['Poster heading with several words spread across the whole width of the printed page']),
      '.fodt',
      'writer_pdf_Export',
      '.pdf',
    );
    for (const [name, source] of [
      ['report.pdf', readFileSync(LATEX_REPORT)],
      ['office.pdf', office],
      ['chromium.pdf', await chromiumPdf(server)],
    ] as const) {
      const res = await run(pdf(source, name), { xFactor: 2, yFactor: 2 });
      expect(res.status).toBe(200);
      const poster = posterOf(res.body).pdf;
      const sourcePages = pageTexts(source);
      expect(sheetSizes(poster)).toHaveLength(sourcePages.length * 4);
      // Page 1's words, each seen in the part of some tile that shows its cell (a word cut by a cell edge may be split).
      const expected = words(regionText(source, 1, { x: 0, y: 0, width: 1000, height: 1000 }));
      const seen = new Set([0, 1, 2, 3].flatMap((i) => [...words(regionText(poster, i + 1, { x: 0, y: 0, width: 1000, height: 1000 }))]));
      const found = [...expected].filter((w) => seen.has(w)).length / expected.size;
      expect({ name, found: found > 0.9 }).toEqual({ name, found: true });
      // Text stays text: nothing is rendered.
      expect(pageTexts(poster)[0]).not.toBe('');
    }
  }, 180_000);

  it('refuses factors out of 1…10, unknown sizes, and more tiles than one request may make', async () => {
    for (const fields of [{ xFactor: 0 }, { yFactor: 11 }, { xFactor: 2.5 }] as Record<string, number>[]) {
      const res = await run(pdf(await makePdf(1)), fields);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain('Factors must be whole numbers from 1 to 10.');
    }
    const size = await run(pdf(await makePdf(1)), { pageSize: 'B5' });
    expect(size.status).toBe(400);
    expect(JSON.stringify(size.json)).toContain('Page size must be A4, Letter, A3, A5, Legal or Tabloid.');
    const many = await run(pdf(await makePdf(101)), { xFactor: 10, yFactor: 10 });
    expect(many.status).toBe(400);
    expect(JSON.stringify(many.json)).toContain('The poster would have 10100 tiles');
  }, 120_000);

  it('refuses a damaged file and one locked with a password', async () => {
    expect((await run(pdf(CORRUPT_PDF))).status).toBe(400);
    expect((await run(pdf(encryptPdf(await makePdf(1), 'secret')))).status).toBe(400);
  }, 60_000);

  it.each(DAMAGED_PDFS.filter((damaged) => damaged.kind === 'huge page').map((damaged) => [damaged.name, damaged] as const))(
    'answers a page with broken boxes (%s) with a result or a 400, never a 500',
    async (_name, damaged) => {
      const res = await run(pdf(await damaged.build()));
      expect([200, 400]).toContain(res.status);
    },
    60_000,
  );

  it('runs as a pipeline step', async () => {
    const definition = { name: 'Poster', pipeline: [{ operation: splitForPosterPrintTool.endpoint, parameters: { xFactor: 2, yFactor: 1 } }] };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [pdf(reportlabQuadrants())], { json: JSON.stringify(definition) });
    expect(res.status).toBe(200);
    // The pipeline unpacks a step's ZIP: its one PDF is the answer.
    expect(res.fileName).toBe('plan_poster.pdf');
    expect(sheetSizes(res.body)).toHaveLength(2);
    expect(tileCentres(res.body)[0]).toBe('Alpha');
  }, 60_000);
});
