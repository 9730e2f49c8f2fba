import { fileToPdfTool } from '@folio/registry';
import { pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, fileUpload } from '../scenario';

export default defineScenario(fileToPdfTool, [
  {
    name: 'converts a text file with the office suite and saves <name>.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([fileUpload('notes.txt', 'text/plain', 'Converter notes line one\nSecond line\n')]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('notes.pdf');
      expect(pageTexts(result.bytes).join('\n')).toContain('Converter notes line one');
    },
  },
]);
