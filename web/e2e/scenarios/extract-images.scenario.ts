import { extractImagesTool } from '@folio/registry';
import { picturesPdf, readImage, zipFiles, zipImageSizes } from '../../../server/test/support/image-pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const ERROR_TOAST = /Oops! Something went wrong\.\s*We’re experiencing a temporary issue\. Our team is on it; please try again shortly\./;

export default defineScenario(extractImagesTool, [
  {
    name: 'extracts every picture once as PNG, masks applied, and saves <name>_extracted_images.zip',
    run: async (ctx) => {
      await ctx.openFromHome();
      expect(await ctx.page.getByLabel('Image format').inputValue()).toBe('png');
      expect(await ctx.page.getByLabel('Allow duplicates').isChecked()).toBe(false);
      await ctx.chooseFiles([pdfUpload('pictures.pdf', picturesPdf())]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('pictures_extracted_images.zip');
      expect(Object.values(zipImageSizes(result.bytes)).sort()).toEqual(['10x10', '12x6', '16x16', '20x10', '4x4', '8x8']);
      const softMasked = zipFiles(result.bytes)
        .map(({ data }) => readImage(data))
        .find((image) => image.width === 12)!;
      expect(softMasked.format).toBe('PNG');
      expect(softMasked.pixel(0, 3)[3]).toBe(0);
      expect(softMasked.pixel(11, 3)).toEqual([0, 200, 0, 255]);
    },
  },
  {
    name: 'with GIF and duplicates allowed, saves a GIF for every page a picture is on',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('pictures.pdf', picturesPdf())]);
      await ctx.page.getByLabel('Image format').selectOption('gif');
      await ctx.page.getByLabel('Allow duplicates').check();
      await ctx.run();
      const result = await ctx.download();
      const names = zipFiles(result.bytes).map((file) => file.name);
      expect(names).toHaveLength(8);
      for (const name of names) expect(name).toMatch(/^pictures_page_[123]_\d\.gif$/);
      for (const { data } of zipFiles(result.bytes)) expect(readImage(data).format).toBe('GIF');
    },
  },
  {
    name: 'shows the standard error toast for a file that is not a PDF inside',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('fake.pdf', Buffer.from('not a pdf'))]);
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toMatch(ERROR_TOAST);
      expect(await ctx.actionButton().isEnabled()).toBe(true);
    },
  },
]);
