import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { pdfToCsvTool } from '@folio/registry';
import { defineScenario, pdfUpload } from '../scenario';

/** A one-page PDF with a ruled 3 × 2 table (PDF to CSV answers 204 when it finds no table). */
async function tablePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  const cells = [
    ['Fruit', 'Qty'],
    ['Apples', '3'],
    ['Pears', '5'],
  ];
  const [left, top, width, height] = [40, 260, 120, 24];
  for (let row = 0; row <= cells.length; row++)
    page.drawLine({ start: { x: left, y: top - row * height }, end: { x: left + 2 * width, y: top - row * height }, thickness: 1, color: rgb(0, 0, 0) });
  for (let col = 0; col <= 2; col++)
    page.drawLine({
      start: { x: left + col * width, y: top },
      end: { x: left + col * width, y: top - cells.length * height },
      thickness: 1,
      color: rgb(0, 0, 0),
    });
  cells.forEach((line, row) =>
    line.forEach((text, col) => page.drawText(text, { x: left + col * width + 6, y: top - (row + 1) * height + 8, size: 10, font })),
  );
  return Buffer.from(await doc.save());
}

export default defineScenario(pdfToCsvTool, [
  {
    // Its only option (pages) is for API clients; the page sends the default, page 1.
    name: 'extracts a ruled table, opens it in a new tab and saves <name>.csv',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('table.pdf', await tablePdf())]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('table.csv');
      expect(result.bytes.toString('utf8').replace(/\r/g, '').trim().split('\n')).toEqual(['"Fruit","Qty"', '"Apples","3"', '"Pears","5"']);
      const link = ctx.page.getByTestId('result-open-link');
      expect(await link.innerText()).toContain('Open CSV in new tab');
      const [tab] = await Promise.all([ctx.context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(await tab.locator('body').innerText()).toContain('"Apples","3"');
      await tab.close();
    },
  },
]);
