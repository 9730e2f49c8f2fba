import AdmZip from 'adm-zip';
import { pdfToWordTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(pdfToWordTool, [
  {
    name: 'converts to DOCX without OCR and saves <name>.docx',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('report.pdf', await makePdf(2))]);
      // OCR is slow and adds nothing for a PDF that already has text.
      await ctx.page.getByLabel('Recognise text (OCR)').uncheck();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('report.docx');
      expect(new AdmZip(result.bytes).readAsText('word/document.xml')).toContain('doc page 2');
    },
  },
]);
