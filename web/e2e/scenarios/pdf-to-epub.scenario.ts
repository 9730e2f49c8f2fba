import AdmZip from 'adm-zip';
import { pdfToEpubTool } from '@folio/registry';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(pdfToEpubTool, [
  {
    name: 'converts a PDF to EPUB and saves <name>_convertedToEPUB.epub',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('report.pdf', await makePdf(2))]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('report_convertedToEPUB.epub');
      const book = new AdmZip(result.bytes);
      expect(book.getEntries()[0].entryName).toBe('mimetype');
      expect(book.readAsText('mimetype')).toBe('application/epub+zip');
      const text = book
        .getEntries()
        .filter((entry) => /\.x?html$/.test(entry.entryName))
        .map((entry) => entry.getData().toString('utf8'))
        .join('\n');
      expect(text).toContain('doc page 2');
    },
  },
]);
