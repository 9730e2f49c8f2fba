import { adjustPageSizeTool } from '@folio/registry';
import { pageSizes } from '../../../server/test/support/html-documents';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(adjustPageSizeTool, [
  {
    name: 'scales every page to Letter and saves <name>_adjusted.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('input-1.pdf', await makePdf(2))]);
      await ctx.page.getByLabel('Page Size').selectOption('LETTER');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('input-1_adjusted.pdf');
      expect(await pageSizes(result.bytes)).toEqual([
        { width: 612, height: 792 },
        { width: 612, height: 792 },
      ]);
    },
  },
]);
