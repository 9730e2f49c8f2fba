import { sanitizeTool } from '@folio/registry';
import { activeContentPdf, EVERYTHING, present } from '../../../server/test/support/active-content-pdfs';
import { pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const ERROR_TOAST = /Oops! Something went wrong\.\s*We’re experiencing a temporary issue\. Our team is on it; please try again shortly\./;

export default defineScenario(sanitizeTool, [
  {
    name: 'sanitizes with the page’s defaults: JavaScript and embedded files go, the rest stays; saves <name>_sanitized.pdf',
    run: async (ctx) => {
      await ctx.openFromHome();
      const checked = async (label: string) => ctx.page.getByLabel(label, { exact: true }).isChecked();
      expect(await checked('Remove JavaScript')).toBe(true);
      expect(await checked('Remove embedded files')).toBe(true);
      expect(await checked('Remove XMP metadata')).toBe(false);
      expect(await checked('Remove document info metadata')).toBe(false);
      expect(await checked('Remove links')).toBe(false);
      expect(await checked('Remove embedded fonts')).toBe(false);
      await ctx.chooseFiles([pdfUpload('report.pdf', activeContentPdf())]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('report_sanitized.pdf');
      expect(present(result.bytes)).toEqual({ ...EVERYTHING, javaScript: false, embeddedFiles: false });
      expect(pageTexts(result.bytes)[0]).toContain('Quarterly report');
    },
  },
  {
    name: 'removes only what is ticked: document info, links and fonts, keeping scripts and attachments',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('report.pdf', activeContentPdf())]);
      await ctx.page.getByLabel('Remove JavaScript', { exact: true }).uncheck();
      await ctx.page.getByLabel('Remove embedded files', { exact: true }).uncheck();
      await ctx.page.getByLabel('Remove document info metadata', { exact: true }).check();
      await ctx.page.getByLabel('Remove links', { exact: true }).check();
      await ctx.page.getByLabel('Remove embedded fonts', { exact: true }).check();
      await ctx.run();
      await ctx.expectResultView(); // the scripts kept in the file do not run in the preview
      const result = await ctx.download();
      expect(present(result.bytes)).toEqual({ ...EVERYTHING, documentInfo: false, externalLinks: false, embeddedFonts: false });
      expect(pageTexts(result.bytes)[0]).toContain('Quarterly report');
    },
  },
  {
    name: 'shows the standard error toast for a file that is not a PDF inside',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('fake.pdf', Buffer.from('not a pdf'))]);
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toMatch(ERROR_TOAST);
      expect(await ctx.actionButton().isEnabled()).toBe(true);
    },
  },
]);
