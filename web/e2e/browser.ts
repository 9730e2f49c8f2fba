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

/**
 * What every context opens with unless a test asks otherwise. The service worker is blocked: in a
 * fresh context it would install and precache the whole app (some 30 requests, over a megabyte)
 * for every test, beside the page's own load; installable.e2e.spec.ts asks for it and checks it.
 */
const DEFAULT_CONTEXT = { viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' } as const satisfies BrowserContextOptions;

/** The app and Chromium of one test file, as `useAppAndBrowser` hands them out. */
export interface AppAndBrowser {
  /** The built app, started once for the file (usable inside hooks and tests). */
  app: RunningApp;
  /**
   * A page in a new browser context, DEFAULT_CONTEXT (1280×900, no service worker) unless the options
   * say otherwise. Called in a test (or `beforeEach`), it is closed after the test; called in
   * `beforeAll`, after the file. e.g. `newPage({ acceptDownloads: true })`, `newPage({ serviceWorkers: 'allow' })`
   */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /**
   * A new page in one context kept for the whole file (made with `options` on the first call), for
   * files of many short tests: a context of its own costs each test a third of a second more, and a
   * load of the app with a cold HTTP cache. After each test the context's pages are closed and the
   * app's storage (cookies, local storage, IndexedDB...) and permissions are cleared, so no test sees
   * what another left; only the HTTP cache is kept. Use it in tests and `beforeEach`.
   */
  pageInFileContext(options?: BrowserContextOptions): Promise<Page>;
}

/** Empties a kept context after a test: its pages, and whatever the app stored in it. */
async function emptyContext(context: BrowserContext, origin: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  // Storage.clearDataForOrigin acts on the storage of the page's own context; the HTTP cache is not among its types.
  const session = await context.newCDPSession(page);
  await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await session.detach();
  await Promise.all([context.clearCookies(), context.clearPermissions()]);
  await Promise.all(context.pages().map((open) => open.close()));
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
  let keptContext: BrowserContext | undefined;

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
    // A context that cannot be emptied (its Chromium crashed, say) is dropped; the next test gets a new one.
    if (keptContext) await emptyContext(keptContext, running().app.baseUrl).catch(() => (keptContext = undefined));
  });

  return {
    app: new Proxy({} as RunningApp, { get: (_target, key) => running().app[key as keyof RunningApp] }),
    async newPage(options = {}) {
      const context = await running().browser.newContext({ ...DEFAULT_CONTEXT, ...options });
      (testContexts ?? fileContexts).push(context);
      return context.newPage();
    },
    async pageInFileContext(options = {}) {
      if (!keptContext?.browser()?.isConnected()) {
        keptContext = await running().browser.newContext({ ...DEFAULT_CONTEXT, ...options });
        fileContexts.push(keptContext);
      }
      return keptContext.newPage();
    },
  };
}
