import { signTool } from '@folio/registry';
import { fontsOf, renderColour } from '../../../server/test/support/marks';
import { changedBox, reportlabContract, textIn } from '../../../server/test/support/page-items';
import { workspaceDriver } from '../page-workspace-driver';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(signTool, [
  {
    name: 'draws a signature on the pad with the mouse, puts it on page 2 with a click, and the file has it there, drawn as lines',
    async run(ctx) {
      const contract = reportlabContract();
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('contract.pdf', contract)]);
      const workspace = workspaceDriver(ctx.page);
      await workspace.page(1);
      await ctx.page.getByTestId('signature-pad').scrollIntoViewIfNeeded();
      const pad = (await ctx.page.getByTestId('signature-pad').boundingBox())!;
      await ctx.page.mouse.move(pad.x + 40, pad.y + pad.height * 0.7);
      await ctx.page.mouse.down();
      for (let i = 1; i <= 20; i++) await ctx.page.mouse.move(pad.x + 40 + i * 18, pad.y + pad.height * (0.7 - 0.4 * Math.abs(Math.sin(i / 3))));
      await ctx.page.mouse.up();
      await ctx.page.getByTestId('signature-arm').click();
      // The terms line of page 2 is 592 pt down; the signature goes just below it, in the middle.
      const where = await workspace.at(2, [306, 640]);
      await ctx.page.mouse.click(where.x, where.y);
      expect(await workspace.items().count()).toBe(1);
      await ctx.run();
      await ctx.expectResultView();
      const signed = await ctx.download();
      expect(signed.name).toBe('contract_signed.pdf');
      const changed = changedBox(renderColour(contract, 2), renderColour(signed.bytes, 2));
      // A signature 180 pt wide (plus its margins) centred on the click.
      expect(changed).toBeDefined();
      expect(Math.abs((changed!.left + changed!.right) / 2 - 306)).toBeLessThan(8);
      expect(Math.abs((changed!.top + changed!.bottom) / 2 - 640)).toBeLessThan(40);
      expect(changed!.right - changed!.left).toBeGreaterThan(150);
      expect(changedBox(renderColour(contract, 1), renderColour(signed.bytes, 1))).toBeUndefined();
    },
  },
  {
    name: 'types a name in a handwriting face (“Public”: every letter drawn, the c too) and adds it to the page from the keyboard: real text in that face where it was shown',
    async run(ctx) {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('contract.pdf', reportlabContract())]);
      const workspace = workspaceDriver(ctx.page);
      await workspace.page(1);
      await ctx.page.getByRole('radio', { name: 'Type' }).check();
      await ctx.page.getByLabel('Your name').fill('Ann Public');
      await ctx.page.getByTestId('signature-place').click();
      const item = workspace.items().first();
      await item.focus();
      // Down 200 pt in steps of 10 (Shift+arrow): from the page's middle (396 pt) to about 596.
      for (let i = 0; i < 20; i++) await ctx.page.keyboard.press('Shift+ArrowDown');
      await ctx.run();
      const signed = await ctx.download();
      expect(textIn(signed.bytes, 1, { left: 150, top: 560, right: 460, bottom: 640 })).toContain('Ann Public');
      expect(
        fontsOf(signed.bytes)
          .map((font) => font.name)
          .join(' '),
      ).toMatch(/Z003/);
    },
  },
]);
