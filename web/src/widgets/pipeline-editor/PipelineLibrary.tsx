import { PIPELINE_EXAMPLES, type PipelineDefinition } from '@folio/registry';
import { useRef } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pipelineEditor.json';
import { exampleName } from './editor-texts';

interface PipelineLibraryProps {
  id: string;
  saved: readonly PipelineDefinition[];
  disabled?: boolean;
  onSave(): void;
  onDownload(): void;
  onUpload(file: File): void;
  onLoad(definition: PipelineDefinition): void;
  onDelete(name: string): void;
}

/** Saving and loading: this browser's saved pipelines, a JSON file either way, and the ready-made examples. */
export function PipelineLibrary({ id, saved, disabled, onSave, onDownload, onUpload, onLoad, onDelete }: PipelineLibraryProps) {
  const t = useMessages('pipelineEditor', english);
  const upload = useRef<HTMLInputElement>(null);
  return (
    <div className="pipeline-library">
      <div className="pipeline-library__actions">
        <button type="button" className="button button--secondary" onClick={onSave} disabled={disabled}>
          {t('saveInBrowser')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDownload} disabled={disabled}>
          {t('downloadJson')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => upload.current?.click()} disabled={disabled}>
          {t('loadJsonFile')}
        </button>
        <input
          ref={upload}
          type="file"
          accept=".json,application/json"
          aria-label={t('uploadLabel')}
          data-testid="pipeline-upload"
          tabIndex={-1}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ''; // the same file can be chosen again
            if (file) onUpload(file);
          }}
        />
      </div>

      <div className="pipeline-library__columns">
        <section className="pipeline-library__section" aria-labelledby={`${id}-saved`}>
          <h3 className="pipeline-library__heading" id={`${id}-saved`}>
            {t('savedHeading')}
          </h3>
          {saved.length === 0 ? (
            <p className="form-field__help pipeline-library__empty">{t('nothingSaved')}</p>
          ) : (
            <ul className="pipeline-library__list" data-testid="pipeline-saved">
              {saved.map((definition) => (
                <li key={definition.name} className="pipeline-library__entry">
                  <span className="pipeline-library__name">{definition.name}</span>
                  <span className="pipeline-library__count">{t('stepCount', { count: definition.pipeline.length })}</span>
                  <button
                    type="button"
                    className="button button--ghost pipeline-library__button"
                    aria-label={t('loadNamed', { name: definition.name })}
                    onClick={() => onLoad(definition)}
                    disabled={disabled}
                  >
                    {t('load')}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost pipeline-library__button"
                    aria-label={t('deleteNamed', { name: definition.name })}
                    onClick={() => onDelete(definition.name)}
                    disabled={disabled}
                  >
                    {t('delete')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="pipeline-library__section" aria-labelledby={`${id}-examples`}>
          <h3 className="pipeline-library__heading" id={`${id}-examples`}>
            {t('examplesHeading')}
          </h3>
          <ul className="pipeline-library__list">
            {PIPELINE_EXAMPLES.map((example) => {
              // Loaded under its name in the visitor's language, the one the list shows.
              const name = exampleName(example, t);
              return (
                <li key={example.name} className="pipeline-library__entry">
                  <span className="pipeline-library__name">{name}</span>
                  <span className="pipeline-library__count">{t('stepCount', { count: example.pipeline.length })}</span>
                  <button
                    type="button"
                    className="button button--ghost pipeline-library__button"
                    aria-label={t('useExampleNamed', { name })}
                    onClick={() => onLoad({ ...example, name })}
                    disabled={disabled}
                  >
                    {t('useExample')}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}
