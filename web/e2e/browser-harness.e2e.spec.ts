import type { Page } from 'playwright-core';
import { useAppAndBrowser } from './browser';

jest.setTimeout(60_000);

/** What the e2e files rely on from useAppAndBrowser (browser.ts); the tests run in order, each on what the one before left. */
describe('the browser harness', () => {
  const { app, newPage, pageInFileContext } = useAppAndBrowser({ FOLIO_MAX_UPLOAD_MB: '7' });
  let filePage: Page;
  let firstTestPage: Page;
  let keptPage: Page;

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

  it('keeps the service worker out unless a test asks for it', async () => {
    // The app registers its worker once loaded; allowed, it is ready well within the wait.
    const workerAfterLoad = async (page: Page) => {
      await page.goto(app.baseUrl, { waitUntil: 'load' });
      return page.evaluate(() =>
        Promise.race([navigator.serviceWorker.ready.then(() => 'ready'), new Promise((none) => setTimeout(() => none('none'), 5000))]),
      );
    };
    expect(await workerAfterLoad(await newPage())).toBe('none');
    expect(await workerAfterLoad(await newPage({ serviceWorkers: 'allow' }))).toBe('ready');
  });

  it('closes the pages of a test after it, and keeps those opened for the whole file', async () => {
    expect(firstTestPage.isClosed()).toBe(true);
    expect(filePage.isClosed()).toBe(false);
    await filePage.goto(app.baseUrl);
  });

  it('(a test) stores a cookie and a local value through a page of the kept context', async () => {
    keptPage = await pageInFileContext();
    await keptPage.goto(app.baseUrl);
    await keptPage.evaluate(() => {
      localStorage.setItem('left-by', 'an earlier test');
      document.cookie = 'left-by=earlier; path=/';
    });
    expect(await keptPage.context().cookies()).toHaveLength(1);
  });

  it('hands the next test a new page in the same context, emptied of what the test before stored', async () => {
    const page = await pageInFileContext();
    expect(keptPage.isClosed()).toBe(true);
    expect(page.context()).toBe(keptPage.context());
    await page.goto(app.baseUrl);
    expect(await page.evaluate(() => [localStorage.length, document.cookie])).toEqual([0, '']);
    expect(await page.context().cookies()).toEqual([]);
  });

  it('(a crash) loses its Chromium', async () => {
    const page = await newPage();
    await page.context().browser()!.close();
    expect(page.context().browser()!.isConnected()).toBe(false);
  });

  it('replaces a Chromium that went away before the next test', async () => {
    for (const page of [await newPage(), await pageInFileContext()]) {
      expect(page.context().browser()!.isConnected()).toBe(true);
      await page.goto(app.baseUrl);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
  });
});
