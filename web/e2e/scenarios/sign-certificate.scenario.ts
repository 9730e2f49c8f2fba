import { signCertificateTool } from '@folio/registry';
import { makePdf, pageTexts } from '../../../server/test/support/pdfs';
import { opensslVerify, pdfsig, signedBytes, signingKeys, TEST_KEY_PASSWORD } from '../../../server/test/support/signing-keys';
import { defineScenario, fileUpload, pdfUpload } from '../scenario';

export default defineScenario(signCertificateTool, [
  {
    name: 'signs with a .p12 chosen in its picker and saves <name>_signed.pdf, which pdfsig finds validly signed over the whole file',
    run: async (ctx) => {
      const pdf = await makePdf(2, { label: 'Contract' });
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('contract.pdf', pdf)]);
      await ctx.page.getByLabel('Certificate type').selectOption('PKCS12');
      await ctx.page.getByLabel('PKCS#12 file (.p12/.pfx)').setInputFiles([fileUpload('signer.p12', 'application/x-pkcs12', signingKeys().selfSigned.p12)]);
      await ctx.page.getByText('signer.p12').waitFor();
      await ctx.page.getByLabel('Password').fill(TEST_KEY_PASSWORD);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('contract_signed.pdf');
      const [signature] = pdfsig(result.bytes);
      expect(signature).toMatchObject({ signerName: 'Folio Test Signer', validation: 'Signature is Valid.', totalDocumentSigned: true });
      expect(opensslVerify(signature.der!, signedBytes(result.bytes, signature.ranges))).toBe('ok');
      expect(result.bytes.subarray(0, pdf.length).equals(pdf)).toBe(true);
      expect(pageTexts(result.bytes)).toEqual(['Contract page 1', 'Contract page 2']);
    },
  },
  {
    name: 'asks for a certificate type, shows the pickers that type needs, and asks for both PEM files',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('contract.pdf', await makePdf(1))]);
      await ctx.actionButton().click();
      await ctx.page.getByText('Please select a certificate type.').waitFor();

      await ctx.page.getByLabel('Certificate type').selectOption('PEM');
      await ctx.page.getByLabel('Private key file (.pem/.der/.key)').waitFor();
      await ctx.page.getByLabel('Certificate file (.pem/.der/.crt/.cer)').waitFor();
      expect(await ctx.page.getByLabel('PKCS#12 file (.p12/.pfx)').count()).toBe(0);
      await ctx.page
        .getByLabel('Private key file (.pem/.der/.key)')
        .setInputFiles([fileUpload('signer.key', 'application/octet-stream', signingKeys().selfSigned.key)]);
      await ctx.actionButton().click();
      await ctx.page.getByText('Please upload both private key and certificate files for PEM.').first().waitFor();

      await ctx.page.getByLabel('Certificate type').selectOption('JKS');
      await ctx.page.getByLabel('Java keystore file (.jks/.keystore)').waitFor();
      expect(await ctx.page.getByLabel('Private key file (.pem/.der/.key)').count()).toBe(0);
    },
  },
  {
    name: 'a wrong key store password ends in the error toast, the form kept',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('contract.pdf', await makePdf(1))]);
      await ctx.page.getByLabel('Certificate type').selectOption('PKCS12');
      await ctx.page.getByLabel('PKCS#12 file (.p12/.pfx)').setInputFiles([fileUpload('signer.p12', 'application/x-pkcs12', signingKeys().selfSigned.p12)]);
      await ctx.page.getByLabel('Password').fill('not-the-password');
      await ctx.actionButton().click();
      await ctx.errorToast();
      expect(await ctx.page.getByText('signer.p12').count()).toBe(1);
      expect(await ctx.page.getByLabel('Password').inputValue()).toBe('not-the-password');
    },
  },
]);
