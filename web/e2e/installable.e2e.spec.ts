import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rotateTool, toolCatalog, tools } from '@folio/registry';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { makePdf } from '../../server/test/support/pdfs';
import { useAppAndBrowser } from './browser';
import { pdfUpload, scenarioContext } from './scenario';

jest.setTimeout(90_000);

const OFFLINE_MESSAGE = 'You are offline. Processing files needs a connection to the server.';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's header (IHDR), to check an icon is the size the manifest states. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The web manifest, the service worker and the app shell working offline. */
const CARD_COUNT = toolCatalog(tools).flatMap((category) => category.cards).length;

describe('the installable app', () => {
  const { app, newPage } = useAppAndBrowser();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    // The harness blocks the service worker elsewhere; here it is what is checked.
    page = await newPage({ serviceWorkers: 'allow' });
    context = page.context();
  });

  it('links a web manifest that makes the site installable, with icons of the sizes it states', async () => {
    await page.goto(app.baseUrl);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await context.request.get(`${app.baseUrl}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({ name: expect.stringContaining('Folio'), short_name: 'Folio', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await context.request.get(`${app.baseUrl}${icon.src}`);
      expect([icon.src, image.status(), image.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
      expect(pngSize(await image.body())).toBe(icon.sizes);
    }
  });

  it('gives each language its own manifest, linked while the page is in that language', async () => {
    await page.goto(`${app.baseUrl}/?lang=hi`);
    await page.locator('html[lang="hi"]').waitFor();
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest-hi.webmanifest');
    const hindi = JSON.parse(readFileSync(join(__dirname, '../src/locales/hi/app/manifest.json'), 'utf8')) as { name: string; description: string };
    const response = await context.request.get(`${app.baseUrl}/manifest-hi.webmanifest`);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(await response.json()).toMatchObject({ ...hindi, lang: 'hi', short_name: 'Folio', start_url: '/' });
    await page.goto(`${app.baseUrl}/?lang=en`);
    await page.locator('html[lang="en"]').waitFor();
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  });

  it('serves robots.txt as a text file and the app’s scripts compressed', async () => {
    const robots = await context.request.get(`${app.baseUrl}/robots.txt`);
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*$/m);

    await page.goto(app.baseUrl);
    await page.getByTestId('tool-card').first().waitFor();
    // What the browser itself fetched: the entry script arrived smaller than it is (Brotli).
    const entry = await page.evaluate(() => {
      const src = document.querySelector<HTMLScriptElement>('script[type="module"]')!.src;
      const timing = performance.getEntriesByName(src)[0] as PerformanceResourceTiming;
      return { src, encoded: timing.encodedBodySize, decoded: timing.decodedBodySize };
    });
    expect(entry.encoded).toBeGreaterThan(0);
    expect(entry.encoded).toBeLessThan(entry.decoded / 2);
    const script = await context.request.get(entry.src, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(script.headers()['content-encoding']).toBe('br');
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the server answer 200 for every page the home page links to, and 404 (with the app) elsewhere', async () => {
    await page.goto(app.baseUrl);
    await page.getByTestId('tool-card').first().waitFor();
    const paths = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))]);
    expect(paths.length).toBeGreaterThan(CARD_COUNT);
    for (const path of paths) {
      const response = await context.request.get(`${app.baseUrl}${path}`, { maxRedirects: 0 });
      expect([path, response.status()]).toEqual([path, 200]);
    }
    const missing = await context.request.get(`${app.baseUrl}/nope`);
    expect(missing.status()).toBe(404);
    await page.goto(`${app.baseUrl}/nope`);
    await page.getByText('Oops! Page not found').waitFor();
  });

  it('opens offline once its service worker controls the page, and says that processing needs the server', async () => {
    await page.goto(app.baseUrl);
    await page.getByTestId('tool-card').first().waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${app.baseUrl}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The shell is cached (the pages' code included); pdf.js, which only draws results, is not.
    const cached = await page.evaluate(async () => {
      const urls = await Promise.all(
        (await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)),
      );
      return urls.flat();
    });
    const manifest = JSON.parse(readFileSync(join(__dirname, '../dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    for (const key of ['index.html', 'src/tool-page/ToolRoute.tsx', 'src/pages/AboutPage.tsx']) expect(cached).toContain(`/${manifest[key]!.file}`);
    expect(cached).toContain('/index.html');
    expect(cached).not.toContain(`/${manifest['../node_modules/pdfjs-dist/build/pdf.mjs']!.file}`);
    expect(cached.filter((path) => path.startsWith('/pdfjs/') || path.startsWith('/api/'))).toEqual([]);
    // Languages are cached as they are read, not all precached for every visitor.
    expect(cached.filter((path) => /\/assets\/language-/.test(path))).toEqual([]);
    const notice = page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE });
    expect(await notice.count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await expectCount(page.getByTestId('tool-card'), CARD_COUNT);
    await notice.waitFor();

    // A tool page's code comes from the service worker too; running the tool needs the server.
    const rotate = scenarioContext(rotateTool, page, app.baseUrl);
    await page.getByTestId('tool-card').filter({ hasText: rotateTool.title }).first().click();
    await page.getByRole('heading', { level: 1, name: rotateTool.title }).waitFor();
    await rotate.chooseFiles([pdfUpload('scan.pdf', await makePdf(1))]);
    await rotate.actionButton().click();
    await rotate.errorToast();
    expect(await notice.innerText()).toBe(OFFLINE_MESSAGE);

    await context.setOffline(false);
    await notice.waitFor({ state: 'detached' });
  });
});

async function expectCount(locator: Locator, count: number): Promise<void> {
  await locator.nth(count - 1).waitFor();
  expect(await locator.count()).toBe(count);
}
