import { toolCatalog, tools } from '@folio/registry';
import type { Locator, Page } from 'playwright-core';
import { useAppAndBrowser } from './browser';

jest.setTimeout(60_000);

/** What the site does beyond any one tool's page (each tool's own cases are in scenarios/). */
const CARD_COUNT = toolCatalog(tools).flatMap((category) => category.cards).length;

describe('the site in a real browser', () => {
  const { app, newPage } = useAppAndBrowser();
  let page: Page;

  beforeEach(async () => {
    page = await newPage();
  });

  it('lists every tool with a page on the home page, in six categories', async () => {
    await page.goto(app.baseUrl);
    await expectCount(page.getByTestId('tool-card'), CARD_COUNT);
    for (const label of ['Manage Files', 'Export to PDF', 'Import from PDF', 'Secure & Sign', 'Edit & Annotate', 'Advanced Tools']) {
      await page.getByRole('heading', { name: label }).waitFor();
    }
  });

  it('leads every tool card to its page, other tool paths to the coming-soon page and unknown paths to the 404 page', async () => {
    await page.goto(app.baseUrl);
    // The last tool to land (it was the coming-soon page's example): no card leads there any more.
    await page.getByTestId('tool-card').filter({ hasText: 'Pipeline Menu (Beta)' }).first().click();
    await page.waitForURL('**/tools/advanced/pipeline');
    await page.getByRole('heading', { level: 1, name: 'Pipeline Menu (Beta)' }).waitFor();

    // A tool path nothing is registered under, as an old bookmark or a link from elsewhere reaches it.
    await page.goto(`${app.baseUrl}/tools/advanced/batch-stamp`);
    await page.getByRole('heading', { level: 1, name: 'Batch Stamp' }).waitFor(); // spec §2: the path's last segment, words capitalised
    await page
      .getByRole('link', { name: 'Explore Available Tools' })
      .or(page.getByRole('button', { name: 'Explore Available Tools' }))
      .click();
    await page.waitForURL(`${app.baseUrl}/`);

    await page.goto(`${app.baseUrl}/no/such/page`);
    await page.getByText('Oops! Page not found').waitFor();
  });
});

async function expectCount(locator: Locator, count: number): Promise<void> {
  await locator.nth(count - 1).waitFor();
  expect(await locator.count()).toBe(count);
}
