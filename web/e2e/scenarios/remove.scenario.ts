import { removeTool } from '@folio/registry';
import { makePdf, pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(removeTool, [
  {
    name: 'removes the listed pages and saves pages_removed.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('input-1.pdf', await makePdf(5))]);
      await ctx.page.getByLabel('Pages to remove').fill('2,4');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('pages_removed.pdf');
      expect(pageTexts(result.bytes)).toEqual(['doc page 1', 'doc page 3', 'doc page 5']);
    },
  },
]);
