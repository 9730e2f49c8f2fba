import { cbrToPdfTool } from '@folio/registry';
import { pdfPageSizes, picture, rar4 } from '../../../server/test/support/comic-archives';
import { defineScenario, fileUpload } from '../scenario';

export default defineScenario(cbrToPdfTool, [
  {
    name: 'turns a CBR of two pictures into a PDF optimised for e-readers and saves <name>_converted.pdf',
    run: async (ctx) => {
      const cbr = rar4([
        ['issue/2.png', picture('png', 300, 400, '#c03030')],
        ['issue/1.png', picture('png', 200, 300)],
      ]);
      await ctx.open();
      await ctx.chooseFiles([fileUpload('issue.cbr', 'application/vnd.comicbook-rar', cbr)]);
      await ctx.page.getByLabel('Optimise for e-readers').check();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('issue_converted.pdf');
      expect(pdfPageSizes(result.bytes)).toEqual([
        { width: 200, height: 300 },
        { width: 300, height: 400 },
      ]);
    },
  },
]);
