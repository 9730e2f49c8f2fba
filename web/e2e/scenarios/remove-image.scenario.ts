import { removeImageTool } from '@folio/registry';
import { listImages, PICTURE_PAGE_TEXTS, picturesPdf, VECTOR_SQUARE } from '../../../server/test/support/image-pdfs';
import { colouredShare, renderColour } from '../../../server/test/support/marks';
import { pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const ERROR_TOAST = /Oops! Something went wrong\.\s*We’re experiencing a temporary issue\. Our team is on it; please try again shortly\./;

export default defineScenario(removeImageTool, [
  {
    name: 'removes every image, keeps text and drawings, previews and saves <name>_no_images.pdf',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('pictures.pdf', picturesPdf())]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('pictures_no_images.pdf');
      expect(listImages(result.bytes)).toEqual([]);
      expect(pageTexts(result.bytes)).toEqual(PICTURE_PAGE_TEXTS);
      expect(colouredShare(renderColour(result.bytes, 1), VECTOR_SQUARE)).toBeGreaterThan(0.95);
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
