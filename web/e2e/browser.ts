import { chromium, type Browser } from 'playwright-core';
import { startBuiltServer as startBuiltApp, type BuiltServer as RunningApp } from '../../server/test/support/built-server';

export { startBuiltApp, type RunningApp };

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
export async function launchChromium(): Promise<Browser> {
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
 * `env` adds to the server's environment. e.g. `{ FOLIO_MAX_UPLOAD_MB: '1' }`
 */
export async function startAppAndBrowser(env: Record<string, string> = {}): Promise<[RunningApp, Browser]> {
  const [app, browser] = await Promise.allSettled([startBuiltApp(env), launchChromium()]);
  if (app.status === 'fulfilled' && browser.status === 'fulfilled') return [app.value, browser.value];
  if (app.status === 'fulfilled') await app.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw app.status === 'rejected' ? app.reason : (browser as PromiseRejectedResult).reason;
}
