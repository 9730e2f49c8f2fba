import { validateSignatureTool } from '@folio/registry';
import { opensslSignedPdf, signingKeys } from '../../../server/test/support/signing-keys';
import { defineScenario, fileUpload, pdfUpload } from '../scenario';

/** A PDF signed by OpenSSL with the test CA's leaf key, its chain embedded. */
const signedByLeaf = () => {
  const { chain } = signingKeys();
  return opensslSignedPdf({ key: chain.leaf.key, cert: chain.leaf.cert, chain: Buffer.concat([chain.intermediate, chain.root]), name: 'Asha Rao', reason: 'Reviewed', signingTime: "D:20250106100000+05'30'" });
};

export default defineScenario(validateSignatureTool, [
  {
    name: 'validates a signed PDF against a root certificate chosen in its picker and saves the report',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('contract.pdf', signedByLeaf())]);
      await ctx.page.getByLabel('Custom certificate (optional)').setInputFiles([fileUpload('root.crt', 'application/x-x509-ca-cert', signingKeys().chain.root)]);
      await ctx.page.getByText('root.crt').waitFor();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('contract_signatures.json');
      const reports = JSON.parse(result.bytes.toString('utf8'));
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({
        valid: true,
        chainValid: true,
        trustValid: true,
        coversEntireDocument: true,
        signerName: 'Asha Rao',
        reason: 'Reviewed',
        location: null,
        errorMessage: null,
        signatureDate: 'Mon Jan 06 04:30:00 UTC 2025',
        subjectDN: 'CN=Folio Chain Leaf',
        issuerDN: 'CN=Folio Test Intermediate CA',
      });
    },
  },
  {
    name: 'asks for the signed PDF when another kind of file is chosen',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([fileUpload('notes.txt', 'text/plain', 'not a PDF')]);
      await ctx.waitForToast('Please upload the signed PDF file.');
    },
  },
]);
