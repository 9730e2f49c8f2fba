import { organiseTool, removeTool, type AnyTool } from '@folio/registry';
import type { Locator, Page } from 'playwright-core';
import { encryptPdf, makePdf, pageTexts } from '../../server/test/support/pdfs';
import { useAppAndBrowser } from './browser';
import { CASE_TIMEOUT_MS, pdfUpload, scenarioContext, type ScenarioContext } from './scenario';

jest.setTimeout(CASE_TIMEOUT_MS);

/** Thumbnails are drawn by pdf.js in the page; a busy machine may take a while for the first ones. */
const DRAWN_WAIT_MS = 30_000;

/**
 * The grid of pages under a page field (web/src/widgets/page-grid/): clicking,
 * typing and dragging keep it and the field's text in step, the text is what
 * the server gets, and a long document keeps the DOM small.
 */
describe('the page grid under page fields', () => {
  const { app, newPage } = useAppAndBrowser();
  let page: Page;

  beforeEach(async () => {
    page = await newPage({ acceptDownloads: true });
  });

  const openWith = async <T extends AnyTool>(tool: T, pageCount: number): Promise<ScenarioContext<T>> => {
    const ctx = scenarioContext(tool, page, app.baseUrl);
    await ctx.open();
    await ctx.chooseFiles([pdfUpload('input.pdf', await makePdf(pageCount))]);
    await page.getByTestId('page-grid').waitFor();
    return ctx;
  };
  const cell = (n: number) => page.getByTestId('page-grid').locator(`[data-page="${n}"]`);
  /** The pages the grid shows as chosen (aria-pressed), of those in the DOM, in DOM order. */
  const pressedPages = () =>
    page.$$eval('[data-testid="page-grid"] [data-page][aria-pressed="true"]', (cells) => cells.map((c) => Number((c as HTMLElement).dataset.page)));
  /** Every page cell in the DOM, in the order the grid shows them. */
  const shownPages = () => page.$$eval('[data-testid="page-grid"] [data-page]', (cells) => cells.map((c) => Number((c as HTMLElement).dataset.page)));

  it('on Remove Pages: clicks write the field, typing highlights its pages, bad text leaves the grid, and the text is what runs', async () => {
    const ctx = await openWith(removeTool, 6);
    const field = page.getByLabel('Pages to remove', { exact: true });
    await cell(6).and(page.locator('[data-drawn]')).waitFor({ timeout: DRAWN_WAIT_MS });
    expect(await shownPages()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await pressedPages()).toEqual([]);

    await cell(2).click();
    await cell(4).click();
    expect(await field.inputValue()).toBe('2,4');
    expect(await pressedPages()).toEqual([2, 4]);
    expect(await page.getByTestId('page-grid').innerText()).toContain('2 of 6 pages chosen');

    await field.fill('1-3');
    await expectPressed(page, [1, 2, 3]);
    expect(await cell(4).getAttribute('aria-pressed')).toBe('false');

    // Not the grammar: the grid keeps what it showed, and the field's own message is shown on running.
    await field.fill('1-3,none');
    await ctx.actionButton().click();
    await page.getByText('Invalid expression format: none').waitFor();
    expect(await pressedPages()).toEqual([1, 2, 3]);

    // The keyboard: Space and Enter toggle the focused page, arrow keys move between pages.
    await field.fill('1-3');
    await cell(5).focus();
    await page.keyboard.press('Space');
    expect(await field.inputValue()).toBe('1-3,5');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.page)).toBe('6');
    await page.keyboard.press('Enter');
    expect(await field.inputValue()).toBe('1-3,5,6');

    // Shift-click: the range from the last clicked page takes that page's new state.
    await cell(1).click();
    expect(await field.inputValue()).toBe('2,3,5,6');
    await cell(3).click({ modifiers: ['Shift'] });
    expect(await field.inputValue()).toBe('5,6');
    await expectPressed(page, [5, 6]);

    await cell(2).click();
    await cell(4).click();
    expect(await field.inputValue()).toBe('2,4-6');
    await ctx.run();
    const result = await ctx.download();
    expect(pageTexts(result.bytes)).toEqual(['doc page 1', 'doc page 3']);
  });

  it('shows no grid until exactly one PDF is chosen', async () => {
    const ctx = scenarioContext(removeTool, page, app.baseUrl);
    await ctx.open();
    expect(await page.getByTestId('page-grid').count()).toBe(0);
    await ctx.chooseFiles([pdfUpload('a.pdf', await makePdf(3)), pdfUpload('b.pdf', await makePdf(2))]);
    await page.getByText('b.pdf').waitFor();
    // Give a grid every chance to appear: the field is there, the grid is not.
    await page.getByLabel('Pages to remove', { exact: true }).fill('1');
    await page.waitForTimeout(500);
    expect(await page.getByTestId('page-grid').count()).toBe(0);

    // One PDF that opens only with its password: a word instead of pages, and the field still takes text.
    for (const name of ['a.pdf', 'b.pdf']) await page.getByRole('button', { name: new RegExp(`Remove ${name}`) }).click();
    await ctx.chooseFiles([pdfUpload('locked.pdf', encryptPdf(await makePdf(3), 'secret'))]);
    await page.locator('[data-testid="page-grid-status"][data-state="locked"]').waitFor();
    expect(await page.getByTestId('page-grid').count()).toBe(0);
    expect(await page.getByLabel('Pages to remove', { exact: true }).inputValue()).toBe('1');
  });

  it('keeps a 400-page document’s grid small in the DOM, and scrolls to its last pages', async () => {
    await openWith(removeTool, 400);
    await cell(1).and(page.locator('[data-drawn]')).waitFor({ timeout: DRAWN_WAIT_MS });
    expect(await page.getByTestId('page-grid').getAttribute('data-page-count')).toBe('400');
    const inDom = async () => page.locator('[data-testid="page-grid"] [data-page]').count();
    const canvases = () => page.locator('canvas').count();
    const firstCount = await inDom();
    expect(firstCount).toBeGreaterThan(6);
    expect(firstCount).toBeLessThan(80);
    // Thumbnails are images; a drawing canvas lives only while its page is drawn (two at a time).
    expect(await canvases()).toBeLessThanOrEqual(2);
    expect(await page.locator('[data-testid="page-grid"] img').count()).toBeLessThanOrEqual(firstCount);

    await page.getByLabel('Pages to remove', { exact: true }).fill('2n');
    const scroller = page.getByTestId('page-grid-scroller');
    await scroller.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await cell(400).and(page.locator('[data-drawn]')).waitFor({ timeout: DRAWN_WAIT_MS });
    expect(await cell(1).count()).toBe(0);
    expect(await inDom()).toBeLessThan(80);
    expect(await canvases()).toBeLessThanOrEqual(2);
    expect(await cell(400).getAttribute('aria-pressed')).toBe('true');
    expect(await cell(399).getAttribute('aria-pressed')).toBe('false');

    // Halfway, by the keyboard: Home goes to page 1, scrolled back into view and focused.
    await cell(399).focus();
    await page.keyboard.press('Home');
    await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset.page === '1');
    expect(await inDom()).toBeLessThan(80);
  });

  it('on Organise: dragging pages writes the new order, Alt+arrow keys move a page, and the result has that order', async () => {
    const ctx = await openWith(organiseTool, 5);
    const field = page.getByLabel('Page Order', { exact: true });
    await cell(5).and(page.locator('[data-drawn]')).waitFor({ timeout: DRAWN_WAIT_MS });
    expect(await page.getByTestId('page-grid').getAttribute('data-mode')).toBe('order');
    await page.getByRole('button', { name: 'Select all', exact: true }).click();
    expect(await field.inputValue()).toBe('1-5');

    await dragOnto(page, cell(3), cell(1), 'left');
    expect(await field.inputValue()).toBe('3,1,2,4,5');
    expect(await shownPages()).toEqual([3, 1, 2, 4, 5]);

    await cell(5).click(); // left out: stays in place, faded
    expect(await field.inputValue()).toBe('3,1,2,4');
    expect(await shownPages()).toEqual([3, 1, 2, 4, 5]);

    await cell(4).focus();
    await page.keyboard.press('Alt+ArrowLeft');
    expect(await field.inputValue()).toBe('3,1,4,2');
    expect(await shownPages()).toEqual([3, 1, 4, 2, 5]);
    expect(page.url()).toContain('/tools/organize/organise'); // Alt+Left did not go back in history

    // For Duplicate the field is a copy count, not pages: no grid.
    await page.getByLabel('Mode', { exact: true }).selectOption('DUPLICATE');
    await page.getByTestId('page-grid').waitFor({ state: 'detached' });
    await page.getByLabel('Mode', { exact: true }).selectOption('CUSTOM');
    await cell(5).waitFor();
    expect(await shownPages()).toEqual([3, 1, 4, 2, 5]);

    // Typing an order shows it.
    await field.fill('5,1-2');
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[data-testid="page-grid"] [data-page]'))
          .map((c) => (c as HTMLElement).dataset.page)
          .join() === '5,1,2,3,4',
    );
    await expectPressed(page, [5, 1, 2]);

    await field.fill('');
    await page.getByRole('button', { name: 'Select all', exact: true }).click();
    await dragOnto(page, cell(1), cell(5), 'right');
    await dragOnto(page, cell(4), cell(2), 'left');
    expect(await field.inputValue()).toBe('4,2,3,5,1');
    await ctx.run();
    const result = await ctx.download();
    expect(pageTexts(result.bytes)).toEqual(['doc page 4', 'doc page 2', 'doc page 3', 'doc page 5', 'doc page 1']);
  });
});

async function expectPressed(page: Page, pages: number[]): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      Array.from(document.querySelectorAll('[data-testid="page-grid"] [data-page][aria-pressed="true"]'))
        .map((c) => (c as HTMLElement).dataset.page)
        .join() === expected.join(),
    pages,
  );
}

/** A mouse drag from one page's centre to the left or right part of another, in steps as a hand moves. */
async function dragOnto(page: Page, from: Locator, to: Locator, side: 'left' | 'right'): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 4, { steps: 3 });
  await page.mouse.move(b.x + b.width * (side === 'left' ? 0.2 : 0.8), b.y + b.height / 3, { steps: 8 });
  await page.mouse.up();
}
