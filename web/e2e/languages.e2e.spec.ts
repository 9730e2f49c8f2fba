import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { addWatermarkTool, localizeTool, LOCALES, rotateTool, toolPath, type AnyTool, type LocaleCode } from '@folio/registry';
import type { Page } from 'playwright-core';
import { makePdf, pageRotations } from '../../server/test/support/pdfs';
import { plainPageTexts } from '../../server/test/support/marks';
import { seriousViolations } from './axe';
import { useAppAndBrowser } from './browser';
import { pdfUpload, scenarioContext } from './scenario';

jest.setTimeout(240_000);

const LOCALES_DIR = resolve(__dirname, '../src/locales');
/** Screenshots of the translated pages, to look at (not compared). */
const SHOTS_DIR = resolve(__dirname, '../../test-results/languages');

function catalogue(code: LocaleCode, file: string): Record<string, string> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, code, file), 'utf8')) as Record<string, string>;
}

/** The declaration as a visitor of that language reads it, from the language's own catalogue (not from the app's code). */
function toolIn<T extends AnyTool>(code: LocaleCode, tool: T): T {
  return localizeTool(tool, catalogue(code, `tools/${tool.id}.json`));
}

const PHONE = { width: 390, height: 844 };

/** The page is no wider than the window: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect([where, widths.page <= widths.window]).toEqual([where, true]);
}

async function htmlLanguage(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

describe('the site in the visitor’s language, in a real browser', () => {
  const { app, newPage } = useAppAndBrowser();

  it('speaks the browser’s language on a first visit, and says so in the address and in <html lang>', async () => {
    const page = await newPage({ locale: 'hi-IN' });
    await page.goto(app.baseUrl);
    const home = catalogue('hi', 'app/home.json');
    await page.getByText(home.eyebrow!, { exact: true }).waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'hi', dir: 'ltr' });
    await page.waitForURL(/\?lang=hi$/);
    // The tool cards too: Merge's card carries its Hindi title.
    await page
      .getByTestId('tool-card')
      .filter({ hasText: catalogue('hi', 'tools/merge.json').title! })
      .first()
      .waitFor();
    // No English left in the header's navigation.
    const layout = catalogue('hi', 'app/layout.json');
    expect(await page.getByRole('navigation', { name: layout.mainNav }).innerText()).toContain(layout.navTools);
  });

  it('switches language from the header’s menu, mirrors the page for Arabic, and remembers the choice', async () => {
    const page = await newPage({ locale: 'en-US' });
    await page.goto(app.baseUrl);
    await page.getByLabel('Language').selectOption('ar');
    await page.getByText(catalogue('ar', 'app/home.json').eyebrow!, { exact: true }).waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.waitForURL(/\?lang=ar$/);
    // The header's first item (the brand) now sits at the right.
    const brand = await page.locator('.brand').first().boundingBox();
    expect(brand!.x).toBeGreaterThan(640);

    // Back without the parameter: the remembered choice.
    await page.goto(`${app.baseUrl}/about`);
    expect((await htmlLanguage(page)).lang).toBe('ar');
    // A shared English link wins over the remembered choice.
    await page.goto(`${app.baseUrl}/?lang=en`);
    await page.getByText('Free · No sign-up · Files auto-deleted', { exact: true }).waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
  });

  it('runs Rotate in Hindi: the page, the button, the toast and the result', async () => {
    const page = await newPage({ locale: 'hi', acceptDownloads: true });
    const tool = toolIn('hi', rotateTool);
    const ctx = scenarioContext(tool, page, app.baseUrl);
    await ctx.open();
    expect(tool.title).not.toBe(rotateTool.title);
    await ctx.chooseFiles([pdfUpload('report.pdf', await makePdf(2, { label: 'report.pdf' }))]);
    await page.getByLabel(tool.fields.angle.label).selectOption('90');
    await ctx.run();
    await ctx.expectResultView();
    const { bytes } = await ctx.download();
    expect(await pageRotations(bytes)).toEqual([90, 90]);
  });

  it('runs Add Watermark in Arabic, with its validation message and its toast in Arabic, without sideways scrolling on a phone', async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const page = await newPage({ locale: 'ar', viewport: PHONE, acceptDownloads: true });
    const tool = toolIn('ar', addWatermarkTool);
    const ctx = scenarioContext(tool, page, app.baseUrl);
    await ctx.open();
    expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expectNoSidewaysScroll(page, 'add-watermark page');
    await ctx.chooseFiles([pdfUpload('minutes.pdf', await makePdf(2, { label: 'minutes.pdf' }))]);
    // No text yet: the schema's English message, shown in Arabic by the field.
    await ctx.actionButton().click();
    const required = catalogue('ar', 'tools/add-watermark.json')['fields.watermarkText.messages.required']!;
    expect(await page.locator('.form-field__error').first().innerText()).toBe(required);
    await page.getByLabel(tool.fields.watermarkText.label, { exact: true }).fill('DRAFT');
    // Upright copies, so the text reads back whole.
    await page.getByLabel(tool.fields.rotation.label, { exact: true }).fill('0');
    await ctx.run();
    await page.screenshot({ path: join(SHOTS_DIR, 'add-watermark-ar-phone.png'), fullPage: true });
    await expectNoSidewaysScroll(page, 'add-watermark result');
    const { bytes } = await ctx.download();
    for (const text of plainPageTexts(bytes)) expect(text).toContain('DRAFT');
  });

  // English is the accessibility spec's; every other language here.
  it.each(LOCALES.filter((locale) => locale.code !== 'en').map((locale) => locale.code))(
    '%s at phone width: the home and a tool page fit, and axe finds nothing serious',
    async (code) => {
      mkdirSync(SHOTS_DIR, { recursive: true });
      const page = await newPage({ locale: code, viewport: PHONE, reducedMotion: 'reduce' });
      const found: string[] = [];
      for (const [name, path] of [
        ['home', '/'],
        ['add-watermark', toolPath(addWatermarkTool)],
      ] as const) {
        await page.goto(`${app.baseUrl}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect((await htmlLanguage(page)).lang).toBe(code);
        await expectNoSidewaysScroll(page, `${code} ${name}`);
        await page.screenshot({ path: join(SHOTS_DIR, `${name}-${code}-phone.png`), fullPage: false });
        found.push(...(await seriousViolations(page, `${code} ${name}`)));
      }
      expect(found).toEqual([]);
    },
  );
});
