import { manualRedactTool } from '@folio/registry';
import { reportlabDossier } from '../../../server/src/processors/manual-redact/redaction-pdfs.fixtures';
import { pageTexts } from '../../../server/test/support/pdfs';
import { workspaceDriver } from '../page-workspace-driver';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(manualRedactTool, [
  {
    name: 'marks every “Alice” found by search, a box drawn with the mouse over the account line, and removes both from the file',
    async run(ctx) {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('dossier.pdf', reportlabDossier())]);
      const workspace = workspaceDriver(ctx.page);
      await workspace.page(1);
      await ctx.page.getByLabel('Find text to black out').fill('alice');
      await ctx.page.getByRole('button', { name: 'Mark all' }).click();
      await ctx.page.getByText('1 place marked.').waitFor();
      // The account line's baseline is 690 pt from the bottom of a 792 pt page: 102 pt from the top.
      await workspace.chooseKind('box');
      await workspace.drag(1, [60, 84], [330, 108]);
      expect(await workspace.items().count()).toBe(2);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('dossier_redacted.pdf');
      const [first, second] = pageTexts(result.bytes);
      expect(first).not.toMatch(/Alice|ZX-4242/);
      expect(first).toContain('Name');
      expect(second).toContain('Public line');
    },
  },
  {
    name: 'works from the keyboard: a box added to the page, moved with the arrow keys, removed and brought back with undo',
    async run(ctx) {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('dossier.pdf', reportlabDossier())]);
      const workspace = workspaceDriver(ctx.page);
      await workspace.page(1);
      await workspace.chooseKind('box');
      await ctx.page.getByRole('button', { name: 'Add to page 1' }).click();
      const box = workspace.items().first();
      await box.focus();
      // Measured from the page's top, whatever the view scrolls to keep the box in sight.
      const fromTop = () => box.evaluate((item) => item.getBoundingClientRect().top - item.closest('.page-workspace__page')!.getBoundingClientRect().top);
      const before = await fromTop();
      await ctx.page.keyboard.press('Shift+ArrowDown');
      expect(await fromTop()).toBeGreaterThan(before + 5);
      await ctx.page.keyboard.press('Delete');
      expect(await workspace.items().count()).toBe(0);
      await ctx.page.keyboard.press('Control+z');
      expect(await workspace.items().count()).toBe(1);
      await ctx.run();
      await ctx.expectResultView();
    },
  },
]);
