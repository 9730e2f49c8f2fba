import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { decodeEntities, parseBboxLayout, parsePdfToHtmlXml, readTextLayout, readTextRuns, readWordBoxes } from './poppler-text';

describe('poppler text engine', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'folio-poppler-text-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const engine = () => ({ deadline: Date.now() + 20_000, timeLimitMs: 20_000, folder: dir });

  async function threePages(): Promise<string> {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const [index, text] of ['first page', 'second <page> & co', 'third page'].entries()) {
      const page = doc.addPage([300 + index * 100, 400]);
      page.drawText(text, { x: 50, y: 350, size: 20, font });
      page.drawText('below', { x: 50, y: 300, size: 10, font });
    }
    const path = join(dir, 'three.pdf');
    writeFileSync(path, await doc.save());
    return path;
  }

  it('reads words with boxes (top-left origin) for a page range', async () => {
    const pages = await readWordBoxes(await threePages(), { first: 2, last: 3 }, engine());
    expect(pages.map((p) => p.page)).toEqual([2, 3]);
    expect(pages[0].width).toBe(400);
    expect(pages[0].height).toBe(400);
    expect(pages[0].words.map((w) => w.text)).toEqual(['second', '<page>', '&', 'co', 'below']);
    const second = pages[0].words[0];
    expect(second.xMin).toBeCloseTo(50, 0);
    // Baseline at 350 from the bottom = 50 from the top; the word's box ends near it.
    expect(second.yMax).toBeGreaterThan(45);
    expect(second.yMax).toBeLessThan(56);
    expect(second.yMax - second.yMin).toBeGreaterThan(15);
  });

  it('groups words into blocks and lines', async () => {
    const [page] = await readTextLayout(await threePages(), { first: 1, last: 1 }, engine());
    const lines = page.blocks.flatMap((b) => b.lines).map((l) => l.words.map((w) => w.text).join(' '));
    expect(lines).toEqual(['first page', 'below']);
  });

  it('parses pages without text and decodes entities', () => {
    const xhtml = `<doc><page width="10" height="20"></page><page width="30" height="40"><flow><block xMin="1" yMin="2" xMax="3" yMax="4">
      <line xMin="1" yMin="2" xMax="3" yMax="4"><word xMin="1" yMin="2" xMax="3" yMax="4">a&amp;b&#233;&#x41;</word></line></block></flow></page></doc>`;
    const pages = parseBboxLayout(xhtml, 5);
    expect(pages.map((p) => [p.page, p.width, p.blocks.length])).toEqual([
      [5, 10, 0],
      [6, 30, 1],
    ]);
    expect(pages[1].blocks[0].lines[0].words[0]).toEqual({ text: 'a&béA', xMin: 1, yMin: 2, xMax: 3, yMax: 4 });
    expect(decodeEntities('&lt;&unknown;&#99999999;')).toBe('<&unknown;&#99999999;');
  });

  it('reads text runs with font sizes and weights', async () => {
    const doc = await PDFDocument.create();
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const regular = await doc.embedFont(StandardFonts.Courier);
    const page = doc.addPage([300, 400]);
    page.drawText('Title here', { x: 50, y: 350, size: 18, font: bold });
    page.drawText('code();', { x: 50, y: 300, size: 9, font: regular });
    const path = join(dir, 'runs.pdf');
    writeFileSync(path, await doc.save());
    const [runs] = await readTextRuns(path, { first: 1, last: 1 }, engine());
    expect(runs.page).toBe(1);
    expect(runs.runs.map(({ text, fontSize, bold: isBold, fontFamily }) => ({ text, fontSize, bold: isBold, fontFamily }))).toEqual([
      { text: 'Title here', fontSize: 18, bold: true, fontFamily: 'Helvetica' },
      { text: 'code();', fontSize: 9, bold: false, fontFamily: 'Courier' },
    ]);
    expect(runs.runs[0].xMin).toBeCloseTo(50, 0);
    expect(runs.runs[0].yMin).toBeGreaterThan(30);
    expect(runs.runs[0].yMax).toBeLessThan(56);
  });

  it('parses pdftohtml XML: fonts shared across pages, nested tags, bold by font name', () => {
    const xml = `<pdf2xml><page number="3" height="10" width="10"><fontspec id="0" size="12" family="ABCDEF+CMBX12" color="#000"/>
      <text top="1" left="2" width="3" height="4" font="0"><a href="x">A &amp; B</a></text></page>
      <page number="4"><text top="5" left="6" width="7" height="8" font="0"><i><b>C</b></i></text><text top="0" left="0" width="0" height="0" font="0"> </text></page></pdf2xml>`;
    expect(parsePdfToHtmlXml(xml)).toEqual([
      {
        page: 3,
        runs: [
          {
            text: 'A & B',
            xMin: 2,
            yMin: 1,
            xMax: 5,
            yMax: 5,
            fontSize: 12,
            fontFamily: 'CMBX12',
            bold: true,
            italic: false,
            pieces: [{ text: 'A & B', bold: true, italic: false }],
          },
        ],
      },
      {
        page: 4,
        runs: [
          {
            text: 'C',
            xMin: 6,
            yMin: 5,
            xMax: 13,
            yMax: 13,
            fontSize: 12,
            fontFamily: 'CMBX12',
            bold: true,
            italic: true,
            pieces: [{ text: 'C', bold: true, italic: true }],
          },
        ],
      },
    ]);
  });

  it('keeps the bold and italic words inside a run', () => {
    const xml = `<pdf2xml><page number="1"><fontspec id="0" size="12" family="Helvetica" color="#000"/>
      <text top="83" left="72" width="232" height="11" font="0">Water the <b>young seedlings</b> every <i>morning</i>.</text></page></pdf2xml>`;
    const [
      {
        runs: [run],
      },
    ] = parsePdfToHtmlXml(xml);
    expect(run).toMatchObject({ text: 'Water the young seedlings every morning.', bold: false, italic: false });
    expect(run.pieces).toEqual([
      { text: 'Water the ', bold: false, italic: false },
      { text: 'young seedlings', bold: true, italic: false },
      { text: ' every ', bold: false, italic: false },
      { text: 'morning', bold: false, italic: true },
      { text: '.', bold: false, italic: false },
    ]);
  });
});
