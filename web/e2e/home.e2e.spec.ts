import { toolCatalog, tools } from '@folio/registry';
import type { Page } from 'playwright-core';
import { useAppAndBrowser } from './browser';

jest.setTimeout(60_000);

const CATALOG = toolCatalog(tools);
const ALL_CARDS = CATALOG.flatMap((category) => category.cards);

/** Titles of the cards whose title or subtitle holds `word` (plain lower-casing: the queries below have no accents to fold). */
function titlesHolding(word: string): string[] {
  return ALL_CARDS.filter((card) => `${card.title} ${card.subtitle}`.toLowerCase().includes(word)).map((card) => card.title);
}

describe('the home page: finding a tool', () => {
  const { app, newPage } = useAppAndBrowser();

  async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const page = await newPage({ viewport, reducedMotion: 'reduce' });
    await page.goto(`${app.baseUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  const shownTitles = (page: Page) => page.locator('[data-testid="tool-card"] .tool-card-link__title').allInnerTexts();
  const shownCategories = (page: Page) => page.locator('.catalog .category__title').allInnerTexts();
  const countText = (page: Page) => page.getByTestId('tool-search-count').innerText();

  it('filters every card by title and subtitle, ignoring case and accents, and hides empty categories', async () => {
    const page = await open('/');
    const search = page.getByRole('searchbox', { name: 'Find a tool' });
    expect(await shownTitles(page)).toHaveLength(ALL_CARDS.length);
    expect(await countText(page)).toBe(`${ALL_CARDS.length} tools`);

    const imaging = titlesHolding('image');
    expect(imaging.length).toBeGreaterThan(1);
    await search.fill('ÍMAGE');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="tool-card"]').length === n, imaging.length);
    expect((await shownTitles(page)).sort()).toEqual([...imaging].sort());
    expect(await countText(page)).toBe(`${imaging.length} of ${ALL_CARDS.length} tools match`);
    const withImage = CATALOG.filter((category) => category.cards.some((card) => imaging.includes(card.title))).map((category) => category.label);
    expect(await shownCategories(page)).toEqual(withImage);
    expect(withImage.length).toBeLessThan(CATALOG.length);

    // Every word must match, in any order: "word pdf" is PDF to Word, not every PDF tool.
    await search.fill('word pdf');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tool-card"]').length < 10);
    expect(await shownTitles(page)).toContain('PDF to Word');
    expect((await shownTitles(page)).length).toBeLessThan(titlesHolding('pdf').length);

    await search.fill('no such tool anywhere');
    await page.getByText('No tools match').waitFor();
    expect(await shownTitles(page)).toEqual([]);
    expect(await shownCategories(page)).toEqual([]);

    await search.fill('');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="tool-card"]').length === n, ALL_CARDS.length);
  });

  it('announces the count politely, and keeps the search when the visitor comes back from a tool', async () => {
    const page = await open('/');
    const count = page.getByTestId('tool-search-count');
    expect(await count.getAttribute('aria-live')).toBe('polite');
    expect(await page.getByRole('searchbox', { name: 'Find a tool' }).getAttribute('aria-describedby')).toBe(await count.getAttribute('id'));

    await page.getByRole('searchbox', { name: 'Find a tool' }).fill('rotate');
    await page.getByTestId('tool-card').filter({ hasText: 'Rotate PDF' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rotate PDF' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('searchbox', { name: 'Find a tool' }).inputValue()).toBe('rotate');
    expect((await shownTitles(page)).sort()).toEqual(titlesHolding('rotate').sort());
  });

  it('keeps a visible "Tools" link in the phone header, leading to the tool list', async () => {
    const phone = { width: 390, height: 844 };
    const page = await open('/tools/organize/rotate', phone);
    const tools = page.locator('.site-header').getByRole('link', { name: 'Tools', exact: true });
    expect(await tools.isVisible()).toBe(true);
    const box = (await tools.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    expect(box.height).toBeGreaterThanOrEqual(24); // WCAG 2.5.8 target size
    // Nothing in the header spills past the screen's edge either.
    expect(await page.evaluate(() => document.querySelector('.site-header')!.scrollWidth)).toBeLessThanOrEqual(phone.width);

    await tools.click();
    await page.waitForURL(`${app.baseUrl}/#tools`);
    const heading = page.getByRole('heading', { level: 2, name: 'All tools' });
    await heading.waitFor();
    const headerBottom = await page.evaluate(() => document.querySelector('.site-header')!.getBoundingClientRect().bottom);
    const headingBox = (await heading.boundingBox())!;
    expect(headingBox.y).toBeGreaterThanOrEqual(headerBottom);
    expect(headingBox.y + headingBox.height).toBeLessThanOrEqual(phone.height);

    // Followed again from the same page, after scrolling away, it brings the list back.
    await page.evaluate(() => window.scrollTo(0, 0));
    await tools.click();
    await page.waitForFunction(() => document.querySelector('#tools')!.getBoundingClientRect().top < 200);
  });
});
