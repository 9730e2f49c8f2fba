import { annotateTool } from '@folio/registry';
import { annotationsOf, reportlabContract } from '../../../server/test/support/page-items';
import { workspaceDriver } from '../page-workspace-driver';
import { defineScenario, pdfUpload } from '../scenario';

export default defineScenario(annotateTool, [
  {
    name: 'draws a rectangle, highlights the terms line and leaves a sticky note: real annotations where they were drawn',
    async run(ctx) {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('contract.pdf', reportlabContract())]);
      const workspace = workspaceDriver(ctx.page);
      await workspace.page(1);
      await workspace.chooseKind('rectangle');
      await workspace.drag(1, [72, 100], [272, 180]);
      // "Terms agreed by both parties on page 1": Helvetica 11, baseline 592 pt down.
      await workspace.chooseKind('highlight');
      await workspace.drag(1, [70, 581], [300, 596]);
      await workspace.chooseKind('note');
      const at = await workspace.at(1, [500, 300]);
      await ctx.page.mouse.click(at.x, at.y);
      await ctx.page.getByTestId('page-workspace-inspector').getByLabel('Text').fill('Check the date');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('contract_annotated.pdf');
      const annotations = annotationsOf(result.bytes)[0]!;
      expect(annotations.map((a) => a.subtype).sort()).toEqual(['/Highlight', '/Square', '/Text']);
      expect(annotations.every((a) => a.hasAppearance)).toBe(true);
      expect(annotations.find((a) => a.subtype === '/Text')?.contents).toBe('Check the date');
      // The rectangle's /Rect in PDF space (y up from 792): drawn from 100 to 180 pt down.
      const [x1, y1, x2, y2] = annotations.find((a) => a.subtype === '/Square')!.rect;
      expect(Math.abs(x1! - 72)).toBeLessThan(4);
      expect(Math.abs(y2! - (792 - 100))).toBeLessThan(4);
      expect(Math.abs(x2! - 272)).toBeLessThan(4);
      expect(Math.abs(y1! - (792 - 180))).toBeLessThan(4);
    },
  },
]);
