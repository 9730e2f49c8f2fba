import { overlayTool } from '@folio/registry';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pageCount, pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

/** `pages` pages, page n saying `<label><n>` at (x, y). */
async function labelled(label: string, pages: number, x: number, y: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) doc.addPage([300, 400]).drawText(`${label}${n}`, { x, y, size: 16, font });
  return Buffer.from(await doc.save());
}

export default defineScenario(overlayTool, [
  {
    name: 'asks for overlays, then lays two files in turn over the base and saves <name>_overlayed.pdf',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('letter.pdf', await labelled('base', 4, 20, 50))]);
      await ctx.actionButton().click();
      await ctx.page.getByText('Please upload at least one overlay PDF file.').waitFor();
      await ctx.page
        .getByLabel('Overlay PDFs', { exact: true })
        .setInputFiles([pdfUpload('head.pdf', await labelled('A', 2, 20, 300)), pdfUpload('stamp.pdf', await labelled('B', 1, 150, 300))]);
      await ctx.page.getByLabel('Overlay mode').selectOption('InterleavedOverlay');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('letter_overlayed.pdf');
      expect(pageCount(result.bytes)).toBe(4);
      expect(pageTexts(result.bytes).map((text) => text.split(/\s+/).filter((w) => /^[AB]\d$/.test(w)))).toEqual([['A1'], ['B1'], ['A2'], ['B1']]);
    },
  },
  {
    name: 'repeats each overlay its count of times in fixed-repeat mode, under the page',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('letter.pdf', await labelled('base', 5, 20, 50))]);
      await ctx.page
        .getByLabel('Overlay PDFs', { exact: true })
        .setInputFiles([pdfUpload('head.pdf', await labelled('A', 1, 20, 300)), pdfUpload('stamp.pdf', await labelled('B', 1, 150, 300))]);
      expect(await ctx.page.getByLabel('Counts').count()).toBe(0);
      await ctx.page.getByLabel('Overlay mode').selectOption('FixedRepeatOverlay');
      await ctx.page.getByLabel('Counts').fill('3,1');
      await ctx.page.getByLabel('Overlay position').selectOption('1');
      await ctx.run();
      const result = await ctx.download();
      expect(pageTexts(result.bytes).map((text) => text.split(/\s+/).filter((w) => /^[AB]\d$/.test(w)))).toEqual([['A1'], ['A1'], ['A1'], ['B1'], []]);
    },
  },
]);
