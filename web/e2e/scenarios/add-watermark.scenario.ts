import { addWatermarkTool } from '@folio/registry';
import { plainPageTexts } from '../../../server/test/support/marks';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(addWatermarkTool, [
  {
    name: 'tiles a text watermark over every page and saves <name>_watermarked.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('draft.pdf', await makePdf(2))]);
      await ctx.actionButton().click();
      await ctx.page.getByText('Please enter watermark text.').waitFor();
      await ctx.page.getByLabel('Watermark text', { exact: true }).fill('DRAFT');
      await ctx.page.getByLabel('Rotation', { exact: true }).fill('0');
      await ctx.page.getByLabel('Opacity (%)', { exact: true }).fill('30');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('draft_watermarked.pdf');
      for (const text of plainPageTexts(result.bytes)) expect(text.match(/DRAFT/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    },
  },
]);
