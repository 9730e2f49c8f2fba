import type { Page } from 'playwright-core';
import { useAppAndBrowser } from './browser';

jest.setTimeout(60_000);

/** What the e2e files rely on from useAppAndBrowser (browser.ts); the tests run in order, each on what the one before left. */
describe('the browser harness', () => {
  const { app, newPage } = useAppAndBrowser({ FOLIO_MAX_UPLOAD_MB: '7' });
  let filePage: Page;
  let firstTestPage: Page;

  beforeAll(async () => {
    filePage = await newPage();
  });

  it('serves the built app with the environment the file asked for, to pages of the default size', async () => {
    firstTestPage = await newPage();
    await firstTestPage.goto(`${app.baseUrl}/api/v1/site-config`);
    expect(JSON.parse(await firstTestPage.locator('body').innerText())).toMatchObject({ maxUploadBytes: 7 * 1024 * 1024 });
    expect(firstTestPage.viewportSize()).toEqual({ width: 1280, height: 900 });
    expect((await newPage({ viewport: { width: 390, height: 844 } })).viewportSize()).toEqual({ width: 390, height: 844 });
  });

  it('closes the pages of a test after it, and keeps those opened for the whole file', async () => {
    expect(firstTestPage.isClosed()).toBe(true);
    expect(filePage.isClosed()).toBe(false);
    await filePage.goto(app.baseUrl);
  });

  it('(a crash) loses its Chromium', async () => {
    const page = await newPage();
    await page.context().browser()!.close();
    expect(page.context().browser()!.isConnected()).toBe(false);
  });

  it('replaces a Chromium that went away before the next test', async () => {
    const page = await newPage();
    expect(page.context().browser()!.isConnected()).toBe(true);
    await page.goto(app.baseUrl);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });
});
