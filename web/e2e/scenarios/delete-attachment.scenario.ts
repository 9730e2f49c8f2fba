import { deleteAttachmentTool } from '@folio/registry';
import { qpdfAttached, qpdfAttachmentData, qpdfAttachmentNames } from '../../../server/src/processors/list-attachments/attachment-pdfs.fixtures';
import { pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const TABLE = Buffer.from('name,amount\nrent,1200\n');

const attached = () =>
  qpdfAttached(
    [
      { name: 'agenda.txt', content: Buffer.from('Agenda\n') },
      { name: 'budget.csv', content: TABLE },
    ],
    2,
  );

export default defineScenario(deleteAttachmentTool, [
  {
    name: 'removes the attachment named in the form and saves <name>_attachment_deleted.pdf',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('minutes.pdf', await attached())]);
      await ctx.page.getByLabel('Attachment name', { exact: true }).fill('agenda.txt');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('minutes_attachment_deleted.pdf');
      // qpdf reads the result back: only the other file is left, its data intact.
      expect(qpdfAttachmentNames(result.bytes)).toEqual({ 'budget.csv': 'budget.csv' });
      expect(qpdfAttachmentData(result.bytes, 'budget.csv')).toEqual(TABLE);
      expect(pageTexts(result.bytes)).toEqual(['doc page 1', 'doc page 2']);
    },
  },
  {
    name: 'asks for the name before sending, and says when no attachment has that name',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('minutes.pdf', await attached())]);
      await ctx.actionButton().click();
      await ctx.page.getByText('Attachment name cannot be null or empty').first().waitFor();
      await ctx.page.getByLabel('Attachment name', { exact: true }).fill('Budget.csv');
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toContain("Attachment 'Budget.csv' not found for deletion");
    },
  },
]);
