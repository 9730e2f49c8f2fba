import { removeCertificateTool } from '@folio/registry';
import { pageTexts } from '../../../server/test/support/pdfs';
import { pdfsig, SIGNER_NAME, signedContract } from '../../../server/test/support/signed-pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const ERROR_TOAST = /Oops! Something went wrong\.\s*We’re experiencing a temporary issue\. Our team is on it; please try again shortly\./;

export default defineScenario(removeCertificateTool, [
  {
    name: 'removes both signatures of a signed contract and saves <name>_no_certificate.pdf',
    run: async (ctx) => {
      await ctx.openFromHome();
      const signed = signedContract();
      expect(pdfsig(signed).match(/Signature is Valid\./g)).toHaveLength(2);
      await ctx.chooseFiles([pdfUpload('contract.pdf', signed)]);
      await ctx.page.getByText('contract.pdf').waitFor();
      await ctx.run();
      await ctx.expectResultView();
      expect(await ctx.page.getByTestId('result-preview').evaluate((el) => el.getBoundingClientRect().height)).toBe(600);
      const result = await ctx.download();
      expect(result.name).toBe('contract_no_certificate.pdf');
      expect(pdfsig(result.bytes)).toMatch(/does not contain any signatures/);
      const text = pageTexts(result.bytes)[0];
      expect(text).toContain('Signed contract');
      expect(text).toContain('Alice Example');
      expect(text).toContain(`Signed by ${SIGNER_NAME}`);
    },
  },
  {
    name: 'asks for a file before running',
    run: async (ctx) => {
      await ctx.open();
      expect(await ctx.actionButton().isDisabled()).toBe(true);
    },
  },
  {
    name: 'shows the standard error toast for a damaged PDF, and lets the visitor try again',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('broken.pdf', Buffer.from('%PDF-1.7\nthis is not a pdf at all\n%%EOF\n'))]);
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toMatch(ERROR_TOAST);
      expect(await ctx.actionButton().isEnabled()).toBe(true);
    },
  },
]);
