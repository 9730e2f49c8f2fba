import { markdownToPdfTool } from '@folio/registry';
import { pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, fileUpload } from '../scenario';

export default defineScenario(markdownToPdfTool, [
  {
    name: 'converts Markdown with a table of contents and saves <name>.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([fileUpload('readme.md', 'text/markdown', '# Project title\n\nSome *markdown* text.\n\n## Usage\n\nRun it.\n')]);
      await ctx.page.getByLabel('Include table of contents').check();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('readme.pdf');
      const text = pageTexts(result.bytes).join('\n');
      expect(text).toContain('Project title');
      expect(text).toContain('Usage');
    },
  },
]);
