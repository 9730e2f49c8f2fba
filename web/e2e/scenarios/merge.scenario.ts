import { mergeTool } from '@folio/registry';
import { makePdf, pageCount, pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(mergeTool, [
  {
    name: 'merges two PDFs chosen from the home page: toast, 600 px preview, merged.pdf with all pages in order',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('one.pdf', await makePdf(2, { label: 'one' })), pdfUpload('two.pdf', await makePdf(3, { label: 'two' }))]);
      await ctx.page.getByText('one.pdf').waitFor();
      await ctx.run();
      await ctx.expectResultView();
      await ctx.page.getByTestId('result-preview').waitFor();
      expect(await ctx.page.getByTestId('result-preview').evaluate((el) => el.getBoundingClientRect().height)).toBe(600);
      const result = await ctx.download();
      expect(result.name).toBe('merged.pdf');
      expect(pageCount(result.bytes)).toBe(5);
      expect(pageTexts(result.bytes)).toEqual(['one page 1', 'one page 2', 'two page 1', 'two page 2', 'two page 3']);
    },
  },
  {
    name: 'asks for two files before merging',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('only.pdf', await makePdf(1, { label: 'only.pdf' }))]);
      await ctx.actionButton().click();
      await ctx.waitForToast('Please upload at least two PDF files to merge.');
    },
  },
]);
