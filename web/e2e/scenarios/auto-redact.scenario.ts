import { PDFDocument, StandardFonts } from 'pdf-lib';
import { autoRedactTool } from '@folio/registry';
import { pageWords } from '../../../server/test/support/page-geometry';
import { defineScenario, pdfUpload } from '../scenario';

/** One page of 12 pt Helvetica lines, several words each. */
async function memo(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  ['Agent Smith met the secret courier', 'the secretive courier said nothing', 'call Smith at 555-1234 today'].forEach((line, i) =>
    page.drawText(line, { x: 30, y: 250 - i * 18, size: 12, font }),
  );
  return Buffer.from(await doc.save());
}

export default defineScenario(autoRedactTool, [
  {
    name: 'takes the listed words out of the file and saves <name>_redacted.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('memo.pdf', await memo())]);
      await ctx.page.getByLabel('Text to redact').fill('smith\nsecret');
      await ctx.page.getByLabel('Whole word search').check();
      await ctx.page.getByRole('button', { name: 'Red', exact: true }).click();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('memo_redacted.pdf');
      // Read back by Poppler: the words are gone (any case), their neighbours are still text.
      expect(pageWords(result.bytes)[0].map((w) => w.text)).toEqual([
        'Agent',
        'met',
        'the',
        'courier',
        'the',
        'secretive',
        'courier',
        'said',
        'nothing',
        'call',
        'at',
        '555-1234',
        'today',
      ]);
    },
  },
  {
    name: 'asks for the text to redact, under the field',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('memo.pdf', await memo())]);
      await ctx.page.getByLabel('Text to redact').fill(' \n  ');
      await ctx.actionButton().click();
      await ctx.page.getByText('Please enter text to redact.').waitFor();
    },
  },
]);
