import { changePermissionsTool } from '@folio/registry';
import { passwordNeed, popplerText, showEncryption } from '../../../server/test/support/encryption-report';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(changePermissionsTool, [
  {
    name: 'restricts copying and editing without a password and saves <name>_permissions_changed.pdf',
    run: async (ctx) => {
      await ctx.openFromHome();
      expect(await ctx.page.locator('input[type="password"], input[name*="assword"]').count()).toBe(0);
      await ctx.chooseFiles([pdfUpload('terms.pdf', await makePdf(2, { label: 'terms' }))]);
      await ctx.page.getByLabel('Prevent content extraction', { exact: true }).check();
      await ctx.page.getByLabel('Prevent modification', { exact: true }).check();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('terms_permissions_changed.pdf');
      expect(passwordNeed(result.bytes)).toBe('restrictions-only');
      expect(popplerText(result.bytes)).toContain('terms page 2');
      const report = showEncryption(result.bytes);
      expect(report.ownerPasswordMatched).toBe(false);
      expect(report.capabilities).toEqual({
        'extract for accessibility': true,
        'extract for any purpose': false,
        'print low resolution': true,
        'print high resolution': true,
        'modify document assembly': true,
        'modify forms': true,
        'modify annotations': true,
        'modify other': false,
      });
    },
  },
]);
