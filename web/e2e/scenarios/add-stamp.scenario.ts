import { addStampTool } from '@folio/registry';
import { flatPng, imagesPerPage, plainPageTexts } from '../../../server/test/support/marks';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(addStampTool, [
  {
    name: 'stamps text with a page-number placeholder on the chosen pages and saves <name>_stamped.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('contract.pdf', await makePdf(3))]);
      await ctx.page.getByLabel('Pages', { exact: true }).fill('1,3');
      await ctx.page.getByLabel('Stamp text', { exact: true }).fill('APPROVED @page_number');
      await ctx.page.getByLabel('Position', { exact: true }).selectOption('3');
      await ctx.page.getByLabel('Colour', { exact: true }).fill('#d32f2f');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('contract_stamped.pdf');
      const texts = plainPageTexts(result.bytes);
      expect(texts[0]).toContain('APPROVED 1');
      expect(texts[1]).not.toContain('APPROVED');
      expect(texts[2]).toContain('APPROVED 3');
    },
  },
  {
    name: 'asks for an image, then stamps the PNG chosen with the image picker',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('scan.pdf', await makePdf(2))]);
      await ctx.page.getByLabel('Stamp type', { exact: true }).selectOption('image');
      await ctx.actionButton().click();
      await ctx.page.getByText('Please upload a stamp image.').waitFor();
      await ctx.page.getByLabel('Stamp image', { exact: true }).setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: flatPng(60, 60, '#1060e0') });
      await ctx.page.getByLabel('Pages', { exact: true }).fill('2');
      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('scan_stamped.pdf');
      expect(Object.fromEntries(imagesPerPage(result.bytes))).toEqual({ 2: 1 });
    },
  },
]);
