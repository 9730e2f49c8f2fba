import { rotateTool, toolPath, tools } from '@folio/registry';
import type { Page } from 'playwright-core';
import { makePdf } from '../../server/test/support/pdfs';
import { seriousViolations } from './axe';
import { useAppAndBrowser } from './browser';
import { pdfUpload, scenarioContext } from './scenario';

jest.setTimeout(240_000);

const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** One tool page per category, chosen for the variety of their fields (files, lists, colours, the pipeline editor). */
const TOOL_PER_CATEGORY = ['organise', 'file-to-pdf', 'pdf-to-image', 'add-watermark', 'change-metadata', 'pipeline'];

function pathOfTool(id: string): string {
  const tool = tools.find((t) => t.id === id);
  if (!tool) throw new Error(`accessibility.e2e.spec.ts: no registered tool "${id}"; pick another for its category.`);
  return toolPath(tool);
}

/** Pages visited by path; the result page is reached by running Rotate. */
const PAGES: readonly { name: string; path: string }[] = [
  { name: 'home', path: '/' },
  ...TOOL_PER_CATEGORY.map((id) => ({ name: `tool ${id}`, path: pathOfTool(id) })),
  { name: 'contact', path: '/contact' },
  { name: 'coming soon', path: '/tools/advanced/batch-stamp' },
  { name: '404', path: '/no/such/page' },
];

/** The theme the page shows, read from the page: a check on the wrong theme would pass for nothing. */
async function expectTheme(page: Page, theme: Theme): Promise<void> {
  const shown = await page.evaluate(() => ({
    attribute: document.documentElement.dataset.theme,
    scheme: getComputedStyle(document.documentElement).colorScheme,
  }));
  expect(shown).toEqual({ attribute: theme, scheme: theme });
}

/** Opens Rotate, runs it on a two-page PDF and waits for the drawn preview: the page with a result shown. */
async function showRotateResult(page: Page, baseUrl: string): Promise<void> {
  const ctx = scenarioContext(rotateTool, page, baseUrl);
  await ctx.open();
  await ctx.chooseFiles([pdfUpload('scan.pdf', await makePdf(2, { label: 'scan.pdf' }))]);
  await ctx.run();
  await ctx.expectResultView();
}

/** WCAG contrast of two `rgb(...)`/`rgba(...)` colours (alpha ignored: callers pass opaque ones). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The focus indicator of the focused element, as computed: its own outline, or, for a visually
 * hidden input (the drop zone's, a file field's), the outline another element draws for it.
 */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return null;
    const outlineOf = (el: Element) => {
      const style = getComputedStyle(el);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? { color: style.outlineColor, width: parseFloat(style.outlineWidth) } : null;
    };
    const box = active.getBoundingClientRect();
    let drawn = outlineOf(active);
    if (!drawn && box.width <= 1 && box.height <= 1) {
      for (const el of Array.from(document.querySelectorAll('body *'))) if ((drawn = outlineOf(el))) break;
    }
    return {
      element: `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}.${active.className}`.slice(0, 80),
      focusVisible: active.matches(':focus-visible'),
      outline: drawn,
      pageBackground: getComputedStyle(document.body).backgroundColor,
    };
  });
}

describe('accessibility in a real browser', () => {
  const { app, newPage } = useAppAndBrowser();

  /** A page at one size, with the system set to one theme (the app follows it); no animations mid-check. */
  async function openPage(size: keyof typeof SIZES, theme: Theme): Promise<Page> {
    return newPage({ viewport: SIZES[size], colorScheme: theme, reducedMotion: 'reduce' });
  }

  for (const theme of THEMES) {
    for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
      it(`axe finds no serious or critical violation on ${PAGES.length + 1} pages, ${size} size, ${theme} theme`, async () => {
        const page = await openPage(size, theme);
        const found: string[] = [];
        for (const { name, path } of PAGES) {
          await page.goto(`${app.baseUrl}${path}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await expectTheme(page, theme);
          found.push(...(await seriousViolations(page, name)));
        }
        await showRotateResult(page, app.baseUrl);
        await expectTheme(page, theme);
        found.push(...(await seriousViolations(page, 'rotate with its result and toast')));
        expect(found).toEqual([]);
      });
    }
  }

  // The check above must be able to fail: a page with a known problem has to be reported.
  it('reports a violation axe should find (low-contrast text), so an empty list means something', async () => {
    const page = await openPage('desktop', 'light');
    await page.goto(`${app.baseUrl}/no/such/page`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.message-page__text').evaluate((p: HTMLElement) => (p.style.color = '#dddddd'));
    expect((await seriousViolations(page, '404')).join('\n')).toMatch(/^404: color-contrast \(serious\).*message-page__text/);
  });

  for (const theme of THEMES) {
    it(`shows a focus outline on a primary button reached with Tab, however its box-shadow is set (${theme} theme)`, async () => {
      const page = await openPage('desktop', theme);
      const ctx = scenarioContext(rotateTool, page, app.baseUrl);
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('scan.pdf', await makePdf(1))]);
      const primary = ctx.actionButton();
      for (let presses = 0; presses < 40 && !(await primary.evaluate((el) => el === document.activeElement)); presses++) await page.keyboard.press('Tab');
      expect(await primary.evaluate((el) => el === document.activeElement)).toBe(true);

      const indicator = await focusIndicator(page);
      expect(indicator).toMatchObject({ focusVisible: true, outline: { width: expect.any(Number) } });
      expect(indicator!.outline!.width).toBeGreaterThanOrEqual(2);
      // The outline sits outside the button (offset), on the page: it must stand out from it (WCAG 1.4.11).
      expect(contrast(indicator!.outline!.color, indicator!.pageBackground)).toBeGreaterThanOrEqual(3);
      expect(await primary.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none'); // the rule that used to hide the ring still applies
    });
  }

  for (const [name, path, theme] of [
    ['a tool page with many kinds of field', pathOfTool('add-watermark'), 'dark'],
    ['the home page', '/', 'light'],
  ] as const) {
    it(`shows a focus outline on every control of ${name}, one Tab at a time (${theme} theme)`, async () => {
      const page = await openPage('desktop', theme);
      await page.goto(`${app.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const missing: string[] = [];
      let stops = 0;
      for (; stops < 200; stops++) {
        await page.keyboard.press('Tab');
        const indicator = await focusIndicator(page);
        if (!indicator) break; // back to the page itself: every control visited
        if (!indicator.outline) missing.push(indicator.element);
      }
      expect(stops).toBeGreaterThan(path === '/' ? 60 : 8); // the walk really went through the controls
      expect(missing).toEqual([]);
    });
  }

  it('moves focus to the result after a run on a phone, and scrolls its heading into view below the header and the toast', async () => {
    const page = await openPage('phone', 'light');
    await showRotateResult(page, app.baseUrl);
    const heading = page.locator('#tool-result-heading');
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    const layout = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      return {
        heading: box('#tool-result-heading'),
        header: box('.site-header'),
        toast: box('[data-testid="toast"]'),
        viewportHeight: window.innerHeight,
        scrolled: window.scrollY,
      };
    });
    expect(layout.scrolled).toBeGreaterThan(0); // on a phone the result starts below the fold
    expect(layout.heading.top).toBeGreaterThanOrEqual(layout.toast.bottom);
    expect(layout.heading.top).toBeGreaterThanOrEqual(layout.header.bottom);
    expect(layout.heading.bottom).toBeLessThanOrEqual(layout.viewportHeight);
  });
});
