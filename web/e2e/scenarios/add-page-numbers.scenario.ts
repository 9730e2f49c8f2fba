import { addPageNumbersTool } from '@folio/registry';
import { blankPdf, plainPageTexts, renderColour, strongestPixel } from '../../../server/test/support/marks';
import { pageWords } from '../../../server/test/support/page-geometry';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(addPageNumbersTool, [
  {
    name: 'numbers the chosen pages with a custom text, top right, in red, and saves <name>_page_numbers_added.pdf',
    run: async (ctx) => {
      await ctx.open();
      const pdf = await blankPdf(Array.from({ length: 4 }, () => ({ size: [400, 500] as [number, number] })));
      await ctx.chooseFiles([pdfUpload('thesis.pdf', pdf)]);
      await ctx.page.getByLabel('Pages to number', { exact: true }).fill('2-4');
      await ctx.page.getByLabel('Starting number', { exact: true }).fill('5');
      await ctx.page.getByLabel('Custom text', { exact: true }).fill('Page {n} of {total}');
      await ctx.page.getByLabel('Position', { exact: true }).selectOption('3');
      await ctx.page.getByLabel('Font', { exact: true }).selectOption('times');
      await ctx.page.getByLabel('Font size', { exact: true }).fill('18');
      await ctx.page.getByLabel('Font colour', { exact: true }).fill('#ff0000');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('thesis_page_numbers_added.pdf');
      // Poppler reads the numbers back: page 1 left alone, pages 2-4 counted from 5.
      expect(plainPageTexts(result.bytes)).toEqual(['', 'Page 5 of 4', 'Page 6 of 4', 'Page 7 of 4']);
      // Top right of the page, within the medium margin (0.035 of the width and of the height).
      const last = pageWords(result.bytes)[1].find((word) => word.text === '4')!;
      expect(last.xMax).toBeCloseTo(400 - 14, 0);
      expect(pageWords(result.bytes)[1].every((word) => word.yMin > 17 && word.yMax < 50)).toBe(true);
      const [r, g, b] = strongestPixel(renderColour(result.bytes, 2));
      expect([r > 200, g < 60, b < 60]).toEqual([true, true, true]);
    },
  },
]);
