import { useRef, useState } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pageWorkspace.json';
import { newItemId, type WorkspaceItem } from '../page-workspace/item-edits';
import type { WorkspaceApi } from '../page-workspace/PageWorkspace';
import { findText } from './find-text-boxes';

type Search = { state: 'idle' } | { state: 'searching' } | { state: 'done'; count: number };

/**
 * "Search and mark": every occurrence of a word or phrase gets a black-out box,
 * found in the page's text layer in the browser; the boxes are then ordinary
 * items, to check, move or remove before redacting.
 */
export function RedactionSearch({ api, disabled }: { api: WorkspaceApi; disabled: boolean }) {
  const t = useMessages('pageWorkspace', english);
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);

  const mark = async () => {
    running.current?.abort();
    const stop = new AbortController();
    running.current = stop;
    setSearch({ state: 'searching' });
    try {
      const found = await findText(api.doc, term, stop.signal);
      const boxes: WorkspaceItem[] = found.map((box) => ({ kind: 'box', id: newItemId(), ...box, color: '#000000' }));
      if (boxes.length > 0) api.addItems(boxes);
      setSearch({ state: 'done', count: boxes.length });
    } catch {
      if (!stop.signal.aborted) setSearch({ state: 'done', count: 0 });
    }
  };

  return (
    // Not a <form>: the workspace sits inside the tool's form, and Enter here must search, not run the tool.
    <div className="page-workspace__extra" role="search">
      <label className="page-workspace__property page-workspace__property--wide">
        <span>{t('redact.search')}</span>
        <input
          className="input"
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (term.trim() !== '') void mark();
          }}
          disabled={disabled}
        />
      </label>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void mark()}
        disabled={disabled || term.trim() === '' || search.state === 'searching'}
      >
        {t('redact.markAll')}
      </button>
      <span className="form-field__help" aria-live="polite">
        {search.state === 'searching' && t('redact.searching')}
        {search.state === 'done' && t('redact.found', { count: search.count })}
      </span>
    </div>
  );
}
