import { renameAttachmentTool } from '@folio/registry';
import { qpdfAttached, qpdfAttachmentData, qpdfAttachmentNames } from '../../../server/src/processors/list-attachments/attachment-pdfs.fixtures';
import { pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const NOTES = Buffer.from('Agenda\n1. Budget\n');

const attached = () =>
  qpdfAttached(
    [
      { name: 'agenda.txt', content: NOTES },
      { name: 'budget.csv', content: Buffer.from('name,amount\n') },
    ],
    2,
  );

export default defineScenario(renameAttachmentTool, [
  {
    name: 'renames the attachment named in the form and saves <name>_attachment_renamed.pdf',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('minutes.pdf', await attached())]);
      await ctx.page.getByLabel('Attachment name', { exact: true }).fill('agenda.txt');
      await ctx.page.getByLabel('New name', { exact: true }).fill('Tagesordnung.txt');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('minutes_attachment_renamed.pdf');
      // qpdf reads the renamed file back: same data under the new name, the other untouched.
      expect(qpdfAttachmentNames(result.bytes)).toEqual({ 'Tagesordnung.txt': 'Tagesordnung.txt', 'budget.csv': 'budget.csv' });
      expect(qpdfAttachmentData(result.bytes, 'Tagesordnung.txt')).toEqual(NOTES);
      expect(pageTexts(result.bytes)).toEqual(['doc page 1', 'doc page 2']);
    },
  },
  {
    name: 'asks for both names before sending, and says when no attachment has that name',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('minutes.pdf', await attached())]);
      await ctx.actionButton().click();
      await ctx.page.getByText('Attachment name cannot be null or empty').first().waitFor();
      await ctx.page.getByText('New attachment name cannot be null or empty').first().waitFor();
      await ctx.page.getByLabel('Attachment name', { exact: true }).fill('Agenda.txt');
      await ctx.page.getByLabel('New name', { exact: true }).fill('x.txt');
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toContain("Attachment 'Agenda.txt' not found for renaming");
    },
  },
]);
