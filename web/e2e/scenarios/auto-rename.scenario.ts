import { autoRenameTool } from '@folio/registry';
import { pageTexts } from '../../../server/test/support/pdfs';
import { bodyLines, linesPdf } from '../../../server/test/support/titled-pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(autoRenameTool, [
  {
    name: 'saves the PDF under the title found on its first page, as the answer names it',
    run: async (ctx) => {
      await ctx.openFromHome();
      const pdf = await linesPdf([[{ text: 'Internal memo', size: 9, y: 760 }, { text: 'Annual Report 2024', size: 28, y: 700 }, ...bodyLines(12)]]);
      await ctx.chooseFiles([pdfUpload('scan0042.pdf', pdf)]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('Annual Report 2024.pdf');
      expect(pageTexts(result.bytes)).toEqual(pageTexts(pdf));
    },
  },
  {
    name: 'says no title was found for a scan without text, instead of the success toast, and keeps the upload’s name',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('blank-scan.pdf', await linesPdf([[]]))]);
      await ctx.actionButton().click();
      const notice = 'No title found: the name is unchanged.';
      // A warning toast and the same words on the page, never "renamed".
      await ctx.waitForToast(notice);
      expect((await ctx.page.getByTestId('run-notice').innerText()).trim()).toBe(notice);
      expect(await ctx.page.getByText(ctx.tool.toast.success).count()).toBe(0);
      const result = await ctx.download();
      expect(result.name).toBe('blank-scan.pdf');
    },
  },
]);
