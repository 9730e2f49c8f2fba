import { compareTool } from '@folio/registry';
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pageCount, pageTexts } from '../../../server/test/support/pdfs';
import { textPdf } from '../../../server/test/support/scanned-pdfs';
import { seriousViolations } from '../axe';
import { defineScenario, pdfUpload } from '../scenario';

/** Two pages of minutes (pdf-lib, Helvetica), the day on page 1 and what the lighthouse needs on page 2 given. */
function minutes(day: string, need: string): Promise<Buffer> {
  return textPdf(
    [
      ['The harbour committee met', `on ${day} evening.`],
      ['The lighthouse needs', need],
    ],
    { size: [420, 300] },
  );
}

/** A long document (pdf-lib): `pages` pages saying "Report page <n>", page `changed` saying "Report page revised" instead. */
async function longReport(pages: number, changed?: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) doc.addPage([420, 560]).drawText(`Report page ${n === changed ? 'revised' : n}`, { x: 40, y: 500, size: 18, font });
  return Buffer.from(await doc.save());
}

export default defineScenario(compareTool, [
  {
    name: 'shows both files side by side with the changed word outlined, moves along the list by keyboard, saves the JSON and the report',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('minutes.pdf', await minutes('Tuesday', 'a new lamp.'))]);
      await ctx.actionButton().click();
      await ctx.page.getByText('Please upload the changed PDF file to compare with.').waitFor();
      await ctx.page.getByLabel('Changed PDF', { exact: true }).setInputFiles([pdfUpload('minutes-v2.pdf', await minutes('Wednesday', 'a brighter lamp.'))]);
      await ctx.run();
      await ctx.expectResultView();

      const view = ctx.page.getByTestId('comparison-view');
      await view.waitFor();
      expect(await ctx.page.getByTestId('comparison-summary').innerText()).toContain('2 differences on 2 pages.');
      // Both documents drawn, side by side, with the change outlined over page 2 of each.
      for (const side of ['original', 'changed']) {
        const column = ctx.page.getByTestId(`comparison-${side}`);
        await column.locator('[data-page="2"] canvas[data-drawn]').waitFor();
        await column.locator('[data-page="2"] .comparison__mark[data-kind="changed"]').waitFor();
      }
      const [left, right] = await Promise.all(['original', 'changed'].map((side) => ctx.page.getByTestId(`comparison-${side}`).boundingBox()));
      expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);

      const list = ctx.page.getByTestId('comparison-list');
      const first = list.getByRole('button', { name: /Tuesday → Wednesday/ });
      await first.click();
      expect(await first.getAttribute('aria-current')).toBe('true');
      await ctx.page.locator('[data-page="1"] .comparison__mark[data-selected]').first().waitFor();
      // Arrow keys move to the next difference, and both documents follow it to page 2.
      await ctx.page.keyboard.press('ArrowDown');
      const second = list.getByRole('button', { name: /new → brighter/ });
      expect(await second.getAttribute('aria-current')).toBe('true');
      expect(await second.evaluate((button) => button === document.activeElement)).toBe(true);
      await ctx.page.locator('[data-testid="comparison-changed"] [data-page="2"] .comparison__mark[data-selected]').waitFor();
      // The toggle hides text differences from the pages and the list.
      await ctx.page.getByTestId('comparison-toggle-text').click();
      expect(await ctx.page.locator('.comparison__mark').count()).toBe(0);
      await ctx.page.getByTestId('comparison-toggle-text').click();

      expect(await seriousViolations(ctx.page, 'Compare with its result, light theme')).toEqual([]);
      // No colour transition mid-check.
      await ctx.page.emulateMedia({ reducedMotion: 'reduce' });
      await ctx.page.getByRole('button', { name: 'Dark theme' }).click();
      await ctx.page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      expect(await seriousViolations(ctx.page, 'Compare with its result, dark theme')).toEqual([]);

      const saved = await ctx.download();
      expect(saved.name).toBe('minutes_comparison.json');
      const answer = JSON.parse(saved.bytes.toString('utf8'));
      expect(answer.differences).toMatchObject([
        { kind: 'changed', before: 'Tuesday', after: 'Wednesday' },
        { kind: 'changed', before: 'new', after: 'brighter' },
      ]);

      const [report] = await Promise.all([ctx.page.waitForEvent('download'), ctx.page.getByTestId('comparison-report').click()]);
      expect(report.suggestedFilename()).toBe('minutes_comparison.pdf');
      const bytes = readFileSync((await report.path())!);
      expect(pageCount(bytes)).toBe(3);
      expect(pageTexts(bytes)[0]).toContain('Words changed: 2');
    },
  },
  {
    name: 'says in words that identical files have no differences',
    run: async (ctx) => {
      await ctx.open();
      const same = await minutes('Tuesday', 'a new lamp.');
      await ctx.chooseFiles([pdfUpload('minutes.pdf', same)]);
      await ctx.page.getByLabel('Changed PDF', { exact: true }).setInputFiles([pdfUpload('copy.pdf', same)]);
      await ctx.run();
      await ctx.page.getByTestId('comparison-identical').waitFor();
      expect(await ctx.page.getByTestId('comparison-identical').innerText()).toContain('No differences found');
      expect(await ctx.page.getByTestId('comparison-list').count()).toBe(0);
      // At phone size the two documents still stand side by side, drawn, and axe finds nothing serious.
      await ctx.page.setViewportSize({ width: 390, height: 844 });
      const [left, right] = await Promise.all(['original', 'changed'].map((side) => ctx.page.getByTestId(`comparison-${side}`).boundingBox()));
      expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
      expect(right!.x + right!.width).toBeLessThanOrEqual(390);
      await ctx.page.getByTestId('comparison-changed').locator('[data-page="1"] canvas[data-drawn]').waitFor();
      expect(await seriousViolations(ctx.page, 'Compare with no differences, phone size')).toEqual([]);
    },
  },
  {
    name: 'scrolls two 300-page documents in step, drawing only the pages near the view, and jumps to the difference on page 150',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('report.pdf', await longReport(300))]);
      await ctx.page.getByLabel('Changed PDF', { exact: true }).setInputFiles([pdfUpload('report-v2.pdf', await longReport(300, 150))]);
      await ctx.page.getByLabel('Compare', { exact: true }).selectOption('text');
      await ctx.run();
      const original = ctx.page.getByTestId('comparison-original');
      const changed = ctx.page.getByTestId('comparison-changed');
      await changed.locator('[data-page="1"] canvas[data-drawn]').waitFor();

      // Scroll the changed column through the whole document a screen at a time, a frame per step, timing the frames.
      const frames = await changed.evaluate(async (scroller) => {
        const times: number[] = [];
        let last = performance.now();
        while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
          scroller.scrollTop += scroller.clientHeight;
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const now = performance.now();
          times.push(now - last);
          last = now;
        }
        return times.sort((a, b) => a - b);
      });
      const median = frames[Math.floor(frames.length / 2)];
      const p95 = frames[Math.floor(frames.length * 0.95)];
      console.log(
        `Compare view, 300 pages: ${frames.length} scroll steps, frame median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${frames[frames.length - 1].toFixed(1)} ms`,
      );
      expect(median).toBeLessThan(100);
      // In step: the original column followed to the end.
      expect(await original.evaluate((scroller) => scroller.scrollTop)).toBeGreaterThan(0);
      // Virtualised: the last pages are drawn, the first let go, and only a handful hold pixels.
      await changed.locator('[data-page="300"] canvas[data-drawn]').waitFor();
      expect(await ctx.page.locator('.comparison canvas[data-drawn]').count()).toBeLessThan(40);
      expect(await changed.locator('[data-page="1"] canvas[data-drawn]').count()).toBe(0);

      await ctx.page
        .getByTestId('comparison-list')
        .getByRole('button', { name: /Report page 150 → Report page revised|150 → revised/ })
        .click();
      for (const column of [original, changed]) await column.locator('[data-page="150"] canvas[data-drawn]').waitFor();
      await changed.locator('[data-page="150"] .comparison__mark[data-selected]').waitFor();
    },
  },
]);
