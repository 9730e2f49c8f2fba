import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { startBuiltServer as startBuiltApp, type BuiltServer as RunningApp } from '../../server/test/support/built-server';

export type { RunningApp };

/** Flags for Debian's Chromium in a sandbox without network (see the developers' guide). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/**
 * Launches Chromium and lays out one page of text before handing it over: on a fresh machine the
 * first text layout builds font caches, which can take longer than a test's own waits allow.
 * The warm-up waits for fonts and two animation frames rather than taking a screenshot: under load
 * a headless screenshot can fail outright ("Unable to capture screenshot"), and that failed a
 * whole tool's scenarios in CI. A browser whose warm-up still fails is replaced once.
 */
async function launchChromium(): Promise<Browser> {
  try {
    return await launchWarmChromium();
  } catch {
    return launchWarmChromium();
  }
}

async function launchWarmChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setContent('<main><h1>Warm-up</h1><p>Fonts <b>bold</b> <i>italic</i> 0123456789</p><button>OK</button></main>');
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
      return document.body.getBoundingClientRect().height;
    });
    await page.close();
    return browser;
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Starts the built app and Chromium side by side. When one fails the other is stopped before the
 * error is passed on, so a server that cannot start does not leave a browser keeping jest alive.
 */
async function startAppAndBrowser(env: Record<string, string>): Promise<[RunningApp, Browser]> {
  const [app, browser] = await Promise.allSettled([startBuiltApp(env), launchChromium()]);
  if (app.status === 'fulfilled' && browser.status === 'fulfilled') return [app.value, browser.value];
  if (app.status === 'fulfilled') await app.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw app.status === 'rejected' ? app.reason : (browser as PromiseRejectedResult).reason;
}

/** The window every page opens with unless a test asks for another. */
const DEFAULT_VIEWPORT = { width: 1280, height: 900 } as const;

/** The app and Chromium of one test file, as `useAppAndBrowser` hands them out. */
export interface AppAndBrowser {
  /** The built app, started once for the file (usable inside hooks and tests). */
  app: RunningApp;
  /**
   * A page in a new browser context, DEFAULT_VIEWPORT unless the options say otherwise. Called in
   * a test (or `beforeEach`), it is closed after the test; called in `beforeAll`, after the file.
   * e.g. `newPage({ acceptDownloads: true })`, `newPage({ colorScheme: 'dark' })`
   */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * The browser harness, as `useTestServer()` is the server specs': called at the top of a
 * `describe`, it starts the built app and a warm Chromium before the file's tests and stops both
 * after them. Contexts opened during a test are closed after it, so no cookie, storage or service
 * worker reaches the next test; a Chromium that crashed is replaced before the next test instead
 * of failing every test after it. `env` adds to the app's environment. e.g. `{ FOLIO_MAX_UPLOAD_MB: '1' }`
 */
export function useAppAndBrowser(env: Record<string, string> = {}): AppAndBrowser {
  let started: { app: RunningApp; browser: Browser } | undefined;
  const fileContexts: BrowserContext[] = [];
  let testContexts: BrowserContext[] | undefined;

  const running = () => {
    if (!started) throw new Error('The app and browser start in beforeAll: use them inside hooks and tests.');
    return started;
  };
  const closeAll = (contexts: BrowserContext[]) => Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)));

  beforeAll(async () => {
    const [app, browser] = await startAppAndBrowser(env);
    started = { app, browser };
  });
  afterAll(async () => {
    await closeAll(fileContexts);
    await started?.browser.close();
    await started?.app.stop();
  });
  beforeEach(async () => {
    const current = running();
    if (!current.browser.isConnected()) current.browser = await launchChromium();
    testContexts = [];
  });
  afterEach(async () => {
    if (testContexts) await closeAll(testContexts);
    testContexts = undefined;
  });

  return {
    app: new Proxy({} as RunningApp, { get: (_target, key) => running().app[key as keyof RunningApp] }),
    async newPage(options = {}) {
      const context = await running().browser.newContext({ viewport: DEFAULT_VIEWPORT, ...options });
      (testContexts ?? fileContexts).push(context);
      return context.newPage();
    },
  };
}
