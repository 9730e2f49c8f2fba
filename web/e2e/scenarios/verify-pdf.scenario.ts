import { verifyPdfTool } from '@folio/registry';
import { ghostscriptPdfa2b, falsePdfa1b } from '../../../server/src/processors/verify-pdf/verify-pdfs.fixtures';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

/** Where the screenshot of a result is saved, when asked: FOLIO_SCREENSHOT_DIR=/tmp/shots. */
const SHOTS = process.env.FOLIO_SCREENSHOT_DIR;

export default defineScenario(verifyPdfTool, [
  {
    name: 'shows each standard checked as a section, with its verdict, checks and limits, and saves the JSON',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('archive.pdf', ghostscriptPdfa2b(await makePdf(1)))]);
      await ctx.run();
      await ctx.expectResultView();
      const view = ctx.page.getByTestId('pdf-info');
      await view.waitFor();
      const section = view.locator('[data-section="PDF/A-2B compliant"]');
      expect(await section.locator('summary').first().innerText()).toContain('PDF/A-2B compliant');
      const field = (key: string) => section.locator(`[data-field="${key}"] > dd`).first();
      expect(await field('compliant').innerText()).toBe('Yes');
      expect(await field('validationProfileName').innerText()).toMatch(/^Folio partial check of PDF\/A-2B/);
      expect(await field('notChecked').innerText()).toMatch(/^Not checked: content streams/);
      expect(await field('checksPerformed').innerText()).toContain('Every font is embedded');

      const result = await ctx.download();
      expect(result.name).toBe('archive_verification.json');
      const flavours = JSON.parse(result.bytes.toString('utf8'));
      expect(flavours.map((flavour: { standard: string; compliant: boolean }) => [flavour.standard, flavour.compliant])).toEqual([['2b', true]]);
    },
  },
  {
    name: 'names the clauses a file falsely claiming PDF/A-1b breaks',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('claims.pdf', falsePdfa1b())]);
      await ctx.run();
      await ctx.expectResultView();
      const section = ctx.page.getByTestId('pdf-info').locator('[data-section="PDF/A-1B with errors"]');
      await section.waitFor();
      expect(await section.locator('[data-field="compliant"] > dd').first().innerText()).toBe('No');
      const failures = await section.locator('[data-field="failures"] > dd').first().innerText();
      expect(failures).toContain('6.3.4-1');
      expect(failures).toContain('The font Helvetica is not embedded.');
      if (SHOTS) await ctx.page.screenshot({ path: `${SHOTS}/verify-pdf-false-claim.png`, fullPage: true });
    },
  },
]);
