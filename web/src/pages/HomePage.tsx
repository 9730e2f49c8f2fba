import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/use-document-title';
import { CategorySection } from '../home/CategorySection';
import { HomeHero } from '../home/HomeHero';
import { HowItWorks } from '../home/HowItWorks';
import { TOOL_CATALOG as CATALOG } from '../tool-catalog';
import { useLocalizedCatalog } from '../tool-catalog/use-localized-catalog';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/home.json';
import { ToolSearch } from '../home/ToolSearch';
import { filterCatalog } from '../home/tool-search';

const TOOL_COUNT = CATALOG.reduce((sum, category) => sum + category.cards.length, 0);

export function HomePage() {
  useDocumentTitle();
  const t = useMessages('home', english);
  const catalog = useLocalizedCatalog();
  // The query is copied to the address (?q=), so Back from a tool page brings the same list back.
  // The box reads local state: the router's updates run as transitions, which would move the caret.
  const [searchParams, setSearchParams] = useSearchParams();
  const [query, setQueryState] = useState(() => searchParams.get('q') ?? '');
  const setQuery = (next: string) => {
    setQueryState(next);
    // Other parameters (the language) stay.
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set('q', next);
        else params.delete('q');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const shown = filterCatalog(catalog, query);

  return (
    <>
      <HomeHero categories={catalog} />
      <HowItWorks />
      <div className="container catalog" id="tools">
        <h2 className="section-title">{t('allTools')}</h2>
        <ToolSearch query={query} onQueryChange={setQuery} shown={shown.reduce((sum, category) => sum + category.cards.length, 0)} total={TOOL_COUNT} />
        {shown.map((category) => (
          <CategorySection key={category.id} id={category.id} label={category.label} cards={category.cards} />
        ))}
      </div>
    </>
  );
}
