import { pdfToMarkdownTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(pdfToMarkdownTool, [
  {
    name: 'shows the Markdown in a read-only text box and saves <name>.md',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('notes.pdf', await makePdf(2))]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('notes.md');
      const markdown = result.bytes.toString('utf8');
      expect(markdown).toContain('doc page 2');
      expect(await ctx.page.getByTestId('result-text').inputValue()).toBe(markdown);
      expect(await ctx.page.getByTestId('result-text').getAttribute('readonly')).not.toBeNull();
    },
  },
]);
