import AdmZip from 'adm-zip';
import { pdfToImageTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(pdfToImageTool, [
  {
    name: 'renders each page as a JPG at 50 DPI and saves them zipped',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('pages.pdf', await makePdf(2))]);
      await ctx.page.getByLabel('Image format').selectOption('jpg');
      await ctx.page.getByLabel('DPI').fill('50');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('pages_convertedToImages.zip'); // the API's name (download.browser is 'from-response')
      const entries = new AdmZip(result.bytes).getEntries().map((e) => e.entryName);
      expect(entries).toHaveLength(2);
      for (const entry of entries) expect(entry).toMatch(/\.jpe?g$/);
    },
  },
]);
