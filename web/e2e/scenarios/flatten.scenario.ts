import { flattenTool } from '@folio/registry';
import { FORM_LAYOUT, formPdf, formReport } from '../../../server/test/support/form-pdfs';
import { listImages } from '../../../server/test/support/image-pdfs';
import { pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const ERROR_TOAST = /Oops! Something went wrong\.\s*We’re experiencing a temporary issue\. Our team is on it; please try again shortly\./;

export default defineScenario(flattenTool, [
  {
    name: 'flattens only the form: values become page text, the fields go, the comment and the link stay; saves <name>_flattened.pdf',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('application.pdf', await formPdf())]);
      await ctx.page.getByLabel('Flatten only forms').check();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('application_flattened.pdf');
      expect(formReport(result.bytes)).toEqual({ hasForm: false, fields: [], annotations: [['/Square', '/Link']] });
      const text = pageTexts(result.bytes)[0];
      expect(text).toContain(FORM_LAYOUT.name.value);
      expect(text).toContain(FORM_LAYOUT.reference.value);
    },
  },
  {
    name: 'by default turns every page into a picture of itself',
    run: async (ctx) => {
      await ctx.open();
      expect(await ctx.page.getByLabel('Flatten only forms').isChecked()).toBe(false);
      await ctx.chooseFiles([pdfUpload('application.pdf', await formPdf())]);
      await ctx.run();
      const result = await ctx.download();
      expect(pageTexts(result.bytes)).toEqual(['']);
      expect(formReport(result.bytes)).toEqual({ hasForm: false, fields: [], annotations: [[]] });
      expect(listImages(result.bytes)).toHaveLength(1);
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
