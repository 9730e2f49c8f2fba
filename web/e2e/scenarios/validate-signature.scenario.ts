import { validateSignatureTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
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
      // Spec §3: the list on the page, 'N/A' for a missing text field, 'None' for no error.
      const item = ctx.page.getByTestId('signature-item');
      await item.waitFor();
      expect(await item.count()).toBe(1);
      const field = async (label: string) => (await item.locator(`[data-field="${label}"] dd`).innerText()).trim();
      expect(await field('Signature valid')).toBe('Yes');
      expect(await field('Signer name')).toBe('Asha Rao');
      expect(await field('Signature date')).toBe('Mon Jan 06 04:30:00 UTC 2025');
      expect(await field('Reason')).toBe('Reviewed');
      expect(await field('Location')).toBe('N/A');
      expect(await field('Error message')).toBe('None');
      expect(await field('Certificate chain valid')).toBe('Yes');
      expect(await field('Trusted')).toBe('Yes');
      expect(await field('Subject')).toBe('CN=Folio Chain Leaf');
      expect(await field('Issuer')).toBe('CN=Folio Test Intermediate CA');
      expect(await field('Self-signed')).toBe('No');
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
    name: 'lists a signature over bytes changed since as not valid, with the reason, and an unsigned file as having none',
    run: async (ctx) => {
      const signed = signedByLeaf();
      const changed = Buffer.from(signed.toString('latin1').replace('Signed by OpenSSL', 'Signed by OpenSSX'), 'latin1');
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('changed.pdf', changed)]);
      await ctx.run();
      const item = ctx.page.getByTestId('signature-item');
      await item.waitFor();
      expect(await item.locator('[data-field="Signature valid"] dd').innerText()).toBe('No');
      expect(await item.locator('[data-field="Error message"] dd').innerText()).toContain('changed since signing');
      expect(await item.locator('[data-field="Trusted"] dd').innerText()).toBe('No');

      await ctx.page.getByRole('button', { name: /Remove/ }).first().click();
      await ctx.chooseFiles([pdfUpload('plain.pdf', await makePdf(1))]);
      await ctx.run();
      await ctx.page.getByText('No signatures found in this document.').waitFor();
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
