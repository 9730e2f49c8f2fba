import { chromium, type Browser } from 'playwright-core';

export { startBuiltServer as startBuiltApp, type BuiltServer as RunningApp } from '../../server/test/support/built-server';

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
 * Launches Chromium and renders one page of text before handing it over: on a fresh machine the
 * first text layout builds font caches, which can take longer than a test's own waits allow.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.setContent('<main><h1>Warm-up</h1><p>Fonts <b>bold</b> <i>italic</i> 0123456789</p><button>OK</button></main>');
  await page.screenshot();
  await page.close();
  return browser;
}
