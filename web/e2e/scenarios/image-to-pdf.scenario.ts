import { execFileSync } from 'node:child_process';
import { imageToPdfTool } from '@folio/registry';
import { pageCount } from '../../../server/test/support/pdfs';
import { defineScenario, fileUpload } from '../scenario';

/** A 40 × 30 PNG of one colour, drawn by ImageMagick 6 (called by its full name: `convert` may be a stand-in). */
const png = (colour: string) => execFileSync('/usr/bin/convert-im6.q16', ['-size', '40x30', `xc:${colour}`, 'png:-']);

export default defineScenario(imageToPdfTool, [
  {
    name: 'turns two images into a two-page greyscale PDF and saves converted.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([fileUpload('first.png', 'image/png', png('#2f6fdf')), fileUpload('second.png', 'image/png', png('#f2b705'))]);
      await ctx.page.getByLabel('Colour').selectOption('grayscale');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('converted.pdf');
      expect(pageCount(result.bytes)).toBe(2);
    },
  },
]);
