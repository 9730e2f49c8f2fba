import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { PDFDocument } from 'pdf-lib';
import { splitSectionsTool } from '@folio/registry';
import { bookmarkedPdf } from '../../../test/support/bookmarked-pdfs';
import { heavyPdf } from '../../../test/support/heavy-pdfs';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, makePdf, outlineTitles, pageCount, withTempDir } from '../../../test/support/pdfs';
import { quarteredPdf } from '../../../test/support/quartered-pdfs';
import { useTestServer } from '../../../test/support/test-server';

/** Every page's MediaBox and CropBox as Poppler reads them: [x0, y0, x1, y1]. */
function boxes(pdf: Buffer): { media: number[]; crop: number[] }[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const text = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '100000', join(dir, 'x.pdf')], { encoding: 'utf8' });
    const read = (kind: string) => [...text.matchAll(new RegExp(`^Page\\s+\\d+ ${kind}:\\s+(.*)$`, 'gm'))].map((m) => m[1].trim().split(/\s+/).map(Number));
    const media = read('MediaBox');
    const crop = read('CropBox');
    return media.map((m, i) => ({ media: m, crop: crop[i] }));
  });
}

/** Words of each page with their boxes, from pdftotext -bbox (coordinates from the shown page's top left). */
function words(pdf: Buffer): { word: string; xMin: number; yMin: number; xMax: number; yMax: number }[][] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const html = execFileSync('pdftotext', ['-bbox', join(dir, 'x.pdf'), '-'], { encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] });
    return html
      .split('<page ')
      .slice(1)
      .map((page) =>
        [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
          word: m[5],
          xMin: Number(m[1]),
          yMin: Number(m[2]),
          xMax: Number(m[3]),
          yMax: Number(m[4]),
        })),
      );
  });
}

/** What pdfinfo says about a PDF. */
function pdfinfo(pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return execFileSync('pdfinfo', [join(dir, 'x.pdf')], { encoding: 'utf8' });
  });
}

const textOf = (pdf: Buffer) => words(pdf).map((page) => page.map((w) => w.word).join(' '));

/** Each page rendered at 72 dpi by pdftoppm as grey levels: its size in pixels and where the dark pixels are. */
function renders(pdf: Buffer): { width: number; height: number; dark: (x: number, y: number) => boolean }[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '72', '-gray', join(dir, 'x.pdf'), join(dir, 'p')]);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort();
    return files.map((file) => {
      const data = readFileSync(join(dir, file));
      const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.toString('latin1', 0, 40))!;
      const [width, height] = [Number(header[1]), Number(header[2])];
      const pixels = data.subarray(header[0].length);
      return { width, height, dark: (x: number, y: number) => pixels[y * width + x] < 100 };
    });
  });
}

// Some cases write tens of megabytes of PDF before the request: jest's 5 s is too short on a busy machine.
jest.setTimeout(30_000);

describe('Split PDF by Sections (/api/v1/general/split-pdf-by-sections)', () => {
  const server = useTestServer();

  const split = async (pdf: Buffer, fields: Record<string, string | number | boolean> = {}, name = 'plan.pdf') => {
    const res = await postTool(server, splitSectionsTool.endpoint, [{ name, content: pdf }], fields);
    const zip = res.status === 200 && res.headers['content-type'] === 'application/octet-stream' ? new AdmZip(res.body).getEntries() : [];
    return { res, names: zip.map((e) => e.entryName), files: zip.map((e) => e.getData()) };
  };

  it('cuts every page into a top and a bottom half by default, one-page PDFs in a ZIP', async () => {
    const { res, names, files } = await split(await quarteredPdf());
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('plan_split.zip');
    expect(names).toEqual(['plan_split_1_1.pdf', 'plan_split_1_2.pdf', 'plan_split_2_1.pdf', 'plan_split_2_2.pdf']);
    expect(files.map(pageCount)).toEqual([1, 1, 1, 1]);
    expect(files.map((f) => boxes(f)[0])).toEqual([
      { media: [0, 150, 400, 300], crop: [0, 150, 400, 300] },
      { media: [0, 0, 400, 150], crop: [0, 0, 400, 150] },
      { media: [0, 150, 400, 300], crop: [0, 150, 400, 300] },
      { media: [0, 0, 400, 150], crop: [0, 0, 400, 150] },
    ]);
    expect(files.map((f) => textOf(f)[0])).toEqual(['oneNW oneNE', 'oneSW oneSE', 'twoNW twoNE', 'twoSW twoSE']);
  });

  it('cuts a page into six sections (h = 1, v = 2), merged into one PDF in reading order: left to right, then down', async () => {
    const { res } = await split(await quarteredPdf(), { horizontalDivisions: 1, verticalDivisions: 2, merge: true });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('plan_split.pdf');
    expect(pageCount(res.body)).toBe(12);
    const b = boxes(res.body).map((box) => box.crop);
    expect(b.slice(0, 6)).toEqual([
      [0, 200, 200, 300],
      [200, 200, 400, 300],
      [0, 100, 200, 200],
      [200, 100, 400, 200],
      [0, 0, 200, 100],
      [200, 0, 400, 100],
    ]);
    expect(textOf(res.body).slice(0, 6)).toEqual(['oneNW', 'oneNE', '', '', 'oneSW', 'oneSE']);
    expect(textOf(res.body)[7]).toBe('twoNE');
    // Text stays text: the word keeps its place within its section (pdftotext measures from the section's top left).
    const nw = words(res.body)[0][0];
    expect(nw.xMin).toBeCloseTo(20, 0);
    expect(nw.yMax).toBeGreaterThan(30);
    expect(nw.yMax).toBeLessThan(50);
    // The black square lies 20–80 pt below the first section's top edge: drawn there, and in no other section.
    const [first, second, , fourth] = renders(res.body);
    expect([first.width, first.height]).toEqual([200, 100]);
    expect([first.dark(130, 50), first.dark(130, 90), first.dark(90, 50)]).toEqual([true, false, false]);
    expect(second.dark(130, 50)).toBe(false);
    expect(fourth.dark(30, 50)).toBe(false);
  });

  it('merges a 2 × 2 grid as it is read: top left, top right, bottom left, bottom right', async () => {
    const { res } = await split(await quarteredPdf(), { horizontalDivisions: 1, verticalDivisions: 1, merge: true });
    expect(textOf(res.body)).toEqual(['oneNW', 'oneNE', 'oneSW', 'oneSE', 'twoNW', 'twoNE', 'twoSW', 'twoSE']);
  });

  it('keeps the document’s information in the merged PDF, not its bookmarks', async () => {
    const booked = bookmarkedPdf(2, [{ title: 'Start', page: 1 }], { info: { Title: 'Floor plan', Author: 'Asha Rao' } });
    const { res } = await split(booked, { merge: true });
    expect(pageCount(res.body)).toBe(4);
    const info = pdfinfo(res.body);
    expect(info).toMatch(/Title:\s+Floor plan/);
    expect(info).toMatch(/Author:\s+Asha Rao/);
    expect(outlineTitles(res.body)).toEqual([]);
  });

  it('keeps no copy of a picture per section in the merged PDF: sections share the page’s content', async () => {
    const heavy = heavyPdf([{ imageBytes: 200_000 }], { label: 'heavy' });
    const { res } = await split(heavy, { horizontalDivisions: 3, verticalDivisions: 3, merge: true });
    expect(pageCount(res.body)).toBe(16);
    expect(res.body.length).toBeLessThan(heavy.length + 16 * 400);
  });

  it('cuts a turned page as it is shown', async () => {
    // Stored 400 × 300 and turned a quarter clockwise: shown 300 wide and 400 high, NW shown at the top right.
    const { res } = await split(await quarteredPdf({ rotate: 90 }), { horizontalDivisions: 1, verticalDivisions: 0, merge: true });
    expect(pageCount(res.body)).toBe(4);
    expect(
      boxes(res.body)
        .slice(0, 2)
        .map((b) => b.crop),
    ).toEqual([
      [0, 0, 400, 150],
      [0, 150, 400, 300],
    ]);
    // The shown left column is the stored bottom half: the south words.
    expect(textOf(res.body).slice(0, 2)).toEqual(['oneSW oneSE', 'oneNW oneNE']);
    const [left] = renders(res.body);
    expect([left.width, left.height]).toEqual([150, 400]);
  });

  it('cuts what a page shows: its crop box', async () => {
    const { res } = await split(await quarteredPdf({ crop: [0, 0, 200, 300] }), { verticalDivisions: 1, merge: true });
    expect(
      boxes(res.body)
        .slice(0, 2)
        .map((b) => b.crop),
    ).toEqual([
      [0, 150, 200, 300],
      [0, 0, 200, 150],
    ]);
    expect(textOf(res.body).slice(0, 2)).toEqual(['oneNW', 'oneSW']);
  });

  it('draws a filled form field into its sections before cutting', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 200]);
    const field = doc.getForm().createTextField('name');
    field.setText('Asha Rao');
    field.addToPage(page, { x: 20, y: 150, width: 150, height: 30 });
    const { res } = await split(Buffer.from(await doc.save()), { merge: true });
    expect(textOf(res.body)).toEqual(['Asha Rao', '']);
    expect(pdfinfo(res.body)).toMatch(/Form:\s+none/);
  });

  it('cuts only the pages the API’s split mode chooses, the others whole', async () => {
    const three = await makePdf(3, { size: [200, 200] });
    const { names, files } = await split(three, { splitMode: 'CUSTOM', pageNumbers: '2', horizontalDivisions: 1, verticalDivisions: 0 });
    expect(names).toEqual(['plan_split_1_1.pdf', 'plan_split_2_1.pdf', 'plan_split_2_2.pdf', 'plan_split_3_1.pdf']);
    expect(files.map((f) => boxes(f)[0].crop)).toEqual([
      [0, 0, 200, 200],
      [0, 0, 100, 200],
      [100, 0, 200, 200],
      [0, 0, 200, 200],
    ]);
    const exceptEnds = await split(three, { splitMode: 'SPLIT_ALL_EXCEPT_FIRST_AND_LAST', merge: true });
    expect(pageCount(exceptEnds.res.body)).toBe(4);
  });

  it('refuses a grid that would explode, before any work, naming the limit', async () => {
    const started = Date.now();
    const { res } = await split(await makePdf(500), { horizontalDivisions: 300, verticalDivisions: 300 });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(
      'Cutting 500 pages into 301 × 301 sections would make 45,300,500 pages; this server makes at most 10,000 pages in one request. Choose fewer divisions or fewer pages.',
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    const one = await split(await makePdf(1), { horizontalDivisions: 300, verticalDivisions: 300, merge: true });
    expect(one.res.status).toBe(400);
    expect(one.res.json.detail).toMatch(/^Cutting 1 page into 301 × 301 sections would make 90,601 pages/);
  });

  it('refuses one-page files that would each repeat a large picture past the output budget', async () => {
    const heavy = heavyPdf([{ imageBytes: 20 * 1024 * 1024 }]);
    const { res } = await split(heavy, { horizontalDivisions: 10, verticalDivisions: 10 });
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/^The 121 parts would take about \d+ MB together/);
    const merged = await split(heavy, { horizontalDivisions: 10, verticalDivisions: 10, merge: true });
    expect(merged.res.status).toBe(200);
    expect(pageCount(merged.res.body)).toBe(121);
  });

  it.each([
    [{ horizontalDivisions: 301 }, 'Horizontal divisions must be between 0 and 300.'],
    [{ horizontalDivisions: -1 }, 'Horizontal divisions must be between 0 and 300.'],
    [{ horizontalDivisions: 'two' }, 'Horizontal divisions must be between 0 and 300.'],
    [{ verticalDivisions: 1.5 }, 'Vertical divisions must be between 0 and 300.'],
    [{ verticalDivisions: 1000 }, 'Vertical divisions must be between 0 and 300.'],
    [{ splitMode: 'split_all' }, 'Split mode must be SPLIT_ALL, SPLIT_ALL_EXCEPT_FIRST, SPLIT_ALL_EXCEPT_LAST, SPLIT_ALL_EXCEPT_FIRST_AND_LAST or CUSTOM.'],
    [{ splitMode: 'CUSTOM' }, 'page numbers is required for custom mode'],
    [{ splitMode: 'CUSTOM', pageNumbers: 'none' }, 'Invalid expression format: none'],
    [{ merge: 'perhaps' }, 'Merge PDFs into one: expected true or false.'],
  ])('%p → 400 %p', async (fields, detail) => {
    const { res } = await split(await makePdf(2), fields as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(detail);
  });

  it('refuses a damaged PDF and one that needs a password with 400; opens an owner-password-only one', async () => {
    const damaged = await split(CORRUPT_PDF);
    expect(damaged.res.json.errorCode).toBe('E001');
    const locked = await split(encryptPdf(await makePdf(1), 'secret'));
    expect(locked.res.json.errorCode).toBe('E004');
    const owned = await split(encryptPdf(await quarteredPdf(), ''), { merge: true });
    expect(owned.res.status).toBe(200);
    expect(textOf(owned.res.body).slice(0, 2)).toEqual(['oneNW oneNE', 'oneSW oneSE']);
  });
});
