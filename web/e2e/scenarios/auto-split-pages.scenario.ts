import AdmZip from 'adm-zip';
import { autoSplitPagesTool } from '@folio/registry';
import { qrPage, textPages, zbarTexts } from '../../../server/test/support/divider-pdfs';
import { pageCount, pageTexts } from '../../../server/test/support/pdfs';
import { joinPdfs } from '../../../server/test/support/scanned-pdfs';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(autoSplitPagesTool, [
  {
    name: 'splits a duplex stack at its divider sheets, chosen from the home page, and saves <name>_autosplit.zip',
    run: async (ctx) => {
      await ctx.openFromHome();
      const divider = await qrPage('FOLIO-AUTO-SPLIT-DIVIDER', { caption: 'Divider sheet' });
      const stack = joinPdfs([
        await textPages(['Letter A front', 'Letter A back']),
        divider,
        await textPages(['Back of the divider sheet', 'Letter B front']),
        await qrPage('https://stirlingpdf.com', { caption: 'Stirling divider' }),
        await textPages(['Back of the Stirling divider', 'Letter C front', 'Letter C back']),
      ]);
      await ctx.chooseFiles([pdfUpload('stack.pdf', stack)]);
      await ctx.page.getByLabel('Duplex mode').check();
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('stack_autosplit.zip');
      const entries = new AdmZip(result.bytes).getEntries();
      expect(entries.map((e) => [e.entryName, pageCount(e.getData())])).toEqual([
        ['stack_1.pdf', 2],
        ['stack_2.pdf', 1],
        ['stack_3.pdf', 2],
      ]);
      expect(entries.map((e) => pageTexts(e.getData()))).toEqual([
        ['Letter A front', 'Letter A back'],
        ['Letter B front'],
        ['Letter C front', 'Letter C back'],
      ]);
    },
  },
  {
    name: 'links to the printable divider sheet, which the server answers as a PDF whose code is a divider',
    run: async (ctx) => {
      await ctx.open();
      const link = ctx.page.getByRole('link', { name: 'Print the divider sheet (PDF)' });
      const href = await link.getAttribute('href');
      expect(href).toBe('/auto-split-divider.pdf');
      const sheet = await ctx.page.request.get(new URL(href!, ctx.baseUrl).href);
      expect(sheet.status()).toBe(200);
      expect(sheet.headers()['content-type']).toContain('application/pdf');
      const bytes = Buffer.from(await sheet.body());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(zbarTexts(bytes)).toEqual(['FOLIO-AUTO-SPLIT-DIVIDER']);
    },
  },
  {
    name: 'shows the error toast for a stack that is all dividers',
    run: async (ctx) => {
      await ctx.open();
      const divider = await qrPage('FOLIO-AUTO-SPLIT-DIVIDER', { caption: 'Divider sheet' });
      await ctx.chooseFiles([pdfUpload('dividers.pdf', joinPdfs([divider, divider]))]);
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toContain('Oops! Something went wrong.');
    },
  },
]);
