import { addPasswordTool } from '@folio/registry';
import { passwordNeed, popplerText, showEncryption } from '../../../server/test/support/encryption-report';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(addPasswordTool, [
  {
    name: 'adds a password, an owner password and a restriction, and saves <name>_passworded.pdf that opens only with the password',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('contract.pdf', await makePdf(2, { label: 'contract' }))]);
      await ctx.page.getByLabel('Password', { exact: true }).fill('open-sesame');
      await ctx.page.getByLabel('Owner password', { exact: true }).fill('the-author');
      await ctx.page.getByLabel('Encryption').selectOption('128');
      await ctx.page.getByLabel('Prevent printing', { exact: true }).check();
      await ctx.run();
      await ctx.expectResultView({ locked: true });
      const result = await ctx.download();
      expect(result.name).toBe('contract_passworded.pdf');
      expect(passwordNeed(result.bytes)).toBe('password');
      expect(popplerText(result.bytes)).toBeUndefined();
      expect(popplerText(result.bytes, 'open-sesame')).toContain('contract page 2');
      const asReader = showEncryption(result.bytes, 'open-sesame');
      expect(asReader).toMatchObject({ revision: 4, bits: 128, userPasswordMatched: true, ownerPasswordMatched: false });
      expect(asReader.capabilities).toMatchObject({ 'print low resolution': false, 'print high resolution': false, 'modify other': true });
      expect(showEncryption(result.bytes, 'the-author').ownerPasswordMatched).toBe(true);
    },
  },
  {
    name: 'with the passwords left blank sets restrictions only and saves <name>_permissions.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('notes.pdf', await makePdf(1, { label: 'notes' }))]);
      await ctx.page.getByLabel('Prevent content extraction', { exact: true }).check();
      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('notes_permissions.pdf');
      expect(passwordNeed(result.bytes)).toBe('restrictions-only');
      const report = showEncryption(result.bytes);
      expect(report).toMatchObject({ revision: 6, ownerPasswordMatched: false });
      expect(report.capabilities['extract for any purpose']).toBe(false);
    },
  },
]);
