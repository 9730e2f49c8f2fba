import AdmZip from 'adm-zip';
import { autoSplitSizeTool } from '@folio/registry';
import { heavyPdf } from '../../../server/test/support/heavy-pdfs';
import { makePdf, pageCount, pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(autoSplitSizeTool, [
  {
    name: 'asks for a split value, then cuts parts of 6 pages chosen from the home page and saves <name>_split.zip',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('book.pdf', await makePdf(20, { label: 'book' }))]);
      await ctx.page.getByLabel('Split by').selectOption('1');
      await ctx.actionButton().click();
      await ctx.page.getByText('Please enter a split value.').waitFor();
      await ctx.page.getByLabel('Split value').fill('6');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('book_split.zip');
      const entries = new AdmZip(result.bytes).getEntries();
      expect(entries.map((e) => [e.entryName, pageCount(e.getData())])).toEqual([
        ['book_1.pdf', 6],
        ['book_2.pdf', 6],
        ['book_3.pdf', 6],
        ['book_4.pdf', 2],
      ]);
      expect(pageTexts(entries[3].getData())).toEqual(['book page 19', 'book page 20']);
    },
  },
  {
    name: 'cuts parts of at most 60KB by size',
    run: async (ctx) => {
      await ctx.open();
      const pages = Array.from({ length: 24 }, (_, i) => ({ imageBytes: 4000 + (i % 5) * 6000 }));
      await ctx.chooseFiles([pdfUpload('scans.pdf', heavyPdf(pages, { label: 'scan' }))]);
      await ctx.page.getByLabel('Split value').fill('60KB');
      await ctx.run();
      const entries = new AdmZip((await ctx.download()).bytes).getEntries();
      expect(entries.length).toBeGreaterThan(3);
      const parts = entries.map((e) => e.getData());
      for (const part of parts) if (pageCount(part) > 1) expect(part.length).toBeLessThanOrEqual(60 * 1024);
      expect(parts.flatMap(pageTexts)).toEqual(Array.from({ length: 24 }, (_, i) => `scan page ${i + 1}`));
    },
  },
]);
