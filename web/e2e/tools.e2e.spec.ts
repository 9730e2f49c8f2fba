import { readFileSync } from 'node:fs';
import AdmZip from 'adm-zip';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { makePdf, pageCount, pageRotations, pageTexts } from '../../server/test/support/pdfs';
import { launchChromium, startBuiltApp, type RunningApp } from './browser';

jest.setTimeout(60_000);

const ERROR_TOAST = /Oops! Something went wrong\.\s*We’re experiencing a temporary issue\. Our team is on it; please try again shortly\./;

describe('the three tools in a real browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startBuiltApp(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterEach(() => context.close());

  const pdfFile = async (name: string, pages: number, label = name) => ({ name, mimeType: 'application/pdf', buffer: await makePdf(pages, { label }) });
  const downloaded = async (download: Download) => readFileSync((await download.path())!);
  const openToolFromHome = async (title: string, path: string) => {
    await page.goto(app.baseUrl);
    await page.getByTestId('tool-card').filter({ hasText: title }).first().click();
    await page.waitForURL(`**${path}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  };
  const runAndDownload = async (action: string, toast: string) => {
    await page.getByRole('button', { name: action, exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: toast }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-result').click()]);
    return download;
  };

  it('lists all 59 tools on the home page, in six categories', async () => {
    await page.goto(app.baseUrl);
    await expectCount(page.getByTestId('tool-card'), 59);
    for (const label of ['Manage Files', 'Export to PDF', 'Import from PDF', 'Secure & Sign', 'Edit & Annotate', 'Advanced Tools']) {
      await page.getByRole('heading', { name: label }).waitFor();
    }
  });

  it('merges two PDFs: toast, preview, merged.pdf with all pages in order', async () => {
    await openToolFromHome('Merge PDFs', '/tools/organize/merge');
    await page.getByTestId('file-input').setInputFiles([await pdfFile('one.pdf', 2, 'one'), await pdfFile('two.pdf', 3, 'two')]);
    await page.getByText('one.pdf').waitFor();
    const download = await runAndDownload('Merge PDFs', 'PDFs merged successfully! Preview below or download the file.');
    await page.getByTestId('result-preview').waitFor();
    expect(await page.getByTestId('result-preview').evaluate((el) => el.getBoundingClientRect().height)).toBe(600);
    expect(download.suggestedFilename()).toBe('merged.pdf');
    const pdf = await downloaded(download);
    expect(pageCount(pdf)).toBe(5);
    expect(pageTexts(pdf)).toEqual(['one page 1', 'one page 2', 'two page 1', 'two page 2', 'two page 3']);
  });

  it('asks for two files before merging', async () => {
    await page.goto(`${app.baseUrl}/tools/organize/merge`);
    await page.getByTestId('file-input').setInputFiles([await pdfFile('only.pdf', 1)]);
    await page.getByRole('button', { name: 'Merge PDFs', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'Please upload at least two PDF files to merge.' }).waitFor();
  });

  it('rotates a PDF by the chosen angle and saves rotated.pdf', async () => {
    await openToolFromHome('Rotate PDF', '/tools/organize/rotate');
    await page.getByTestId('file-input').setInputFiles([await pdfFile('scan.pdf', 2)]);
    await page.getByLabel('Angle').selectOption('180');
    const download = await runAndDownload('Rotate PDF', 'PDF rotated successfully!');
    await page.getByTestId('result-preview').waitFor();
    expect(download.suggestedFilename()).toBe('rotated.pdf');
    expect(await pageRotations(await downloaded(download))).toEqual([180, 180]);
  });

  it('splits a PDF after the listed pages and saves split.zip', async () => {
    await openToolFromHome('Split PDF', '/tools/organize/split');
    await page.getByTestId('file-input').setInputFiles([await pdfFile('book.pdf', 5)]);
    const action = page.getByRole('button', { name: 'Split PDF', exact: true });
    expect(await action.isDisabled()).toBe(true); // no pages typed yet
    await page.getByLabel('Split after pages').fill('2');
    const download = await runAndDownload('Split PDF', 'PDF split successfully!');
    expect(download.suggestedFilename()).toBe('split.zip');
    const entries = new AdmZip(await downloaded(download)).getEntries();
    expect(entries.map((e) => [e.entryName, pageCount(e.getData())])).toEqual([
      ['book_1.pdf', 2],
      ['book_2.pdf', 3],
    ]);
    expect(await page.getByTestId('result-preview').count()).toBe(0);
  });

  it('shows the standard error toast when the server refuses a file', async () => {
    await page.goto(`${app.baseUrl}/tools/organize/rotate`);
    await page.getByTestId('file-input').setInputFiles([{ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') }]);
    await page.getByRole('button', { name: 'Rotate PDF', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: ERROR_TOAST }).waitFor();
    expect(await page.getByRole('button', { name: 'Rotate PDF', exact: true }).isEnabled()).toBe(true);
  });

  it('leads other tools to the coming-soon page and unknown paths to the 404 page', async () => {
    await page.goto(app.baseUrl);
    await page.getByTestId('tool-card').filter({ hasText: 'Compress PDF' }).first().click();
    await page.waitForURL('**/tools/advanced/compress');
    await page.getByRole('heading', { level: 1, name: 'Compress' }).waitFor();
    await page.getByRole('link', { name: 'Explore Available Tools' }).or(page.getByRole('button', { name: 'Explore Available Tools' })).click();
    await page.waitForURL(`${app.baseUrl}/`);

    await page.goto(`${app.baseUrl}/no/such/page`);
    await page.getByText('Oops! Page not found').waitFor();
  });

  it('leaves no uploaded or temporary file behind', async () => {
    await new Promise((r) => setTimeout(r, 200));
    expect(app.leftovers()).toEqual([]);
  });
});

async function expectCount(locator: ReturnType<Page['getByTestId']>, count: number): Promise<void> {
  await locator.nth(count - 1).waitFor();
  expect(await locator.count()).toBe(count);
}
