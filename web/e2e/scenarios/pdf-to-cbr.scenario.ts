import { pdfToCbrTool } from '@folio/registry';
import { makePdf, pageCount } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

// TODO: drive the page as a visitor would and check the saved file with an independent reader.
// Where a browser run makes no sense, `export default noBrowserRun(pdfToCbrTool, '<why>')` instead.
export default defineScenario(pdfToCbrTool, [
  {
    name: 'runs on a small PDF and saves the declared file',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('input.pdf', await makePdf(2))]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(await pageCount(result.bytes)).toBe(2); // TODO: what the tool really changes
    },
  },
]);
