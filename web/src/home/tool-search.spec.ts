import { describe, expect, it } from '@jest/globals';
import { toolCatalog, tools } from '@folio/registry';
import { cardMatches, filterCatalog, foldForSearch, queryWords } from './tool-search';

const card = (title: string, subtitle = '') => ({ title, subtitle });

describe('tool search', () => {
  it('folds case and accents', () => {
    expect(foldForSearch('Résumé À LA Carte')).toBe('resume a la carte');
  });

  it('matches every word of the query in the title or the subtitle, in any order, accents and case aside', () => {
    const word = card('PDF to Word', 'Convert a PDF to an editable document.');
    expect(cardMatches(word, queryWords('word pdf'))).toBe(true);
    expect(cardMatches(word, queryWords('ÉDITABLE'))).toBe(true);
    expect(cardMatches(word, queryWords('word image'))).toBe(false);
  });

  it('matches a query typed with accents against text without them', () => {
    expect(cardMatches(card('Compress PDF'), queryWords('cómpress'))).toBe(true);
  });

  it('keeps every category for a blank query, and drops the categories left without a card', () => {
    const catalog = toolCatalog(tools);
    expect(filterCatalog(catalog, '   ')).toEqual(catalog);
    const merged = filterCatalog(catalog, 'merge');
    expect(merged.length).toBeGreaterThan(0);
    expect(merged.length).toBeLessThan(catalog.length);
    for (const category of merged) for (const found of category.cards) expect(foldForSearch(`${found.title} ${found.subtitle}`)).toContain('merge');
    expect(filterCatalog(catalog, 'zzzz-no-such-tool')).toEqual([]);
  });
});
