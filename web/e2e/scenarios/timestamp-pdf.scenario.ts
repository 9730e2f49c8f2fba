import { timestampPdfTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

/**
 * The browser suites share one server started without FOLIO_TSA_URLS (timestamps
 * are off by default), so the page is driven as a visitor of such a server sees
 * it: the field says what the operator must do, and a run says timestamps are
 * not configured. Timestamping itself, against a loopback authority, is checked
 * in timestamp-pdf.http.spec.ts.
 */
export default defineScenario(timestampPdfTool, [
  {
    name: 'says, on a server whose operator configured no timestamp authority, that timestamps are not configured',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('report.pdf', await makePdf(1))]);
      await ctx.page.getByText('timestamps work only on servers whose operator has configured one').waitFor();
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toContain('Timestamps are not configured on this server');
    },
  },
]);
