import { cbzToPdfTool } from '@folio/registry';
import { pdfPageSizes, picture, zipWithPython } from '../../../server/test/support/comic-archives';
import { defineScenario, fileUpload } from '../scenario';

export default defineScenario(cbzToPdfTool, [
  {
    name: 'turns a CBZ of two pictures into a two-page PDF, pages in natural order, and saves <name>_converted.pdf',
    run: async (ctx) => {
      const cbz = zipWithPython([
        ['page10.png', picture('png', 60, 80, '#c03030')],
        ['page2.jpg', picture('jpeg', 50, 70)],
      ]);
      await ctx.open();
      await ctx.chooseFiles([fileUpload('story.cbz', 'application/vnd.comicbook+zip', cbz)]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('story_converted.pdf');
      expect(pdfPageSizes(result.bytes)).toEqual([
        { width: 50, height: 70 },
        { width: 60, height: 80 },
      ]);
    },
  },
]);
