import type { BrowserContextOptions, Page } from 'playwright-core';
import { useAppAndBrowser } from './browser';

jest.setTimeout(60_000);

/** --color-bg of each theme (web/src/styles/tokens.css), as the browser computes it. */
const PAGE_BACKGROUND = { light: 'rgb(246, 247, 251)', dark: 'rgb(15, 20, 31)' } as const;
const STORAGE_KEY = 'folio-theme';

/** What the page shows: the attribute, the colour it produces, the toggle's state and what is stored. */
async function shownTheme(page: Page) {
  return page.evaluate((key) => {
    const toggle = document.querySelector('[data-testid="theme-toggle"]');
    return {
      attribute: document.documentElement.dataset.theme,
      background: getComputedStyle(document.body).backgroundColor,
      pressed: toggle?.getAttribute('aria-pressed') ?? null,
      stored: localStorage.getItem(key),
    };
  }, STORAGE_KEY);
}

describe('light and dark themes', () => {
  const { app, newPage } = useAppAndBrowser();

  async function openHome(system: 'light' | 'dark', options: BrowserContextOptions = {}): Promise<Page> {
    const page = await newPage({ colorScheme: system, ...options });
    await page.goto(app.baseUrl);
    await page.getByTestId('theme-toggle').waitFor();
    return page;
  }

  it('follows the system setting while the visitor has not chosen, also when it changes', async () => {
    const page = await openHome('dark');
    expect(await shownTheme(page)).toEqual({ attribute: 'dark', background: PAGE_BACKGROUND.dark, pressed: 'true', stored: null });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await shownTheme(page)).toEqual({ attribute: 'light', background: PAGE_BACKGROUND.light, pressed: 'false', stored: null });
  });

  it('remembers the toggle across a reload, and forgets the choice once it matches the system again', async () => {
    const page = await openHome('light');
    expect(await shownTheme(page)).toEqual({ attribute: 'light', background: PAGE_BACKGROUND.light, pressed: 'false', stored: null });

    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await shownTheme(page)).toEqual({ attribute: 'dark', background: PAGE_BACKGROUND.dark, pressed: 'true', stored: 'dark' });

    await page.reload();
    await page.getByTestId('theme-toggle').waitFor();
    expect(await shownTheme(page)).toEqual({ attribute: 'dark', background: PAGE_BACKGROUND.dark, pressed: 'true', stored: 'dark' });

    // A new page of the site in the same browser keeps it too.
    await page.goto(`${app.baseUrl}/about`);
    expect(await shownTheme(page)).toMatchObject({ attribute: 'dark', background: PAGE_BACKGROUND.dark });

    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await shownTheme(page)).toEqual({ attribute: 'light', background: PAGE_BACKGROUND.light, pressed: 'false', stored: null });
  });

  it('applies a stored choice before the app itself has run (no light flash before a dark page)', async () => {
    // No service worker: once it has cached the app's script it would serve it past the hold below.
    const page = await openHome('light', { serviceWorkers: 'block' });
    await page.getByRole('button', { name: 'Dark theme' }).click();

    // Hold the app's script: whatever the page shows meanwhile is what a visitor sees first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(app.baseUrl, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading' && document.styleSheets.length > 0);
    const beforeApp = await page.evaluate(() => ({
      appRan: (document.getElementById('root')?.childElementCount ?? 0) > 0,
      attribute: document.documentElement.dataset.theme,
      background: getComputedStyle(document.body).backgroundColor,
    }));
    release();
    expect(beforeApp).toEqual({ appRan: false, attribute: 'dark', background: PAGE_BACKGROUND.dark });
    await page.getByTestId('theme-toggle').waitFor();
  });
});
