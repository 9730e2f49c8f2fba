import { execFileSync } from 'node:child_process';
import { imageToPdfTool, mergeTool, rotateTool, type AnyTool } from '@folio/registry';
import type { Locator, Page } from 'playwright-core';
import { CORRUPT_PDF, encryptPdf, makePdf, pageRotations, pageTexts } from '../../server/test/support/pdfs';
import { useAppAndBrowser } from './browser';
import { CASE_TIMEOUT_MS, fileUpload, pdfUpload, scenarioContext, type ScenarioContext } from './scenario';

jest.setTimeout(CASE_TIMEOUT_MS);

/** How long the browser may take to read and draw a chosen file or a result. */
const DRAW_WAIT_MS = 30_000;

/**
 * Seeing the files worked on: thumbnails and page counts of the chosen files,
 * drawn in the browser; the order of a merge chosen by dragging or with the
 * rows' buttons; the result's pages drawn in the page; and a result handed on
 * to another tool without a download. Results are checked with Poppler's
 * pdftotext, not with what the page says.
 */
describe('the files on a tool page, seen in a real browser', () => {
  const { app, newPage } = useAppAndBrowser();
  let page: Page;
  /** Console errors and uncaught exceptions of the page: previews must make none, whatever the file. */
  let pageErrors: string[];
  /** Requests the page sent to the API, as method and path. */
  let apiRequests: string[];

  beforeEach(async () => {
    page = await newPage({ acceptDownloads: true });
    pageErrors = [];
    apiRequests = [];
    page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) apiRequests.push(`${request.method()} ${pathname}`);
    });
  });

  const on = <T extends AnyTool>(tool: T): ScenarioContext<T> => scenarioContext(tool, page, app.baseUrl);
  const rows = () => page.locator('.file-list__item');
  const shownOrder = () => page.locator('.file-list__name').allInnerTexts();

  it('draws the first page of a chosen PDF as its thumbnail and shows its page count, without sending it anywhere', async () => {
    const ctx = on(rotateTool);
    await ctx.open();
    await ctx.chooseFiles([pdfUpload('three.pdf', await makePdf(3, { label: 'three' }))]);
    const row = rows().filter({ hasText: 'three.pdf' });
    await row.locator('.file-thumbnail canvas[data-state="drawn"]').waitFor({ timeout: DRAW_WAIT_MS });
    expect(await row.locator('.file-thumbnail canvas').evaluate(inkedPixelCount)).toBeGreaterThan(0);
    expect(await row.locator('.file-list__pages').innerText()).toBe('3 pages');
    expect(await row.getAttribute('data-page-count')).toBe('3');
    expect(apiRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('shows a short note instead of a thumbnail for a damaged or password-protected PDF, with no error in the console', async () => {
    const ctx = on(rotateTool);
    await ctx.open();
    const locked = encryptPdf(await makePdf(2), 'secret');
    await ctx.chooseFiles([pdfUpload('broken.pdf', CORRUPT_PDF), pdfUpload('locked.pdf', locked), pdfUpload('fine.pdf', await makePdf(1))]);
    await rows().filter({ hasText: 'broken.pdf' }).getByText('Preview not available').waitFor({ timeout: DRAW_WAIT_MS });
    await rows().filter({ hasText: 'locked.pdf' }).getByText('Password-protected').waitFor({ timeout: DRAW_WAIT_MS });
    await rows().filter({ hasText: 'fine.pdf' }).locator('canvas[data-state="drawn"]').waitFor({ timeout: DRAW_WAIT_MS });
    for (const name of ['broken.pdf', 'locked.pdf']) {
      const row = rows().filter({ hasText: name });
      expect(await row.locator('canvas').count()).toBe(0);
      expect(await row.locator('.file-thumbnail__icon').count()).toBe(1);
    }
    expect(pageErrors).toEqual([]);
  });

  it('shows a chosen image itself (Image to PDF)', async () => {
    const ctx = on(imageToPdfTool);
    await ctx.open();
    await ctx.chooseFiles([fileUpload('blue.png', 'image/png', png('#2f6fdf'))]);
    const image = rows().locator('.file-thumbnail img');
    await image.waitFor();
    await page.waitForFunction((element) => (element as HTMLImageElement).complete, await image.elementHandle());
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(40);
    expect(pageErrors).toEqual([]);
  });

  describe('Merge: the order chosen is the order merged', () => {
    const chooseThree = async (ctx: ScenarioContext) => {
      await ctx.open();
      await ctx.chooseFiles([
        pdfUpload('a.pdf', await makePdf(1, { label: 'alpha' })),
        pdfUpload('b.pdf', await makePdf(1, { label: 'bravo' })),
        pdfUpload('c.pdf', await makePdf(2, { label: 'charlie' })),
      ]);
      expect(await shownOrder()).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    };
    const mergedTexts = async (ctx: ScenarioContext) => {
      await ctx.run();
      return pageTexts((await ctx.download()).bytes);
    };

    it('moves a file by dragging its handle', async () => {
      const ctx = on(mergeTool);
      await chooseThree(ctx);
      // c.pdf, dragged up past the middles of b.pdf and a.pdf, becomes the first.
      await dragRow(page, rows().nth(2), rows().nth(0));
      expect(await shownOrder()).toEqual(['c.pdf', 'a.pdf', 'b.pdf']);
      // a.pdf, dragged down past b.pdf, becomes the last.
      await dragRow(page, rows().nth(1), rows().nth(2));
      expect(await shownOrder()).toEqual(['c.pdf', 'b.pdf', 'a.pdf']);
      expect(await mergedTexts(ctx)).toEqual(['charlie page 1', 'charlie page 2', 'bravo page 1', 'alpha page 1']);
    });

    it('moves a file with its Move up and Move down buttons, from the keyboard, keeping the focus on the file moved', async () => {
      const ctx = on(mergeTool);
      await chooseThree(ctx);
      const firstUp = page.getByRole('button', { name: 'Move a.pdf up' });
      expect(await firstUp.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Move c.pdf down' }).isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Move a.pdf down' }).focus();
      await page.keyboard.press('Enter');
      expect(await shownOrder()).toEqual(['b.pdf', 'a.pdf', 'c.pdf']);
      await page.keyboard.press('Space');
      expect(await shownOrder()).toEqual(['b.pdf', 'c.pdf', 'a.pdf']);
      // a.pdf is now last: its Move down is disabled, and the focus went to its Move up.
      expect(await focusedName(page)).toBe('Move a.pdf up');
      await page.getByText('a.pdf: position 3 of 3.').waitFor();

      await page.getByRole('button', { name: 'Move c.pdf up' }).click();
      expect(await shownOrder()).toEqual(['c.pdf', 'b.pdf', 'a.pdf']);
      expect(await mergedTexts(ctx)).toEqual(['charlie page 1', 'charlie page 2', 'bravo page 1', 'alpha page 1']);
    });

    it('offers no reordering on a tool that treats each file on its own (Rotate)', async () => {
      const ctx = on(rotateTool);
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('a.pdf', await makePdf(1)), pdfUpload('b.pdf', await makePdf(1))]);
      await rows().nth(1).waitFor();
      expect(await page.getByTestId('file-drag-handle').count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0);
    });
  });

  it('draws the result’s pages in the page, with its page count and size', async () => {
    const ctx = on(mergeTool);
    await ctx.open();
    await ctx.chooseFiles([pdfUpload('a.pdf', await makePdf(2, { label: 'alpha' })), pdfUpload('b.pdf', await makePdf(3, { label: 'bravo' }))]);
    await ctx.run();
    const preview = page.getByTestId('result-preview');
    await preview.locator('[data-page="1"][data-drawn] canvas').waitFor({ timeout: DRAW_WAIT_MS });
    expect(await preview.locator('iframe, object, embed').count()).toBe(0);
    expect(await preview.locator('[data-page="1"] canvas').evaluate(inkedPixelCount)).toBeGreaterThan(0);
    expect(await preview.locator('[data-page]').count()).toBe(5);
    expect(await preview.locator('figcaption').innerText()).toMatch(/^5 pages · [\d.]+ KB$/);
    expect(pageTexts((await ctx.download()).bytes)).toHaveLength(5);
    expect(pageErrors).toEqual([]);
  });

  it('hands the result to Rotate without a download: the file is chosen there, sent only when Rotate runs, and rotated', async () => {
    const merge = on(mergeTool);
    await merge.open();
    await merge.chooseFiles([pdfUpload('a.pdf', await makePdf(1, { label: 'alpha' })), pdfUpload('b.pdf', await makePdf(2, { label: 'bravo' }))]);
    await merge.run();
    expect(apiRequests.filter((request) => request.startsWith('POST'))).toEqual(['POST /api/v1/general/merge-pdfs']);

    await page.getByText('Continue with another tool').click();
    const choices = page.getByTestId('continue-with-tool');
    // Tools that take a PDF, not the one the result comes from, nor one that takes images only.
    expect(await choices.getByRole('link', { name: 'Merge PDFs', exact: true }).count()).toBe(0);
    expect(await choices.getByRole('link', { name: imageToPdfTool.title, exact: true }).count()).toBe(0);
    await choices.getByRole('link', { name: rotateTool.title, exact: true }).click();

    const rotate = on(rotateTool);
    await page.waitForURL(`**/tools/organize/rotate`);
    await page.getByRole('heading', { level: 1, name: rotateTool.title }).waitFor();
    expect(await shownOrder()).toEqual(['merged.pdf']);
    await rows().locator('canvas[data-state="drawn"]').waitFor({ timeout: DRAW_WAIT_MS });
    expect(await rows().first().getAttribute('data-page-count')).toBe('3');
    expect(apiRequests.filter((request) => request.startsWith('POST'))).toHaveLength(1);

    await page.getByLabel('Angle').selectOption('90');
    await rotate.run();
    expect(apiRequests.filter((request) => request.startsWith('POST'))).toEqual(['POST /api/v1/general/merge-pdfs', 'POST /api/v1/general/rotate-pdf']);
    const rotated = (await rotate.download()).bytes;
    expect(await pageRotations(rotated)).toEqual([90, 90, 90]);
    expect(pageTexts(rotated)).toEqual(['alpha page 1', 'bravo page 1', 'bravo page 2']);

    // The hand-off is used once: coming back to Rotate later in the same visit (no reload) starts with no file.
    await page.getByRole('button', { name: 'Back to Tools' }).click();
    await page.getByTestId('tool-card').filter({ hasText: rotateTool.title }).first().click();
    await page.getByRole('heading', { level: 1, name: rotateTool.title }).waitFor();
    expect(await rows().count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

/** Drags `row` by its handle to the vertical middle of `target`, in small steps, as a hand would. */
async function dragRow(page: Page, row: Locator, target: Locator): Promise<void> {
  const handle = (await row.getByTestId('file-drag-handle').boundingBox())!;
  const to = (await target.boundingBox())!;
  const x = handle.x + handle.width / 2;
  await page.mouse.move(x, handle.y + handle.height / 2);
  await page.mouse.down();
  // Past the target's middle in the direction of travel, so the row lands in its place.
  const beyond = to.y + to.height / 2 + (to.y > handle.y ? 12 : -12);
  await page.mouse.move(x, beyond, { steps: 12 });
  await page.mouse.up();
}

/** The accessible name of the focused element. */
function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
}

/** A 40 × 30 PNG of one colour, drawn by ImageMagick 6 (called by its full name: `convert` may be a stand-in). */
function png(colour: string): Buffer {
  return execFileSync('/usr/bin/convert-im6.q16', ['-size', '40x30', `xc:${colour}`, 'png:-']);
}

/** How many of a canvas's pixels are not near-white: runs in the page. */
function inkedPixelCount(canvas: HTMLCanvasElement): number {
  const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) inked++;
  return inked;
}
