import { singleLargePageTool } from '@folio/registry';
import { pageSizes } from '../../../server/test/support/html-documents';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(singleLargePageTool, [
  {
    name: 'stacks three pages into one tall page and saves <name>_singlepage.pdf from "Download Converted PDF"',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('input-1.pdf', await makePdf(3))]); // 300 × 400 pt each
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('input-1_singlepage.pdf');
      expect(result.buttonText).toContain('Download Converted PDF');
      expect(await pageSizes(result.bytes)).toEqual([{ width: 300, height: 1200 }]);
    },
  },
]);
