import { removePasswordTool } from '@folio/registry';
import { passwordNeed } from '../../../server/test/support/encryption-report';
import { encryptPdf, makePdf, pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const ERROR_TOAST = /Oops! Something went wrong\.\s*We’re experiencing a temporary issue\. Our team is on it; please try again shortly\./;

export default defineScenario(removePasswordTool, [
  {
    name: 'removes the password of a protected PDF and saves <name>_password_removed.pdf',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('payslip.pdf', encryptPdf(await makePdf(2, { label: 'payslip' }), 'open-sesame'))]);
      await ctx.page.getByLabel('Password', { exact: true }).fill('open-sesame');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('payslip_password_removed.pdf');
      expect(passwordNeed(result.bytes)).toBe('none');
      expect(pageTexts(result.bytes)).toEqual(['payslip page 1', 'payslip page 2']);
    },
  },
  {
    name: 'shows the standard error toast for a wrong password, and works once the right one is typed',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('payslip.pdf', encryptPdf(await makePdf(1, { label: 'payslip' }), 'open-sesame'))]);
      await ctx.page.getByLabel('Password', { exact: true }).fill('guess');
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toMatch(ERROR_TOAST);
      expect(await ctx.actionButton().isEnabled()).toBe(true);
      await ctx.page.getByLabel('Password', { exact: true }).fill('open-sesame');
      await ctx.run();
      expect(passwordNeed((await ctx.download()).bytes)).toBe('none');
    },
  },
]);
