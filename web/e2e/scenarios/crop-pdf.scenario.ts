import { cropPdfTool } from '@folio/registry';
import { pageSizes } from '../../../server/test/support/html-documents';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(cropPdfTool, [
  {
    name: 'crops the four margins and saves <name>_cropped.pdf from the "Download Cropped PDF" button',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('input-1.pdf', await makePdf(1))]); // 300 × 400 pt
      await ctx.page.getByLabel('Top (px)').fill('10');
      await ctx.page.getByLabel('Right (px)').fill('20');
      await ctx.page.getByLabel('Bottom (px)').fill('30');
      await ctx.page.getByLabel('Left (px)').fill('40');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('input-1_cropped.pdf');
      expect(result.buttonText).toContain('Download Cropped PDF');
      expect(await pageSizes(result.bytes)).toEqual([{ width: 300 - 60, height: 400 - 40 }]);
    },
  },
]);
