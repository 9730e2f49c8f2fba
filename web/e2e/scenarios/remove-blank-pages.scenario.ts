import AdmZip from 'adm-zip';
import { removeBlankPagesTool } from '@folio/registry';
import { blankPagesPdf, pageWidth, pageWidths } from '../../../server/src/processors/remove-blank-pages/blank-pages.fixtures';
import { defineScenario, pdfUpload } from '../scenario';

/** The ZIP's entries, by name. */
const unzip = (zip: Buffer) => new Map(new AdmZip(zip).getEntries().map((entry) => [entry.entryName, entry.getData()]));

export default defineScenario(removeBlankPagesTool, [
  {
    name: 'takes out the empty page and the scan of an empty sheet with the spec’s defaults, and saves <name>_no_blanks_processed.zip',
    run: async (ctx) => {
      await ctx.openFromHome();
      expect(await ctx.page.getByLabel('Pixel Whiteness Threshold', { exact: true }).inputValue()).toBe('10');
      expect(await ctx.page.getByLabel('White Percent', { exact: true }).inputValue()).toBe('99.9');
      // Pages: text, empty, a scan of an empty sheet with specks, a photograph; each told apart by its width.
      await ctx.chooseFiles([pdfUpload('scans.pdf', blankPagesPdf(['text', 'empty', 'speckled-scan', 'photo']))]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('scans_no_blanks_processed.zip');
      const entries = unzip(result.bytes);
      expect([...entries.keys()]).toEqual(['scans_nonBlankPages.pdf', 'scans_blankPages.pdf']);
      expect(pageWidths(entries.get('scans_nonBlankPages.pdf')!)).toEqual([pageWidth(0), pageWidth(3)]);
      expect(pageWidths(entries.get('scans_blankPages.pdf')!)).toEqual([pageWidth(1), pageWidth(2)]);
    },
  },
  {
    name: 'keeps the speckled scan when every pixel must be white (White Percent 100)',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('scans.pdf', blankPagesPdf(['text', 'empty', 'speckled-scan']))]);
      await ctx.page.getByLabel('White Percent', { exact: true }).fill('100');
      await ctx.run();
      const entries = unzip((await ctx.download()).bytes);
      expect(pageWidths(entries.get('scans_nonBlankPages.pdf')!)).toEqual([pageWidth(0), pageWidth(2)]);
      expect(pageWidths(entries.get('scans_blankPages.pdf')!)).toEqual([pageWidth(1)]);
    },
  },
  {
    name: 'shows the spec’s messages for a threshold or white percent out of range',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('scans.pdf', blankPagesPdf(['text', 'empty']))]);
      await ctx.page.getByLabel('Pixel Whiteness Threshold', { exact: true }).fill('300');
      await ctx.page.getByLabel('White Percent', { exact: true }).fill('120');
      await ctx.actionButton().click();
      await ctx.page.getByText('Pixel Whiteness Threshold must be a number between 0 and 255.').waitFor();
      await ctx.page.getByText('White Percent must be a number between 0 and 100.').waitFor();
      expect(await ctx.page.getByTestId('download-result').count()).toBe(0);
    },
  },
]);
