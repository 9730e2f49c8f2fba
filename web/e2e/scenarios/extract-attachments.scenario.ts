import AdmZip from 'adm-zip';
import { extractAttachmentsTool } from '@folio/registry';
import { qpdfAttached } from '../../../server/src/processors/list-attachments/attachment-pdfs.fixtures';
import { makePdf } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const NOTES = Buffer.from('Agenda\n1. Budget\n');
const TABLE = Buffer.from('name,amount\nrent,1200\n');

export default defineScenario(extractAttachmentsTool, [
  {
    name: 'saves the embedded files in <name>_attachments.zip, each under its own name',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([
        pdfUpload(
          'minutes.pdf',
          await qpdfAttached([
            { name: 'agenda.txt', content: NOTES, mimeType: 'text/plain' },
            { name: 'budget.csv', content: TABLE },
          ]),
        ),
      ]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('minutes_attachments.zip');
      // AdmZip, not the tool's writer, reads the archive.
      const entries = new AdmZip(result.bytes).getEntries().map((entry) => [entry.entryName, entry.getData()]);
      expect(entries).toEqual([
        ['agenda.txt', NOTES],
        ['budget.csv', TABLE],
      ]);
    },
  },
  {
    name: 'says there is nothing to extract from a PDF without attachments',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('plain.pdf', await makePdf(1))]);
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toContain('No embedded attachments found in the provided PDF');
      expect(await ctx.actionButton().isEnabled()).toBe(true);
    },
  },
]);
