import { pdfToRtfTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(pdfToRtfTool, [
  {
    name: 'converts to RTF, naming the format in the toast, and saves <name>.rtf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('letter.pdf', await makePdf(1))]);
      await ctx.page.getByLabel('Output format').selectOption('rtf');
      await ctx.run({ toast: 'PDF converted to RTF successfully!' });
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('letter.rtf');
      expect(result.bytes.subarray(0, 5).toString('latin1')).toBe('{\\rtf');
      expect(result.bytes.toString('latin1')).toContain('doc page 1');
    },
  },
]);
