import { emailToPdfTool } from '@folio/registry';
import { pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, fileUpload } from '../scenario';

const EMAIL = [
  'From: Asha Rao <asha@example.com>',
  'To: Ravi Kumar <ravi@example.com>',
  'Subject: Quarterly figures',
  'Date: Mon, 06 Jan 2025 10:00:00 +0530',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'The figures are attached below.',
  '',
].join('\r\n');

const message = () => fileUpload('message.eml', 'message/rfc822', EMAIL);

export default defineScenario(emailToPdfTool, [
  {
    name: 'converts an e-mail with an attachment limit set and saves <name>.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([message()]);
      await ctx.page.getByLabel('Maximum attachment size (MB)').fill('5');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('message.pdf');
      const text = pageTexts(result.bytes).join('\n');
      expect(text).toContain('Quarterly figures');
      expect(text).toContain('The figures are attached below.');
    },
  },
  {
    name: 'offers the HTML intermediate as an .html download, not previewed as a PDF',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([message()]);
      await ctx.page.getByLabel('Download HTML intermediate file instead of PDF').check();
      await ctx.run();
      expect(await ctx.page.getByTestId('result-preview').count()).toBe(0);
      const result = await ctx.download();
      expect(result.name).toBe('message.html');
      const html = result.bytes.toString('utf8');
      expect(html).toMatch(/^<!doctype html>/i);
      expect(html).toContain('Quarterly figures');
    },
  },
]);
