import { addImageTool } from '@folio/registry';
import { blankPdf, flatPng, imagesPerPage, plainPageTexts } from '../../../server/test/support/marks';
import { expectBoxNear, inkBox, renderPages } from '../../../server/test/support/page-geometry';
import { defineScenario, fileUpload, pdfUpload } from '../scenario';

export default defineScenario(addImageTool, [
  {
    name: 'asks for an image, then places the PNG chosen at x, y on every page and saves <name>_with_image.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('brochure.pdf', await blankPdf([{ size: [400, 500] }, { size: [400, 500] }]))]);
      await ctx.actionButton().click();
      await ctx.page.getByText('Please select an image file to upload.').waitFor();
      await ctx.page.getByLabel('Image', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: flatPng(80, 40, '#000000') });
      await ctx.page.getByLabel('X', { exact: true }).fill('100');
      await ctx.page.getByLabel('Y', { exact: true }).fill('50');
      await ctx.page.getByLabel('Every page', { exact: true }).check();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('brochure_with_image.pdf');
      expect(Object.fromEntries(imagesPerPage(result.bytes))).toEqual({ 1: 1, 2: 1 });
      // Lower-left corner at (100, 50) from the page's lower left: 80 × 40 pt at one pixel a point.
      for (const page of await renderPages(result.bytes, 72)) expectBoxNear(inkBox(page), { left: 100, right: 180, top: 410, bottom: 450 }, 1.5);
    },
  },
  {
    name: 'draws an SVG as vectors on the first page only',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('flyer.pdf', await blankPdf([{ size: [300, 300] }, { size: [300, 300] }]))]);
      const drawing =
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#000"/><text x="5" y="30" font-size="24" fill="#fff">Vector</text></svg>';
      await ctx.page.getByLabel('Image', { exact: true }).setInputFiles(fileUpload('badge.svg', 'image/svg+xml', drawing));
      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('flyer_with_image.pdf');
      // No picture: the drawing stays vectors, its text still text.
      expect(imagesPerPage(result.bytes).size).toBe(0);
      expect(plainPageTexts(result.bytes)).toEqual(['Vector', '']);
      const [first, second] = await renderPages(result.bytes, 72);
      expectBoxNear(inkBox(first), { left: 0, right: 120, top: 260, bottom: 300 }, 1.5);
      expect(inkBox(second)).toBeUndefined();
    },
  },
]);
