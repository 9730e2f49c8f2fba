import { validateSignatureTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { forgedAfterSigning } from '../../../server/test/support/signed-pdfs';
import { opensslSignedPdf, signingKeys } from '../../../server/test/support/signing-keys';
import { defineScenario, fileUpload, pdfUpload } from '../scenario';

/** Where the screenshot of a result is saved, when asked: FOLIO_SCREENSHOT_DIR=/tmp/shots. */
const SHOTS = process.env.FOLIO_SCREENSHOT_DIR;

/** A PDF signed by OpenSSL with the test CA's leaf key, its chain embedded. */
const signedByLeaf = () => {
  const { chain } = signingKeys();
  return opensslSignedPdf({
    key: chain.leaf.key,
    cert: chain.leaf.cert,
    chain: Buffer.concat([chain.intermediate, chain.root]),
    name: 'Asha Rao',
    reason: 'Reviewed',
    signingTime: "D:20250106100000+05'30'",
  });
};

export default defineScenario(validateSignatureTool, [
  {
    name: 'validates a signed PDF against a root certificate chosen in its picker and saves the report',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('contract.pdf', signedByLeaf())]);
      await ctx.page
        .getByLabel('Custom certificate (optional)')
        .setInputFiles([fileUpload('root.crt', 'application/x-x509-ca-cert', signingKeys().chain.root)]);
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

      await ctx.page
        .getByRole('button', { name: /Remove/ })
        .first()
        .click();
      await ctx.chooseFiles([pdfUpload('plain.pdf', await makePdf(1))]);
      await ctx.run();
      await ctx.page.getByText('No signatures found in this document.').waitFor();
    },
  },
  {
    name: 'never calls a signature valid when the document was changed after signing: says so in words, in the warning colour',
    run: async (ctx) => {
      const { selfSigned } = signingKeys();
      const forged = forgedAfterSigning(opensslSignedPdf({ key: selfSigned.key, cert: selfSigned.cert, name: 'Asha Rao', reason: 'Reviewed' }));
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('forged.pdf', forged)]);
      await ctx.run();
      const item = ctx.page.getByTestId('signature-item');
      await item.waitFor();
      expect(await item.getAttribute('data-verdict')).toBe('changed');
      expect((await item.locator('h3').innerText()).trim()).toBe('Signature 1: valid for the signed revision, but the document was changed after signing');
      const warning = item.getByTestId('signature-warning');
      expect((await warning.innerText()).trim()).toBe(
        'Valid for the signed revision, but the document was changed after signing: 1 incremental update; page 1 changed.',
      );
      expect(await item.locator('[data-field="Covers"] dd').innerText()).toBe('The signed revision only');
      // The warning colour, not the valid one: the card's edge and the sentence use the theme's warning tokens.
      const colours = await item.evaluate((card) => {
        const root = getComputedStyle(document.documentElement);
        const probe = (variable: string) => {
          const span = document.createElement('span');
          span.style.color = root.getPropertyValue(variable);
          document.body.append(span);
          const colour = getComputedStyle(span).color;
          span.remove();
          return colour;
        };
        return {
          edge: getComputedStyle(card).borderLeftColor,
          text: getComputedStyle(card.querySelector('[data-testid="signature-warning"]')!).color,
          warning: probe('--color-warning'),
          success: probe('--color-success'),
        };
      });
      expect(colours.edge).toBe(colours.warning);
      expect(colours.text).toBe(colours.warning);
      expect(colours.edge).not.toBe(colours.success);
      if (SHOTS) await ctx.page.screenshot({ path: `${SHOTS}/validate-signature-changed.png`, fullPage: true });
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
