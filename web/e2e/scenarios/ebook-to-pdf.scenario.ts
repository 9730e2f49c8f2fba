import { ebookToPdfTool } from '@folio/registry';
import { handMadeEpub } from '../../../server/test/support/ebooks';
import { pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, fileUpload } from '../scenario';

export default defineScenario(ebookToPdfTool, [
  {
    name: 'lays out an EPUB with page numbers and saves <name>.pdf',
    run: async (ctx) => {
      const epub = handMadeEpub('Harbour Tales', [
        { title: 'The Harbour', paragraphs: ['Gulls circled the lighthouse at dawn.'] },
        { title: 'The Storm', paragraphs: ['Thunder rolled over the hills.'] },
      ]);
      await ctx.open();
      await ctx.chooseFiles([fileUpload('tales.epub', 'application/epub+zip', epub)]);
      await ctx.page.getByLabel('Add page numbers').check();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('tales.pdf');
      const text = pageTexts(result.bytes).join('\n');
      expect(text).toContain('Gulls circled the lighthouse at dawn.');
      expect(text).toContain('The Storm');
      expect(pageTexts(result.bytes)[0]).toMatch(/\b1\s*$/);
    },
  },
]);
