import { pdfToVectorTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(pdfToVectorTool, [
  {
    name: 'converts a PDF to PostScript and saves <name>_converted.ps',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('report.pdf', await makePdf(2))]);
      await ctx.page.getByLabel('Output format').selectOption('ps');
      // The toast names the chosen format, upper-cased.
      await ctx.run({ toast: 'PDF converted to PS successfully!' });
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('report_converted.ps');
      expect(result.bytes.subarray(0, 11).toString('latin1')).toBe('%!PS-Adobe-');
      expect(result.bytes.toString('latin1')).toMatch(/%%Pages: 2/);
    },
  },
]);
