import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { splitSectionsTool } from '@folio/registry';
import { pageCount, pageTexts, withTempDir } from '../../../server/test/support/pdfs';
import { quarteredPdf } from '../../../server/test/support/quartered-pdfs';
import { defineScenario, pdfUpload, type ScenarioContext } from '../scenario';

/** The PDF the preview frame shows, fetched inside the page from its blob: address. */
async function previewPdf(ctx: ScenarioContext): Promise<Buffer> {
  const src = await ctx.page.getByTestId('section-preview-frame').getAttribute('src');
  const base64 = await ctx.page.evaluate(async (url) => {
    const bytes = new Uint8Array(await (await fetch(url.split('#')[0])).arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  }, src!);
  return Buffer.from(base64, 'base64');
}

/** Poppler's rendering of page 1 at 72 dpi: whether the pixel at (x, y) from the top left is red. */
function redAt(pdf: Buffer): (x: number, y: number) => boolean {
  const ppm = withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-singlefile', join(dir, 'x.pdf'), join(dir, 'p')]);
    return readFileSync(join(dir, 'p.ppm'));
  });
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 40))!;
  const width = Number(header[1]);
  const pixels = ppm.subarray(header[0].length);
  const red = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return pixels[i] > 150 && pixels[i + 1] < 140 && pixels[i + 2] < 140 && pixels[i] - pixels[i + 1] > 60;
  };
  // Lines are under a point wide: the pixel or a neighbour across the line.
  return (x, y) => [-1, 0, 1].some((d) => red(x + d, y) || red(x, y + d));
}

export default defineScenario(splitSectionsTool, [
  {
    name: 'previews the cuts in red on the first page, then saves <name>_split_sections.zip and starts the form over',
    run: async (ctx) => {
      // The page's policy lets only its own address be fetched; the test reads the preview's blob: PDF, so it lifts that for this tab.
      await (await ctx.context.newCDPSession(ctx.page)).send('Page.setBypassCSP', { enabled: true });
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('plan.pdf', await quarteredPdf())]);
      const preview = ctx.page.getByTestId('section-preview');
      // `data-lines`: the lines drawn in the frame's PDF (across the width, down the height), once it is drawn.
      const drawn = (lines: string) => ctx.page.locator(`[data-testid="section-preview"][data-lines="${lines}"]`).waitFor();
      // The defaults: no cut across the width, one down the height (two rows).
      await drawn('0,1');
      let red = redAt(await previewPdf(ctx));
      expect([red(300, 150), red(200, 75)]).toEqual([true, false]);

      await ctx.page.getByLabel('Horizontal Divisions').fill('1');
      await ctx.page.getByLabel('Vertical Divisions').fill('2');
      await ctx.page.getByText('Page 1 in 2 columns × 3 rows: 6 sections a page.').waitFor();
      await drawn('1,2');
      red = redAt(await previewPdf(ctx));
      // A cut down the middle (x 200) and two across (y 100 and 200 from the top); none elsewhere.
      expect([red(200, 50), red(200, 250), red(100, 100), red(300, 200), red(100, 150), red(300, 50)]).toEqual([true, true, true, true, false, false]);
      // The page's content is there under the lines.
      expect(pageTexts(await previewPdf(ctx))[0]).toContain('oneNW');

      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('plan_split_sections.zip');
      const entries = new AdmZip(result.bytes).getEntries();
      expect(entries).toHaveLength(12);
      expect(entries[0].entryName).toBe('plan_split_1_1.pdf');
      expect(entries.slice(0, 6).map((e) => pageTexts(e.getData())[0])).toEqual(['oneNW', '', 'oneSW', 'oneNE', '', 'oneSE']);
      // Spec §4: the file clears and the fields go back to horizontal 0, vertical 1, merge off.
      expect(await ctx.actionButton().isDisabled()).toBe(true);
      expect(await ctx.page.getByLabel('Horizontal Divisions').inputValue()).toBe('0');
      expect(await ctx.page.getByLabel('Vertical Divisions').inputValue()).toBe('1');
      expect(await ctx.page.getByLabel('Merge PDFs into one').isChecked()).toBe(false);
      expect(await preview.count()).toBe(0);
    },
  },
  {
    name: 'refuses 301 divisions on the page, and merges the sections into one PDF',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('plan.pdf', await quarteredPdf())]);
      await ctx.page.getByLabel('Horizontal Divisions').fill('301');
      // The preview draws at most 300 lines each way (spec §2).
      await ctx.page.locator('[data-testid="section-preview"][data-lines="300,1"]').waitFor();
      await ctx.actionButton().click();
      await ctx.page.getByText('Horizontal divisions must be between 0 and 300.').waitFor();
      await ctx.page.getByLabel('Horizontal Divisions').fill('1');
      await ctx.page.getByLabel('Vertical Divisions').fill('0');
      await ctx.page.getByLabel('Merge PDFs into one').check();
      await ctx.run();
      // Merged, the result is a PDF, shown like any PDF result.
      expect(await ctx.page.getByTestId('result-preview').count()).toBe(1);
      const result = await ctx.download();
      expect(result.name).toBe('plan_split_sections.pdf');
      expect(pageCount(result.bytes)).toBe(4);
      expect(pageTexts(result.bytes).map((text) => text.split(/\s+/))).toEqual([
        ['oneNW', 'oneSW'],
        ['oneNE', 'oneSE'],
        ['twoNW', 'twoSW'],
        ['twoNE', 'twoSE'],
      ]);
    },
  },
]);
