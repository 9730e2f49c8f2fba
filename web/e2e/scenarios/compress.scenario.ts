import { compressTool } from '@folio/registry';
import { compressionPdf, listImages } from '../../../server/test/support/compression-pdfs';
import { pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(compressTool, [
  {
    name: 'compresses a brochure at the smallest level, says by how much, and saves a smaller file with the same text',
    run: async (ctx) => {
      const brochure = compressionPdf('brochure', { scale: 0.5, pages: 1 });
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('brochure.pdf', brochure)]);
      await ctx.page.getByLabel('Compression level').selectOption('9');
      await ctx.run();
      await ctx.waitForToast('PDF processed successfully!');
      await ctx.expectResultView();
      const outcome = ctx.page.getByTestId('compression-outcome');
      await outcome.waitFor();
      expect(await outcome.innerText()).toMatch(/^Reduced from [\d.]+ (KB|MB) to [\d.]+ KB \(\d+% smaller\)\.$/);
      const result = await ctx.download();
      expect(result.name).toBe('brochure_Optimized.pdf');
      expect(result.bytes.length).toBeLessThan(brochure.length / 4);
      expect(pageTexts(result.bytes)).toEqual(pageTexts(brochure));
      expect(listImages(result.bytes)[0].width).toBeLessThanOrEqual(listImages(brochure)[0].width / 2);
    },
  },
  {
    name: 'answers a file that cannot get smaller unchanged and says it is already optimised',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('leaflet.pdf', compressionPdf('compressed', { scale: 0.5 }))]);
      await ctx.page.getByLabel('Compression level').selectOption('3');
      await ctx.run();
      await ctx.expectResultView();
      const once = await ctx.download();
      // The result, compressed again, has nothing left to give.
      await ctx.chooseFiles([pdfUpload('leaflet.pdf', once.bytes)]);
      // The first run's toast may still show: wait for the second answer itself.
      await ctx.run();
      const outcome = ctx.page.locator('[data-testid="compression-outcome"][data-outcome="already-optimised"]');
      await outcome.waitFor();
      await ctx.expectResultView();
      expect(await outcome.innerText()).toContain('Already optimised');
      const twice = await ctx.download();
      expect(Buffer.compare(twice.bytes, once.bytes)).toBe(0);
    },
  },
  {
    name: 'says when a target size cannot be met, with what was reached',
    run: async (ctx) => {
      const scan = compressionPdf('scan-colour', { scale: 0.5, pages: 1 });
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('scan.pdf', scan)]);
      await ctx.page.getByLabel('Target size (optional)').fill('1KB');
      await ctx.run();
      await ctx.expectResultView();
      const target = ctx.page.getByTestId('compression-target');
      await target.waitFor();
      expect(await target.getAttribute('data-target-met')).toBe('false');
      expect(await target.innerText()).toMatch(/^Target of 1\.00 KB not met: the smallest result reached is [\d.]+ KB\.$/);
      const result = await ctx.download();
      expect(result.bytes.length).toBeLessThan(scan.length / 4);
    },
  },
]);
