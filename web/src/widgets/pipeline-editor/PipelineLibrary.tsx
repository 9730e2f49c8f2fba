import { PIPELINE_EXAMPLES, type PipelineDefinition } from '@folio/registry';
import { useRef } from 'react';

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
  const upload = useRef<HTMLInputElement>(null);
  return (
    <div className="pipeline-library">
      <div className="pipeline-library__actions">
        <button type="button" className="button button--secondary" onClick={onSave} disabled={disabled}>
          Save in this browser
        </button>
        <button type="button" className="button button--ghost" onClick={onDownload} disabled={disabled}>
          Download JSON
        </button>
        <button type="button" className="button button--ghost" onClick={() => upload.current?.click()} disabled={disabled}>
          Load JSON file
        </button>
        <input
          ref={upload}
          type="file"
          accept=".json,application/json"
          aria-label="Load a pipeline from a JSON file"
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
            Saved in this browser
          </h3>
          {saved.length === 0 ? (
            <p className="form-field__help pipeline-library__empty">Nothing saved yet.</p>
          ) : (
            <ul className="pipeline-library__list" data-testid="pipeline-saved">
              {saved.map((definition) => (
                <li key={definition.name} className="pipeline-library__entry">
                  <span className="pipeline-library__name">{definition.name}</span>
                  <span className="pipeline-library__count">
                    {definition.pipeline.length} {definition.pipeline.length === 1 ? 'step' : 'steps'}
                  </span>
                  <button
                    type="button"
                    className="button button--ghost pipeline-library__button"
                    aria-label={`Load “${definition.name}”`}
                    onClick={() => onLoad(definition)}
                    disabled={disabled}
                  >
                    Load
                  </button>
                  <button
                    type="button"
                    className="button button--ghost pipeline-library__button"
                    aria-label={`Delete “${definition.name}”`}
                    onClick={() => onDelete(definition.name)}
                    disabled={disabled}
                  >
                    Delete
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="pipeline-library__section" aria-labelledby={`${id}-examples`}>
          <h3 className="pipeline-library__heading" id={`${id}-examples`}>
            Examples
          </h3>
          <ul className="pipeline-library__list">
            {PIPELINE_EXAMPLES.map((example) => (
              <li key={example.name} className="pipeline-library__entry">
                <span className="pipeline-library__name">{example.name}</span>
                <span className="pipeline-library__count">{example.pipeline.length} steps</span>
                <button
                  type="button"
                  className="button button--ghost pipeline-library__button"
                  aria-label={`Use example “${example.name}”`}
                  onClick={() => onLoad(example)}
                  disabled={disabled}
                >
                  Use
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
