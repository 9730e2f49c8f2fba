import { annotateTool, manualRedactTool, signTool, type AnyTool } from '@folio/registry';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { reportlabDossier } from '../../server/src/processors/manual-redact/redaction-pdfs.fixtures';
import { renderColour } from '../../server/test/support/marks';
import { annotationsOf, changedBox, reportlabContract } from '../../server/test/support/page-items';
import { makePdf, pageTexts, withTempDir } from '../../server/test/support/pdfs';
import { seriousViolations } from './axe';
import { useAppAndBrowser } from './browser';
import { workspaceDriver } from './page-workspace-driver';
import { CASE_TIMEOUT_MS, pdfUpload, scenarioContext, type ScenarioContext } from './scenario';

jest.setTimeout(CASE_TIMEOUT_MS);

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** The dossier with its first page turned a quarter clockwise (/Rotate 90), by qpdf. */
function turnedDossier(): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), reportlabDossier());
    execFileSync('qpdf', ['--rotate=+90:1', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    return readFileSync(join(dir, 'out.pdf'));
  });
}

/**
 * The page workspace (web/src/widgets/page-workspace/) beyond each tool's own
 * scenario: a finger on a phone, a turned page, a long document, the dark
 * theme and axe. The tools' scenarios (web/e2e/scenarios/{sign,annotate,manual-redact}.scenario.ts)
 * drive the mouse and the keyboard on a desktop.
 */
describe('the page workspace', () => {
  const { app, newPage } = useAppAndBrowser();

  async function openTool<T extends AnyTool>(tool: T, file: Buffer, options: BrowserContextOptions = {}): Promise<{ ctx: ScenarioContext<T>; page: Page }> {
    const page = await newPage({ acceptDownloads: true, ...options });
    const ctx = scenarioContext(tool, page, app.baseUrl);
    await ctx.open();
    await ctx.chooseFiles([pdfUpload('input.pdf', file)]);
    await page.getByTestId('page-workspace').waitFor();
    return { ctx, page };
  }

  it('on a phone: a finger draws ink on the page, and the result holds it as an ink annotation', async () => {
    const { ctx, page } = await openTool(annotateTool, reportlabContract(), PHONE);
    const workspace = workspaceDriver(page);
    await workspace.page(1);
    // No thumbnails beside the pages on a phone: the page takes the width.
    expect(await page.locator('.page-workspace__thumbnails').isVisible()).toBe(false);
    await workspace.chooseKind('ink');
    await workspace.touchDrag(1, [100, 300], [300, 360]);
    expect(await workspace.items().count()).toBe(1);
    await ctx.run();
    const result = await ctx.download();
    const [ink] = annotationsOf(result.bytes)[0]!;
    expect(ink?.subtype).toBe('/Ink');
    // Drawn from 300 to 360 pt down the page: between 432 and 492 pt up.
    expect(ink!.rect[1]!).toBeGreaterThan(420);
    expect(ink!.rect[3]!).toBeLessThan(500);
  });

  it('on a phone: a finger signs on the pad, the signature goes on the page, and the file has it there', async () => {
    const contract = reportlabContract();
    const { ctx, page } = await openTool(signTool, contract, PHONE);
    await workspaceDriver(page).page(1);
    const pad = page.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    const session = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number, y?: number) =>
      session.send('Input.dispatchTouchEvent', { type, touchPoints: x === undefined ? [] : [{ x, y: y!, id: 1, radiusX: 4, radiusY: 4, force: 0.5 }] });
    await touch('touchStart', box.x + 20, box.y + box.height * 0.7);
    for (let i = 1; i <= 15; i++)
      await touch('touchMove', box.x + 20 + i * ((box.width - 40) / 15), box.y + box.height * (0.7 - 0.3 * Math.abs(Math.sin(i / 2))));
    await touch('touchEnd');
    await session.detach();
    await page.getByTestId('signature-place').click();
    expect(await workspaceDriver(page).items().count()).toBe(1);
    await ctx.run();
    const signed = (await ctx.download()).bytes;
    const changed = changedBox(renderColour(contract, 1), renderColour(signed, 1));
    // Put in the page's middle (306, 396 pt), about a signature's width.
    expect(changed).toBeDefined();
    expect(Math.abs((changed!.left + changed!.right) / 2 - 306)).toBeLessThan(10);
    expect(changed!.right - changed!.left).toBeGreaterThan(120);
  });

  it('on a turned page: a box drawn where a name is shown removes that name, not what lies there on the unturned page', async () => {
    const { ctx, page } = await openTool(manualRedactTool, turnedDossier());
    // Page 1 is shown 792 wide; "Name Alice Smith" (14 pt, baseline 72 pt from the top, from 72 pt) runs down its
    // right side, 57 to 83 pt in from the edge; "Account" (baseline 102 pt from the top) runs just left of it.
    const workspace = workspaceDriver(page, 792);
    await workspace.page(1);
    await workspace.chooseKind('box');
    await workspace.drag(1, [709, 64], [735, 215]);
    await ctx.run();
    const [first] = pageTexts((await ctx.download()).bytes);
    expect(first).not.toContain('Alice');
    expect(first).toContain('Account ZX-4242-QV');
  });

  it('turns an item with the keyboard ([ and ]): the rectangle drawn into the file is turned too', async () => {
    const { ctx, page } = await openTool(annotateTool, reportlabContract());
    const workspace = workspaceDriver(page);
    await workspace.page(1);
    await workspace.chooseKind('rectangle');
    await page.getByRole('button', { name: 'Add to page 1' }).click();
    await workspace.items().first().focus();
    // Six steps of 15°: a quarter turn. The rectangle is 140 × 80 pt: turned, 80 wide and 140 high.
    for (let i = 0; i < 6; i++) await page.keyboard.press(']');
    expect(await page.getByTestId('page-workspace-inspector').getByLabel('Turn (°)').inputValue()).toBe('90');
    await ctx.run();
    const [square] = annotationsOf((await ctx.download()).bytes)[0]!;
    const [x1, y1, x2, y2] = square!.rect;
    expect(x2! - x1!).toBeLessThan(y2! - y1!);
  });

  it('keeps a 300-page document light: a few pages in the DOM at any time, and the last page within reach', async () => {
    const { page } = await openTool(manualRedactTool, await makePdf(300));
    const workspace = workspaceDriver(page);
    await workspace.page(1);
    const scroller = page.getByTestId('page-workspace-scroller');
    for (const fraction of [0.25, 0.5, 0.75, 1]) {
      await scroller.evaluate((element, at) => (element.scrollTop = at * (element.scrollHeight - element.clientHeight)), fraction);
      await page.waitForTimeout(100);
      expect(await page.locator('.page-workspace__page').count()).toBeLessThanOrEqual(6);
      expect(await page.locator('.page-workspace__thumbnails li').count()).toBeLessThanOrEqual(20);
    }
    await workspace.page(300);
    await page.waitForFunction(() => (document.querySelector('.page-workspace__page[data-page="300"] canvas') as HTMLCanvasElement | null)?.width! > 0);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`shows Sign, Add Text and Annotate and Manual Redact with an item chosen, in the ${theme} theme, with nothing serious for axe`, async () => {
      const found: string[] = [];
      for (const tool of [signTool, annotateTool, manualRedactTool]) {
        const { page } = await openTool(tool, reportlabContract(), { colorScheme: theme });
        const workspace = workspaceDriver(page);
        await workspace.page(1);
        if (tool === signTool) {
          await page.getByRole('radio', { name: 'Type' }).check();
          await page.getByLabel('Your name').fill('Ann Lee');
          await page.getByTestId('signature-place').click();
        } else {
          await workspace.chooseKind(tool === annotateTool ? 'text' : 'box');
          await page.getByRole('button', { name: 'Add to page 1' }).click();
        }
        await page.getByTestId('page-workspace-inspector').waitFor();
        found.push(...(await seriousViolations(page, `${tool.id} (${theme})`)));
        await page.close();
      }
      expect(found).toEqual([]);
    });
  }
});
