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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}
