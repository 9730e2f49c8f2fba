import type { ToolCard } from '@folio/registry';

/** Lower case without accents ("Résumé" → "resume"), so a query matches however it is typed. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The query's words, folded; none for a blank query. */
export function queryWords(query: string): string[] {
  return foldForSearch(query).split(/\s+/).filter(Boolean);
}

/** A card matches when every word of the query is in its title or subtitle (or their English, on a translated page). */
export function cardMatches(card: Pick<ToolCard, 'title' | 'subtitle'> & { english?: string }, words: readonly string[]): boolean {
  const text = foldForSearch(`${card.title} ${card.subtitle} ${card.english ?? ''}`);
  return words.every((word) => text.includes(word));
}

/** The catalogue narrowed to the cards matching `query`, without the categories left empty. */
export function filterCatalog<C extends { cards: readonly (ToolCard & { english?: string })[] }>(catalog: readonly C[], query: string): C[] {
  const words = queryWords(query);
  if (words.length === 0) return [...catalog];
  return catalog
    .map((category) => ({ ...category, cards: category.cards.filter((card) => cardMatches(card, words)) }))
    .filter((category) => category.cards.length > 0);
}
