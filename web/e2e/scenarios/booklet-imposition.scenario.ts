import { bookletImpositionTool } from '@folio/registry';
import { regionText } from '../../../server/src/processors/booklet-imposition/printed-pdfs.fixtures';
import { makePdf, pageCount } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(bookletImpositionTool, [
  {
    name: 'imposes four pages on the two sides of one sheet, spine on the right, and saves <name>_booklet.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('input.pdf', await makePdf(4))]);
      await ctx.page.getByLabel('Spine').selectOption('RIGHT');
      await ctx.page.getByLabel('Add borders').check();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('input_booklet.pdf');
      expect(pageCount(result.bytes)).toBe(2);
      // Pages of 300 × 400 on 400 × 300 sheets; a spine on the right puts page 1 on the left of the front.
      expect(regionText(result.bytes, 1, { x: 0, y: 0, width: 200, height: 300 })).toBe('doc page 1');
      expect(regionText(result.bytes, 1, { x: 200, y: 0, width: 200, height: 300 })).toBe('doc page 4');
    },
  },
]);
