import { pdfToPdfaTool } from '@folio/registry';
import { makePdf, pageCount } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(pdfToPdfaTool, [
  {
    name: 'converts to PDF/A, keeping every page, and saves <name>_pdfa.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('archive.pdf', await makePdf(3))]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('archive_pdfa.pdf');
      expect(pageCount(result.bytes)).toBe(3);
      expect(result.bytes.toString('latin1')).toMatch(/pdfaid:part/);
    },
  },
]);
