interface ToolSearchProps {
  query: string;
  onQueryChange(query: string): void;
  /** Cards shown for the query. */
  shown: number;
  total: number;
}

function countText(query: string, shown: number, total: number): string {
  if (!query.trim()) return `${total} tools`;
  if (shown === 0) return 'No tools match';
  return `${shown} of ${total} tools match`;
}

/** The search box over the home page's cards; the count below it is announced politely as it changes. */
export function ToolSearch({ query, onQueryChange, shown, total }: ToolSearchProps) {
  return (
    <div className="tool-search" role="search">
      <label htmlFor="tool-search-input" className="tool-search__label">
        Find a tool
      </label>
      <input
        id="tool-search-input"
        className="input tool-search__input"
        type="search"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        placeholder="Merge, compress, Word…"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        aria-describedby="tool-search-count"
      />
      <p id="tool-search-count" className="tool-search__count" role="status" aria-live="polite" data-testid="tool-search-count">
        {countText(query, shown, total)}
      </p>
    </div>
  );
}
