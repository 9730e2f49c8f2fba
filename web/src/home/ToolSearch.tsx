import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/home.json';
interface ToolSearchProps {
  query: string;
  onQueryChange(query: string): void;
  /** Cards shown for the query. */
  shown: number;
  total: number;
}

/** The search box over the home page's cards; the count below it is announced politely as it changes. */
export function ToolSearch({ query, onQueryChange, shown, total }: ToolSearchProps) {
  const t = useMessages('home', english);
  const count = !query.trim() ? t('countAll', { total }) : shown === 0 ? t('countNone') : t('countSome', { shown, total });
  return (
    <div className="tool-search" role="search">
      <label htmlFor="tool-search-input" className="tool-search__label">
        {t('findTool')}
      </label>
      <input
        id="tool-search-input"
        className="input tool-search__input"
        type="search"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        placeholder={t('searchPlaceholder')}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        aria-describedby="tool-search-count"
      />
      <p id="tool-search-count" className="tool-search__count" role="status" aria-live="polite" data-testid="tool-search-count">
        {count}
      </p>
    </div>
  );
}
