import { tools } from '@folio/registry';
import type { Page } from 'playwright-core';
import { useAppAndBrowser } from './browser';

jest.setTimeout(60_000);

describe('the API reference page (/api/docs) in a real browser', () => {
  const { app, newPage } = useAppAndBrowser();
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    // One page for the file: the second test opens an operation on the page the first loaded.
    page = await newPage({ viewport: { width: 1280, height: 1600 } });
    // A CSP refusal or a missing asset shows up here, not as an exception.
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('requestfailed', (req) => problems.push(`failed: ${req.url()}`));
  });
  it('lists every tool endpoint, loaded from /api/openapi.json with nothing blocked', async () => {
    await page.goto(`${app.baseUrl}/api/docs`);
    await page.getByRole('heading', { name: /Folio API/ }).waitFor();
    const endpoints = [...new Set(tools.map((t) => t.endpoint))];
    for (const endpoint of endpoints) {
      await page.locator('.opblock-summary-path', { hasText: new RegExp(`^${endpoint}$`) }).waitFor();
    }
    expect(await page.locator('.opblock-post').count()).toBe(endpoints.length);
    expect(problems).toEqual([]);
  });

  it('opens an operation with its multipart fields and declared messages', async () => {
    const rotate = tools.find((t) => t.id === 'rotate')!;
    const block = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: new RegExp(`^${rotate.endpoint}$`) }) });
    await block.locator('.opblock-summary').click();
    for (const name of ['fileInput', ...Object.keys(rotate.fields)]) {
      await block.locator('.parameter__name', { hasText: new RegExp(`^${name}\\b`) }).waitFor();
    }
    await block
      .getByText(/Angle must be a multiple of 90/)
      .first()
      .waitFor();
    expect(problems).toEqual([]);
  });
});
