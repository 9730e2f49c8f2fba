import { rotateTool } from '@folio/registry';
import { makePdf, pageRotations } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const ERROR_TOAST = /Oops! Something went wrong\.\s*We’re experiencing a temporary issue\. Our team is on it; please try again shortly\./;

export default defineScenario(rotateTool, [
  {
    name: 'rotates a PDF chosen from the home page by 180° and saves rotated.pdf',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('scan.pdf', await makePdf(2, { label: 'scan.pdf' }))]);
      await ctx.page.getByLabel('Angle').selectOption('180');
      await ctx.run();
      await ctx.page.getByTestId('result-preview').waitFor();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('rotated.pdf');
      expect(await pageRotations(result.bytes)).toEqual([180, 180]);
    },
  },
  {
    name: 'rotates every page by 270°',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('input-1.pdf', await makePdf(2))]);
      await ctx.page.getByLabel('Angle').selectOption('270');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('rotated.pdf');
      expect(await pageRotations(result.bytes)).toEqual([270, 270]);
    },
  },
  {
    name: 'shows the standard error toast when the server refuses a file, and lets the visitor try again',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([{ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') }]);
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toMatch(ERROR_TOAST);
      expect(await ctx.actionButton().isEnabled()).toBe(true);
    },
  },
]);
