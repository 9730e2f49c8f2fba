import { decompressPdfTool } from '@folio/registry';
import { pageTexts } from '../../../server/test/support/pdfs';
import { FILTER_PAGE_TEXTS, filtersOf, filtersPdf, readStreams } from '../../../server/src/processors/decompress-pdf/decompress-pdfs.fixtures';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(decompressPdfTool, [
  {
    name: 'decompresses a PDF, previews it and saves <name>_decompressed.pdf with no stream left deflated and the same text',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('filters.pdf', filtersPdf())]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('filters_decompressed.pdf');
      // qpdf reads every stream of the saved file: none under Flate, RunLength or the ASCII encodings.
      expect(readStreams(result.bytes).flatMap(filtersOf)).toEqual([]);
      expect(pageTexts(result.bytes).map((text) => text.trim())).toEqual(FILTER_PAGE_TEXTS);
      expect(result.bytes.toString('latin1')).toContain(`(${FILTER_PAGE_TEXTS[0]}) Tj`);
    },
  },
]);
