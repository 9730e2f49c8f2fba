import { getInfoTool } from '@folio/registry';
import { infoPdf } from '../../../server/src/processors/get-info/info-pdfs.fixtures';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(getInfoTool, [
  {
    name: 'shows the information by section and as pretty-printed JSON, and saves it as <name>_info.json',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('report.pdf', infoPdf())]);
      await ctx.run();
      await ctx.expectResultView();
      const view = ctx.page.getByTestId('pdf-info');
      await view.waitFor();

      // Sections: labelled values, yes/no for booleans; the pages listed closed, each opening on demand.
      const section = (name: string) => view.locator(`[data-section="${name}"]`);
      const field = (name: string, key: string) => section(name).locator(`[data-field="${key}"] > dd`).first();
      expect(await field('Metadata', 'Title').innerText()).toBe('Annual report');
      expect(await field('BasicInfo', 'Number of pages').innerText()).toBe('3');
      expect(await field('Compliancy', 'IsPDF/ACompliant').innerText()).toBe('Yes');
      expect(await field('Permissions', 'Printing').innerText()).toBe('Allowed');
      const pages = section('PerPageInfo');
      expect(await pages.getAttribute('open')).toBeNull();
      await pages.locator('summary').first().click();
      const page1 = pages.locator('details').filter({ hasText: 'Page 1' }).first();
      await page1.locator('summary').click();
      expect(await page1.locator('[data-field="Standard Page"] > dd').innerText()).toBe('A4');

      // The JSON, pretty-printed, is what the API answers.
      await ctx.page.getByRole('tab', { name: 'JSON' }).click();
      const json = await ctx.page.getByTestId('pdf-info-json').innerText();
      expect(json).toMatch(/^\{\n {2}"Metadata": \{\n {4}"Title": "Annual report",/);
      const shown = JSON.parse(json);
      expect(Object.keys(shown)).toEqual([
        'Metadata',
        'BasicInfo',
        'DocumentInfo',
        'Compliancy',
        'Encryption',
        'Permissions',
        'FormFields',
        'Other',
        'PerPageInfo',
        'SummaryData',
      ]);

      const result = await ctx.download();
      expect(result.name).toBe('report_info.json');
      expect(JSON.parse(result.bytes.toString('utf8'))).toEqual(shown);
    },
  },
  {
    name: 'asks for a PDF when another kind of file is chosen',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a PDF') }]);
      await ctx.waitForToast('Please upload a PDF file.');
    },
  },
]);
