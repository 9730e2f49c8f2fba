import { tools } from '@folio/registry';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { toolCatalogue } from './tool-catalogue';

interface StepPickerProps {
  /** Prefix for the picker's element ids. */
  id: string;
  onPick(operation: string, toolId: string): void;
  onClose(): void;
}

/**
 * The list steps are added from: every tool, by category, searchable. A tool
 * that cannot be a step is listed disabled with the reason beside it.
 */
export function StepPicker({ id, onPick, onClose }: StepPickerProps) {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => toolCatalogue(tools, query), [query]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div className="pipeline-picker" role="group" aria-labelledby={`${id}-title`} onKeyDown={closeOnEscape} data-testid="pipeline-picker">
      <div className="pipeline-picker__head">
        <h3 className="pipeline-picker__title" id={`${id}-title`}>
          Add a step
        </h3>
        <button type="button" className="button button--ghost pipeline-picker__close" onClick={onClose}>
          Close
        </button>
      </div>
      <label className="form-field__label" htmlFor={`${id}-search`}>
        Search tools
      </label>
      <input
        id={`${id}-search`}
        className="input"
        type="search"
        placeholder="e.g. compress, rotate, OCR"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoFocus
      />
      <div className="pipeline-picker__groups">
        {groups.length === 0 && <p className="form-field__help">No tool matches “{query}”.</p>}
        {groups.map((group) => (
          <section key={group.id} className="pipeline-picker__group" aria-labelledby={`${id}-${group.id}`}>
            <h4 className="pipeline-picker__category" id={`${id}-${group.id}`}>
              {group.label}
            </h4>
            <ul className="pipeline-picker__list">
              {group.entries.map(({ tool, blocker }) => {
                const reasonId = `${id}-${tool.id}-reason`;
                return (
                  <li key={tool.id} className={`pipeline-picker__item${blocker ? ' pipeline-picker__item--blocked' : ''}`}>
                    <button
                      type="button"
                      className="pipeline-picker__tool"
                      disabled={blocker !== undefined}
                      aria-describedby={blocker ? reasonId : undefined}
                      onClick={() => onPick(tool.endpoint, tool.id)}
                      data-tool={tool.id}
                    >
                      <span className="pipeline-picker__tool-title">{tool.title}</span>
                      <span className="pipeline-picker__tool-subtitle">{tool.subtitle}</span>
                    </button>
                    {blocker && (
                      <p className="pipeline-picker__reason" id={reasonId}>
                        {blocker}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
