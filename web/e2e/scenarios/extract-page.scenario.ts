import { extractPageTool } from '@folio/registry';
import { makePdf, pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(extractPageTool, [
  {
    name: 'extracts a custom page range and saves <name>_extracted.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('input-1.pdf', await makePdf(6))]);
      await ctx.page.getByLabel('Page Range').selectOption('custom');
      await ctx.page.getByLabel('Start Page').fill('2');
      await ctx.page.getByLabel('End Page').fill('4');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('input-1_extracted.pdf');
      expect(pageTexts(result.bytes)).toEqual(['doc page 2', 'doc page 3', 'doc page 4']);
    },
  },
]);
