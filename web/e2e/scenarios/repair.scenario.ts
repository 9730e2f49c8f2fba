import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repairTool } from '@folio/registry';
import { pageTexts, withTempDir } from '../../../server/test/support/pdfs';
import { REPAIRABLE_TEXTS, truncatedPdf } from '../../../server/test/support/repairable-pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const ERROR_TOAST = /Oops! Something went wrong\.\s*We’re experiencing a temporary issue\. Our team is on it; please try again shortly\./;

/** qpdf --check's exit code: 0 when the file is clean. */
const qpdfCheck = (pdf: Buffer) =>
  withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return spawnSync('qpdf', ['--check', join(dir, 'x.pdf')]).status;
  });

export default defineScenario(repairTool, [
  {
    name: 'repairs a truncated file, previews it and saves <name>_repaired.pdf with the surviving pages and text',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('ledger.pdf', truncatedPdf())]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('ledger_repaired.pdf');
      expect(qpdfCheck(result.bytes)).toBe(0);
      const texts = pageTexts(result.bytes);
      expect(texts).toHaveLength(3);
      expect(texts[0]).toContain(REPAIRABLE_TEXTS[0]);
      expect(texts[1]).toContain(REPAIRABLE_TEXTS[1]);
    },
  },
  {
    name: 'shows the standard error toast for a file beyond repair and keeps the file chosen',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('hopeless.pdf', Buffer.from('%PDF-1.7\nnothing here at all\n%%EOF\n'))]);
      await ctx.actionButton().click();
      expect(await ctx.errorToast()).toMatch(ERROR_TOAST);
      expect(await ctx.actionButton().isEnabled()).toBe(true);
      expect(await ctx.page.getByText('hopeless.pdf').count()).toBeGreaterThan(0);
    },
  },
]);
