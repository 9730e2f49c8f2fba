import AdmZip from 'adm-zip';
import { splitForPosterPrintTool } from '@folio/registry';
import { makePdf, pageCount } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(splitForPosterPrintTool, [
  {
    name: 'cuts a page into three tiles across and saves <name>_poster.zip holding <name>_poster.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('input.pdf', await makePdf(1))]);
      await ctx.page.getByLabel('Columns (tiles across)').fill('3');
      await ctx.page.getByLabel('Rows (tiles down)').fill('1');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('input_poster.zip');
      const entries = new AdmZip(result.bytes).getEntries();
      expect(entries.map((entry) => entry.entryName)).toEqual(['input_poster.pdf']);
      expect(pageCount(entries[0].getData())).toBe(3);
    },
  },
]);
