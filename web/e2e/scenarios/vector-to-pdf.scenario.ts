import { vectorToPdfTool } from '@folio/registry';
import { pageCount, pageTexts } from '../../../server/test/support/pdfs';
import { postScriptPages, xpsOf, XPS_TRIANGLE_PAGE } from '../../../server/test/support/vector-documents';
import { defineScenario, fileUpload } from '../scenario';

export default defineScenario(vectorToPdfTool, [
  {
    name: 'converts a PostScript file and saves <name>_converted.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([fileUpload('job.ps', 'application/postscript', postScriptPages(['Browser sheet one', 'Browser sheet two']))]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('job_converted.pdf');
      expect(pageTexts(result.bytes)).toEqual(['Browser sheet one', 'Browser sheet two']);
    },
  },
  {
    name: 'converts an XPS document',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([fileUpload('drawing.xps', 'application/vnd.ms-xpsdocument', await xpsOf([XPS_TRIANGLE_PAGE, XPS_TRIANGLE_PAGE]))]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('drawing_converted.pdf');
      expect(pageCount(result.bytes)).toBe(2);
    },
  },
]);
