import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addAttachmentsTool } from '@folio/registry';
import { makePdf, pageTexts, withTempDir } from '../../../server/test/support/pdfs';
import { defineScenario, fileUpload, pdfUpload } from '../scenario';

/** The attachments as Poppler's pdfdetach saves them: name → bytes. */
function savedAttachments(pdf: Buffer): Record<string, Buffer> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    mkdirSync(join(dir, 'out'));
    execFileSync('pdfdetach', ['-saveall', '-o', join(dir, 'out'), join(dir, 'x.pdf')]);
    return Object.fromEntries(readdirSync(join(dir, 'out')).map((name) => [name, readFileSync(join(dir, 'out', name))]));
  });
}

const NOTES = 'Agenda\n1. Budget\n';
const TABLE = 'name,amount\nrent,1200\n';

export default defineScenario(addAttachmentsTool, [
  {
    name: 'uploads two attachments, removes one, and saves <name>_with_attachments.pdf carrying only the other',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('minutes.pdf', await makePdf(2))]);
      await ctx.page.getByText('Upload Files', { exact: true }).waitFor();
      await ctx.page
        .getByLabel('Attachments', { exact: true })
        .setInputFiles([fileUpload('agenda.txt', 'text/plain', NOTES), fileUpload('budget.csv', 'text/csv', TABLE)]);
      await ctx.page.getByText('budget.csv').waitFor();
      await ctx.page.getByRole('button', { name: 'Remove budget.csv' }).click();
      expect(await ctx.page.getByText('budget.csv').count()).toBe(0);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.buttonText).toContain('Download PDF with Attachments');
      expect(result.name).toBe('minutes_with_attachments.pdf');
      const saved = savedAttachments(result.bytes);
      expect(Object.keys(saved)).toEqual(['agenda.txt']);
      expect(saved['agenda.txt'].toString()).toBe(NOTES);
      expect(pageTexts(result.bytes)).toEqual(['doc page 1', 'doc page 2']);
    },
  },
  {
    name: 'asks for an attachment before sending',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('minutes.pdf', await makePdf(1))]);
      await ctx.actionButton().click();
      await ctx.page.getByText('At least one attachment is required').first().waitFor();
    },
  },
]);
