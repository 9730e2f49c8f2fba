import { readFileSync } from 'node:fs';
import AdmZip from 'adm-zip';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { renderFileName, toolPath, tools, type AnyTool } from '@folio/registry';
import { makePdf, pageCount, pageRotations, pageTexts } from '../../server/test/support/pdfs';
import { launchChromium, startBuiltApp, type RunningApp } from './browser';

jest.setTimeout(60_000);

interface Scenario {
  /** Pages of each uploaded PDF (one entry per file). */
  files: number[];
  /** Fill the tool's options the way a visitor would. */
  fill?: (page: Page) => Promise<void>;
  /** Check the downloaded result. */
  check: (result: Buffer) => Promise<void> | void;
}

const sizes = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]);

/** One visit to every Manage Files page: what a visitor does there and what the result must be. */
const SCENARIOS: Record<string, Scenario> = {
  merge: { files: [2, 3], check: (pdf) => expect(pageCount(pdf)).toBe(5) },
  rotate: {
    files: [2],
    fill: async (page) => {
      await page.getByLabel('Angle').selectOption('270');
    },
    check: async (pdf) => expect(await pageRotations(pdf)).toEqual([270, 270]),
  },
  split: {
    files: [5],
    fill: (page) => page.getByLabel('Split after pages').fill('2'),
    check: (zip) => expect(new AdmZip(zip).getEntries().map((e) => pageCount(e.getData()))).toEqual([2, 3]),
  },
  remove: {
    files: [5],
    fill: (page) => page.getByLabel('Pages to remove').fill('2,4'),
    check: (pdf) => expect(pageTexts(pdf)).toEqual(['doc page 1', 'doc page 3', 'doc page 5']),
  },
  organise: {
    files: [4],
    fill: async (page) => {
      await page.getByLabel('Mode').selectOption('CUSTOM');
      await page.getByLabel('Page Order').fill('4,1,3,2');
    },
    check: (pdf) => expect(pageTexts(pdf)).toEqual(['doc page 4', 'doc page 1', 'doc page 3', 'doc page 2']),
  },
  'extract-page': {
    files: [6],
    fill: async (page) => {
      await page.getByLabel('Page Range').selectOption('custom');
      await page.getByLabel('Start Page').fill('2');
      await page.getByLabel('End Page').fill('4');
    },
    check: (pdf) => expect(pageTexts(pdf)).toEqual(['doc page 2', 'doc page 3', 'doc page 4']),
  },
  'adjust-page-size': {
    files: [2],
    fill: async (page) => {
      await page.getByLabel('Page Size').selectOption('LETTER');
    },
    check: async (pdf) => expect(await sizes(pdf)).toEqual([[612, 792], [612, 792]]),
  },
  'crop-pdf': {
    files: [1],
    fill: async (page) => {
      await page.getByLabel('Top (px)').fill('10');
      await page.getByLabel('Right (px)').fill('20');
      await page.getByLabel('Bottom (px)').fill('30');
      await page.getByLabel('Left (px)').fill('40');
    },
    check: async (pdf) => expect(await sizes(pdf)).toEqual([[300 - 60, 400 - 40]]),
  },
  'multi-page-layout': {
    files: [4],
    fill: (page) => page.getByLabel('Pages Per Sheet').fill('4'),
    check: (pdf) => expect(pageCount(pdf)).toBe(1),
  },
  'single-large-page': {
    files: [3],
    check: async (pdf) => expect(await sizes(pdf)).toEqual([[300, 1200]]),
  },
};

describe('every Manage Files page in a real browser', () => {
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
    context = await browser.newContext({ acceptDownloads: true });
    page = await context.newPage();
  });
  afterEach(() => context.close());

  const manageFiles = tools.filter((t) => t.category === 'organize');

  it('has a scenario for each of the ten tools', () => {
    expect(manageFiles.map((t) => t.id).sort()).toEqual(Object.keys(SCENARIOS).sort());
  });

  it.each(manageFiles.map((t) => [t.id, t] as const))('%s: upload, set options, run, download', async (_id, tool: AnyTool) => {
    const scenario = SCENARIOS[tool.id];
    await page.goto(`${app.baseUrl}${toolPath(tool)}`);
    await page.getByRole('heading', { level: 1, name: tool.title }).waitFor();
    const files = await Promise.all(scenario.files.map(async (pages, i) => ({ name: `input-${i + 1}.pdf`, mimeType: 'application/pdf', buffer: await makePdf(pages, { label: 'doc' }) })));
    await page.getByTestId('file-input').setInputFiles(files);
    await scenario.fill?.(page);
    await page.getByRole('button', { name: tool.action.label, exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: tool.toast.success }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-result').click()]);
    if (tool.download.browser !== 'from-response') expect(download.suggestedFilename()).toBe(renderFileName(tool.download.browser, files[0].name));
    if (tool.download.label) expect(await page.getByTestId('download-result').innerText()).toContain(tool.download.label);
    if (tool.result.kind === 'pdf') expect(await page.getByTestId('result-preview').count()).toBe(1);
    await scenario.check(readFileSync((await download.path())!));
  });
});
