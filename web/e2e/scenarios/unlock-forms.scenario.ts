import { unlockFormsTool } from '@folio/registry';
import { lockedFormPdf, qpdfForm } from '../../../server/test/support/form-pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const ERROR_TOAST = /Oops! Something went wrong\.\s*We’re experiencing a temporary issue\. Our team is on it; please try again shortly\./;

export default defineScenario(unlockFormsTool, [
  {
    name: 'makes every read-only field editable, keeping the values, and saves <name>_unlocked.pdf',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('application.pdf', lockedFormPdf({ xfa: 'hybrid' }))]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('application_unlocked.pdf');
      const form = qpdfForm(result.bytes);
      expect(form.needappearances).toBe(true);
      expect(form.fields.map((field) => [field.fullname, field.fieldflags & 1, field.value])).toEqual([
        ['name', 0, 'u:Asha Rao'],
        ['address.street', 0, 'u:1 Main Road'],
        ['address.city', 0, 'u:Pune'],
        ['agree', 0, '/Yes'],
        ['country', 0, 'u:Kenya'],
        ['approval', 0, null],
      ]);
    },
  },
  {
    name: 'shows the standard error toast for a file that is not a PDF inside',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('form.pdf', Buffer.from('not a pdf'))]);
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toMatch(ERROR_TOAST);
      expect(await ctx.actionButton().isEnabled()).toBe(true);
    },
  },
]);
