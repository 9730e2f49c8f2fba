import AdmZip from 'adm-zip';
import { pdfToPresentationTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(pdfToPresentationTool, [
  {
    name: 'converts to an OpenDocument presentation and saves <name>.odp',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('slides.pdf', await makePdf(2))]);
      await ctx.page.getByLabel('Output format').selectOption('odp');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('slides.odp');
      expect(new AdmZip(result.bytes).readAsText('mimetype')).toBe('application/vnd.oasis.opendocument.presentation');
    },
  },
]);
