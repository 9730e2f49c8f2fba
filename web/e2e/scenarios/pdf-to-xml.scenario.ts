import { pdfToXmlTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(pdfToXmlTool, [
  {
    name: 'converts to XML and saves <name>.xml',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('data.pdf', await makePdf(2))]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('data.xml');
      const xml = result.bytes.toString('utf8');
      expect(xml).toMatch(/^\s*<\?xml|^\s*</);
      expect(xml).toContain('doc page 2');
    },
  },
]);
