import { pdfToHtmlTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(pdfToHtmlTool, [
  {
    name: 'opens the HTML in a new window and saves <name>.html',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('page.pdf', await makePdf(2))]);
      const { popup } = await ctx.run();
      await ctx.expectResultView();
      expect(popup).toBeDefined();
      expect(await popup!.locator('body').innerText()).toContain('doc page 1');
      const result = await ctx.download();
      expect(result.name).toBe('page.html');
      expect(result.bytes.toString('utf8')).toContain('doc page 2');
    },
  },
]);
