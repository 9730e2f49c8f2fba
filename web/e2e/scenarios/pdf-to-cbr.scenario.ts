import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfToCbrTool } from '@folio/registry';
import { makePdf, withTempDir } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

/** The entries of a CBR as The Unarchiver's lsar lists them, in archive order. */
function listedEntries(cbr: Buffer): { format: string; names: string[] } {
  return withTempDir((dir) => {
    const archive = join(dir, 'comic.cbr');
    writeFileSync(archive, cbr);
    const listing = JSON.parse(execFileSync('/usr/bin/lsar', ['-j', archive], { encoding: 'utf8' }));
    return { format: listing.lsarFormatName, names: listing.lsarContents.map((entry: { XADFileName: string }) => entry.XADFileName) };
  });
}

export default defineScenario(pdfToCbrTool, [
  {
    name: 'draws each page as a PNG at the chosen DPI and saves <name>_converted.cbr',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('story.pdf', await makePdf(2))]);
      await ctx.page.getByLabel('DPI').fill('72');
      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('story_converted.cbr');
      expect(listedEntries(result.bytes)).toEqual({ format: 'RAR 5', names: ['page_001.png', 'page_002.png'] });
    },
  },
]);
