import { multiPageLayoutTool } from '@folio/registry';
import { makePdf, pageCount } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(multiPageLayoutTool, [
  {
    name: 'puts four pages on one sheet and saves <name>_multi-layout.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('input-1.pdf', await makePdf(4))]);
      await ctx.page.getByLabel('Pages Per Sheet').fill('4');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('input-1_multi-layout.pdf');
      expect(pageCount(result.bytes)).toBe(1);
    },
  },
]);
