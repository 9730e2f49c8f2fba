import { htmlToPdfTool } from '@folio/registry';
import { pageSizes } from '../../../server/test/support/html-documents';
import { pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, fileUpload } from '../scenario';

export default defineScenario(htmlToPdfTool, [
  {
    name: 'converts an HTML page on Letter paper and saves <name>.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([
        fileUpload('page.html', 'text/html', '<!doctype html><html><body><h1>Letter sized page</h1><p>Hello from HTML.</p></body></html>'),
      ]);
      await ctx.page.getByLabel('Page size').selectOption('LETTER');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('page.pdf');
      expect(pageTexts(result.bytes).join('\n')).toContain('Letter sized page');
      expect((await pageSizes(result.bytes))[0]).toEqual({ width: 612, height: 792 });
    },
  },
]);
