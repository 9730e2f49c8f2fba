import AdmZip from 'adm-zip';
import { splitTool } from '@folio/registry';
import { makePdf, pageCount } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(splitTool, [
  {
    name: 'splits a PDF chosen from the home page after the listed pages and saves split.zip',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('book.pdf', await makePdf(5, { label: 'book.pdf' }))]);
      expect(await ctx.actionButton().isDisabled()).toBe(true); // no pages typed yet
      await ctx.page.getByLabel('Split after pages').fill('2');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('split.zip');
      const entries = new AdmZip(result.bytes).getEntries();
      expect(entries.map((e) => [e.entryName, pageCount(e.getData())])).toEqual([
        ['book_1.pdf', 2],
        ['book_2.pdf', 3],
      ]);
      expect(await ctx.page.getByTestId('result-preview').count()).toBe(0);
    },
  },
]);
