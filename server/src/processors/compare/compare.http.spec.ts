import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareTool } from '@folio/registry';
import { stopChromium } from '../../engines/chromium';
import { countPixels } from '../../../test/support/html-documents';
import { postTool, type ToolResponse } from '../../../test/support/http';
import { pageWords, wordBox } from '../../../test/support/page-geometry';
import { CORRUPT_PDF, encryptPdf, makePdf, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { joinPdfs, textPdf } from '../../../test/support/scanned-pdfs';
import { useTestServer } from '../../../test/support/test-server';
import {
  changedMinutes,
  letterByChromium,
  letterByLibreOffice,
  longReport,
  MINUTES,
  officeDocument,
  PLANTED,
  renderPage,
  replacePage,
  SCAN_MARK,
  scanPair,
  turnedNote,
  twoColumnReport,
} from './compare-pdfs.fixtures';

jest.setTimeout(180_000);

interface Box {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Difference {
  id: number;
  kind: 'inserted' | 'deleted' | 'changed' | 'visual';
  before: string;
  after: string;
  original: { pages: number[]; boxes: Box[] };
  changed: { pages: number[]; boxes: Box[] };
}

const pdf = (name: string, content: Buffer) => ({ name, content });
const changedPdf = (name: string, content: Buffer) => ({ name, field: 'compareFile', content });

/** Whether box a holds box b, give or take `slack` points. */
function holds(a: Omit<Box, 'page'>, b: Omit<Box, 'page'>, slack = 2): boolean {
  return a.x <= b.x + slack && a.y <= b.y + slack && a.x + a.width >= b.x + b.width - slack && a.y + a.height >= b.y + b.height - slack;
}

describe('Compare (/api/v1/misc/compare)', () => {
  const server = useTestServer();
  afterAll(() => stopChromium());

  const compare = (original: Buffer, changed: Buffer, fields: Record<string, string> = {}): Promise<ToolResponse> =>
    postTool(server, compareTool.endpoint, [pdf('minutes.pdf', original), changedPdf('minutes-v2.pdf', changed)], fields);

  let minutes: Buffer;
  let minutesV2: Buffer;
  beforeAll(async () => {
    [minutes, minutesV2] = await Promise.all([officeDocument(MINUTES), officeDocument(changedMinutes())]);
  });

  it('finds exactly the planted word, sentence and paragraph in LibreOffice documents, with their pages and boxes', async () => {
    const res = await compare(minutes, minutesV2);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.fileName).toBe('minutes_comparison.json');
    const { summary, differences } = res.json as { summary: Record<string, unknown>; differences: Difference[] };
    expect(
      differences.map(({ kind, before, after, original, changed }) => ({ kind, before, after, originalPages: original.pages, changedPages: changed.pages })),
    ).toEqual([
      { kind: 'changed', before: 'new', after: 'brighter', originalPages: [1], changedPages: [1] },
      { kind: 'deleted', before: PLANTED.deletedParagraph.text, after: '', originalPages: [1], changedPages: [1] },
      { kind: 'inserted', before: '', after: PLANTED.insertedSentence.text, originalPages: [2], changedPages: [2] },
    ]);
    expect(differences.map((d) => d.id)).toEqual([1, 2, 3]);
    expect(summary).toMatchObject({
      identical: false,
      pageCounts: { original: 2, changed: 2 },
      pagesCompared: 2,
      pagesChanged: 2,
      changedPages: [1, 2],
      wordsAdded: 7,
      wordsRemoved: 11,
      wordsChanged: 1,
      differences: 3,
      textDifferences: 3,
      visualDifferences: 0,
    });
    // The boxes are where pdftotext (read here by the test's own reader) puts the words.
    const brighter = wordBox(pageWords(minutesV2)[0], 'brighter');
    expect(
      holds(differences[0].changed.boxes[0], {
        x: brighter.xMin,
        y: brighter.yMin,
        width: brighter.xMax - brighter.xMin,
        height: brighter.yMax - brighter.yMin,
      }),
    ).toBe(true);
    expect(differences[0].changed.boxes[0].width).toBeLessThan(80);
    const gravel = wordBox(pageWords(minutesV2)[1], 'gravel');
    expect(
      differences[2].changed.boxes.some(
        (box) => box.page === 2 && holds(box, { x: gravel.xMin, y: gravel.yMin, width: gravel.xMax - gravel.xMin, height: gravel.yMax - gravel.yMin }),
      ),
    ).toBe(true);
    expect(differences[1].original.boxes.every((box) => box.page === 1)).toBe(true);
    expect(differences[1].changed.boxes).toEqual([]);
  });

  it('says plainly that identical files have no differences (a 200 with the summary)', async () => {
    const res = await compare(minutes, minutes);
    expect(res.status).toBe(200);
    expect(res.json.summary).toMatchObject({
      identical: true,
      message: 'No differences found.',
      differences: 0,
      pagesChanged: 0,
      wordsAdded: 0,
      wordsRemoved: 0,
    });
    expect(res.json.differences).toEqual([]);
  });

  it('finds no text difference between the same text printed by Chromium and by LibreOffice', async () => {
    const [chromium, office] = await Promise.all([letterByChromium(server), letterByLibreOffice()]);
    // Two different programs: the layouts differ.
    expect(pageTexts(chromium)[0]).toContain('garden club');
    expect(pageTexts(office)[0]).toContain('garden club');
    const textOnly = await compare(office, chromium, { mode: 'text' });
    expect(textOnly.status).toBe(200);
    expect(textOnly.json.differences).toEqual([]);
    expect(textOnly.json.summary.identical).toBe(true);
    // Both: the words are the same, so the page is compared as a picture, and only layout can differ.
    const both = await compare(office, chromium);
    expect(both.status).toBe(200);
    expect((both.json.differences as Difference[]).every((d) => d.kind === 'visual')).toBe(true);
    expect(both.json.summary).toMatchObject({ textDifferences: 0, wordsAdded: 0, wordsRemoved: 0, wordsChanged: 0 });
  });

  it('finds one change in the second column of a two-column report, at the word', async () => {
    const [before, after] = [twoColumnReport('seven'), twoColumnReport('eight')];
    const res = await compare(before, after, { mode: 'text' });
    expect(res.status).toBe(200);
    const differences = res.json.differences as Difference[];
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatchObject({ kind: 'changed', before: 'seven', after: 'eight' });
    const eight = wordBox(pageWords(after)[0], 'eight');
    const [box] = differences[0].changed.boxes;
    expect(box.x).toBeGreaterThan(300);
    expect(holds(box, { x: eight.xMin, y: eight.yMin, width: eight.xMax - eight.xMin, height: eight.yMax - eight.yMin })).toBe(true);
    expect(box.width).toBeLessThan(40);
  });

  it('places boxes on a page turned by /Rotate in the unturned page’s frame', async () => {
    const res = await compare(turnedNote('world'), turnedNote('there'), { mode: 'text' });
    expect(res.status).toBe(200);
    expect(res.json.pages.changed).toEqual([{ width: 792, height: 612, rotation: 90 }]);
    const [difference] = res.json.differences as Difference[];
    expect(difference).toMatchObject({ kind: 'changed', before: 'world', after: 'there' });
    // "Hello " is 51.12 pt wide in 20 pt Helvetica; the baseline is 612 - 300 = 312 pt from the top, the words above it.
    const [box] = difference.changed.boxes;
    expect(box.x).toBeCloseTo(151.12, 0);
    expect(box.y).toBeGreaterThan(288);
    expect(box.y).toBeLessThan(300);
    expect(box.y + box.height).toBeGreaterThan(310);
    expect(box.y + box.height).toBeLessThan(320);
    expect(box.width).toBeGreaterThan(40);
    expect(box.width).toBeLessThan(60);
  });

  it('finds a mark added to a scan (no text layer) as a visual difference whose box holds it', async () => {
    const { original, changed } = await scanPair();
    expect(pageTexts(original)[0].trim()).toBe('');
    const res = await compare(original, changed);
    expect(res.status).toBe(200);
    const differences = res.json.differences as Difference[];
    expect(differences).toHaveLength(1);
    expect(differences[0].kind).toBe('visual');
    const [box] = differences[0].changed.boxes;
    expect(box.page).toBe(1);
    expect(holds(box, SCAN_MARK, 3)).toBe(true);
    // Tight: not the whole page.
    expect(box.width * box.height).toBeLessThan(SCAN_MARK.width * SCAN_MARK.height * 3);
    // Text only: a scan has no words, so nothing.
    const textOnly = await compare(original, changed, { mode: 'text' });
    expect(textOnly.json.summary.identical).toBe(true);
  });

  it('counts pages added or removed at the end, with or without text', async () => {
    const two = await textPdf([['First page of the plan'], ['Second page of the plan']]);
    const withText = joinPdfs([two, await textPdf([['Appendix with new figures']])]);
    const added = await compare(two, withText);
    expect(added.status).toBe(200);
    expect(added.json.summary).toMatchObject({ pageCounts: { original: 2, changed: 3 }, pagesCompared: 2, pagesChanged: 1, changedPages: [3], wordsAdded: 4 });
    expect(added.json.differences).toMatchObject([{ kind: 'inserted', after: 'Appendix with new figures', changed: { pages: [3] } }]);

    const removed = await compare(withText, two);
    expect(removed.json.differences).toMatchObject([{ kind: 'deleted', before: 'Appendix with new figures', original: { pages: [3] } }]);

    // A page with hardly any text: its words come as text, and in text mode a page of no words is still a page added.
    const blankPage = joinPdfs([two, await scanPair().then((pair) => pair.original)]);
    const blank = await compare(two, blankPage, { mode: 'text' });
    expect(blank.json.summary).toMatchObject({ pageCounts: { original: 2, changed: 3 }, pagesChanged: 1, differences: 1 });
    expect(blank.json.differences[0]).toMatchObject({ kind: 'inserted', before: '', after: '', changed: { pages: [3] } });
    expect(blank.json.differences[0].changed.boxes[0]).toMatchObject({ page: 3, x: 0, y: 0 });
  });

  it('writes a report PDF: the summary page, then each changed pair side by side with coloured outlines', async () => {
    const res = await compare(minutes, minutesV2, { outputFormat: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.fileName).toBe('minutes_comparison.pdf');
    // pdfinfo's count: 1 summary page + 2 changed page pairs.
    expect(Number(/Pages:\s+(\d+)/.exec(pdfinfo(res.body))![1])).toBe(3);
    const texts = pageTexts(res.body);
    expect(texts[0]).toContain('Pages changed: 2');
    expect(texts[0]).toContain('Words added: 7');
    expect(texts[0]).toContain('Words removed: 11');
    expect(texts[0]).toContain('Words changed: 1');
    // The pages are drawn as they are (text stays text), both documents on each sheet.
    expect(texts[1]).toContain('brighter');
    expect(texts[1]).toContain('parking fees');
    expect(texts[2]).toContain('slipway');
    // Amber (changed) and red (deleted) outlines on the first pair, green (inserted) on the second.
    const first = renderPage(res.body, 2, 72);
    expect(countPixels(first, [245, 158, 10], 50)).toBeGreaterThan(20);
    expect(countPixels(first, [219, 38, 38], 50)).toBeGreaterThan(20);
    expect(countPixels(renderPage(res.body, 3, 72), [33, 153, 64], 50)).toBeGreaterThan(20);
  });

  it('writes a one-page report saying there is no difference for identical files', async () => {
    const res = await compare(minutes, minutes, { outputFormat: 'pdf' });
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBe(1);
    expect(pageTexts(res.body)[0]).toContain('No differences found');
  });

  it('asks for the changed file, and refuses a file that is no PDF, damaged or locked', async () => {
    const one = await postTool(server, compareTool.endpoint, [pdf('a.pdf', minutes)]);
    expect(one.status).toBe(400);
    expect(one.json.detail).toBe('Please upload the changed PDF file to compare with.');
    const none = await postTool(server, compareTool.endpoint, [changedPdf('b.pdf', minutes)]);
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe('Please upload the original PDF file.');
    const notPdf = await compare(minutes, Buffer.from('hello, not a pdf'));
    expect(notPdf.status).toBe(400);
    const damaged = await compare(CORRUPT_PDF, minutes);
    expect(damaged.status).toBe(400);
    expect(damaged.json.errorCode).toBe('E001');
    const locked = await compare(minutes, encryptPdf(minutes, 'secret'));
    expect(locked.status).toBe(400);
    expect(locked.json.errorCode).toBe('E004');
    const badMode = await compare(minutes, minutes, { mode: 'pixels' });
    expect(badMode.status).toBe(400);
  });

  it('runs as a pipeline step: the first file is the original, the next the changed one', async () => {
    const definition = { name: 'Compare', pipeline: [{ operation: compareTool.endpoint, parameters: { mode: 'text' } }] };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [pdf('minutes.pdf', minutes), pdf('minutes-v2.pdf', minutesV2)], {
      json: JSON.stringify(definition),
    });
    expect(res.status).toBe(200);
    const answer = JSON.parse(res.body.toString('utf8'));
    expect(answer.summary).toMatchObject({ differences: 3, wordsChanged: 1 });
  });

  it('compares two 300-page documents of 480 words a page within the engine limits', async () => {
    const changes = [
      { page: 37, word: 100, text: 'altered' },
      { page: 150, word: 7, text: 'revised' },
      { page: 299, word: 400, text: 'amended' },
    ];
    const [before, after] = [longReport(300), longReport(300, changes)];
    const started = Date.now();
    const res = await compare(before, after);
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect((res.json.differences as Difference[]).map((d) => [d.kind, d.before, d.after, d.changed.pages[0]])).toEqual([
      ['changed', 'w37x100', 'altered', 37],
      ['changed', 'w150x7', 'revised', 150],
      ['changed', 'w299x400', 'amended', 299],
    ]);
    // Text only: the words alone.
    const textStarted = Date.now();
    const textOnly = await compare(before, after, { mode: 'text' });
    const textTook = Date.now() - textStarted;
    expect(textOnly.json.summary.differences).toBe(3);
    // A whole page replaced in the middle of a 300-page document: the rest still lines up.
    const replaced = await compare(before, replacePage(before, 150, await makePdf(1, { label: 'new' }), 300), { mode: 'text' });
    expect(replaced.json.summary).toMatchObject({ differences: 1, wordsChanged: 3, wordsRemoved: 477, changedPages: [150] });
    console.log(`Compare, 300 pages × 480 words, twice: both modes ${took} ms, text only ${textTook} ms`);
  });
});

function pdfinfo(pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'report.pdf'), pdf);
    return execFileSync('pdfinfo', [join(dir, 'report.pdf')], { encoding: 'utf8' });
  });
}
