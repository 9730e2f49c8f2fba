import { organiseTool } from '@folio/registry';
import { makePdf, pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(organiseTool, [
  {
    name: 'puts the pages in a custom order and saves rearranged.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('input-1.pdf', await makePdf(4))]);
      await ctx.page.getByLabel('Mode').selectOption('CUSTOM');
      await ctx.page.getByLabel('Page Order').fill('4,1,3,2');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('rearranged.pdf');
      expect(result.buttonText).toContain('Download Rearranged PDF');
      expect(pageTexts(result.bytes)).toEqual(['doc page 4', 'doc page 1', 'doc page 3', 'doc page 2']);
    },
  },
]);
