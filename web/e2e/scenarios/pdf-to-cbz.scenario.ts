import AdmZip from 'adm-zip';
import { pdfToCbzTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(pdfToCbzTool, [
  {
    name: 'draws each page as a PNG at the chosen DPI and saves <name>_converted.cbz',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('story.pdf', await makePdf(2))]);
      await ctx.page.getByLabel('DPI').fill('72');
      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('story_converted.cbz');
      const entries = new AdmZip(result.bytes).getEntries();
      expect(entries.map((entry) => entry.entryName)).toEqual(['page_001.png', 'page_002.png']);
      // makePdf's pages are 300 × 400 pt: 300 × 400 pixels at 72 DPI, read from the PNG header.
      const header = entries[0].getData();
      expect([header.readUInt32BE(16), header.readUInt32BE(20)]).toEqual([300, 400]);
    },
  },
]);
