import { tools } from '@folio/registry';
import { useLingui } from '@lingui/react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { registryText } from '../../i18n/language';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pipelineEditor.json';
import { localizedTool, stepBlockerText } from './editor-texts';
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
  const t = useMessages('pipelineEditor', english);
  const { locale } = useLingui().i18n;
  const [query, setQuery] = useState('');
  // Titles and subtitles in the visitor's language, listed and searched as they read them.
  const shownTools = useMemo(() => tools.map(localizedTool), [locale]);
  const groups = useMemo(() => toolCatalogue(shownTools, query), [shownTools, query]);
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
          {t('pickerTitle')}
        </h3>
        <button type="button" className="button button--ghost pipeline-picker__close" onClick={onClose}>
          {t('closePicker')}
        </button>
      </div>
      <label className="form-field__label" htmlFor={`${id}-search`}>
        {t('searchTools')}
      </label>
      <input
        id={`${id}-search`}
        className="input"
        type="search"
        placeholder={t('searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoFocus
      />
      <div className="pipeline-picker__groups">
        {groups.length === 0 && <p className="form-field__help">{t('noToolMatches', { query })}</p>}
        {groups.map((group) => (
          <section key={group.id} className="pipeline-picker__group" aria-labelledby={`${id}-${group.id}`}>
            <h4 className="pipeline-picker__category" id={`${id}-${group.id}`}>
              {registryText('categories', group.id, group.label)}
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
                        {stepBlockerText(tool, t)}
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
