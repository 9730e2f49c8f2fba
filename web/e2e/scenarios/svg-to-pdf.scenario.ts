import { svgToPdfTool } from '@folio/registry';
import { pageCount, pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, fileUpload } from '../scenario';

const drawing = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><rect x="4" y="4" width="292" height="112" fill="none" stroke="#2f6fdf"/><text x="20" y="60" font-size="24">${text}</text></svg>`;

export default defineScenario(svgToPdfTool, [
  {
    name: 'combines two SVGs into one PDF, a page each, saved as <first>_combined.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([
        fileUpload('cover.svg', 'image/svg+xml', drawing('Cover drawing')),
        fileUpload('back.svg', 'image/svg+xml', drawing('Back drawing')),
      ]);
      await ctx.page.getByLabel('Combine into one PDF').check();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('cover_combined.pdf');
      expect(pageCount(result.bytes)).toBe(2);
      expect(pageTexts(result.bytes).map((text) => text.trim())).toEqual(['Cover drawing', 'Back drawing']);
    },
  },
]);
