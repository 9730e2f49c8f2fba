import { checkPipeline, parsePipelineDefinition, PIPELINE_MESSAGES, toolForOperation, tools, type AnyTool, type PipelineDefinition } from '@folio/registry';
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { registryText } from '../../i18n/language';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pipelineEditor.json';
import { downloadFile } from '../../tool-page/result/download-file';
import { useToast } from '../../toast';
import type { WidgetComponent } from '../widget-types';
import { describeIssue, issueMessage } from './editor-texts';
import { PipelineLibrary } from './PipelineLibrary';
import { PipelineStepCard, type StepControl } from './PipelineStepCard';
import {
  addStep,
  definitionFileName,
  dropIndex,
  duplicateStep,
  fromDefinition,
  moveStep,
  moveStepTo,
  removeStep,
  rename,
  setParameters,
  stateFromValue,
  toDefinition,
  toJson,
  type EditorState,
} from './pipeline-state';
import { deleteSaved, listSaved, savePipeline, type KeyValueStore } from './saved-pipelines';
import { initialParameters, shownFields } from './step-form';
import { placeIssues } from './step-validator';
import { StepPicker } from './StepPicker';

/** localStorage, or a store for this page only where the browser refuses it (private windows, disabled storage). */
function browserStore(): KeyValueStore {
  try {
    const store = window.localStorage;
    store.getItem('');
    return store;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };
  }
}

type Status = { kind: 'info' | 'error'; text: string };

/**
 * Pipeline Menu's editor (reference §7.1): the pipeline's name, its steps in
 * order, each with its tool's options (rjsf from the registry's schema), steps
 * added from a searchable list of every tool, reordered by drag, buttons or
 * Alt+Arrow keys; saved in the browser or as a JSON file, loaded from either or
 * from an example. The field's value is the definition's JSON; problems are
 * `checkPipeline`'s, the server's own, shown on the step and field they concern.
 */
export const PipelineEditorWidget: WidgetComponent = ({ id, value, onChange, onBlur, inputRef, invalid, describedBy, disabled, form }) => {
  const t = useMessages('pipelineEditor', english);
  const toast = useToast();
  const store = useMemo(browserStore, []);
  const [state, setState] = useState<EditorState>(() => stateFromValue(value));
  const [saved, setSaved] = useState(() => listSaved(store));
  const [picking, setPicking] = useState(false);
  const [nameTouched, setNameTouched] = useState(false);
  const [status, setStatus] = useState<Status>();
  const [focusId, setFocusId] = useState<string>();
  const [drag, setDrag] = useState<{ id: string; over?: { id: string; after: boolean } }>();

  const files = form?.files;
  const fileNames = useMemo(() => (files && files.length > 0 ? files.map((file) => file.name) : undefined), [files]);
  const stepTools = useMemo(() => state.steps.map((step) => toolForOperation(tools, step.operation, step.parameters)), [state.steps]);
  const checked = useMemo(() => checkPipeline(toDefinition(state), tools, fileNames), [state, fileNames]);
  // The issues in the visitor's language; `t` changes with it.
  const issues = useMemo(
    () => checked.map((issue) => ({ ...issue, message: issueMessage(issue, issue.step === undefined ? undefined : stepTools[issue.step - 1], t) })),
    [checked, stepTools, t],
  );
  const placed = useMemo(
    () =>
      placeIssues(issues, state.steps.length, (index) => {
        const tool = stepTools[index];
        return new Set(tool ? shownFields(tool, state.steps[index]!.parameters).map(([name]) => name) : []);
      }),
    [issues, state.steps, stepTools],
  );
  const nameMissing = state.name.trim() === '' && (nameTouched || state.steps.length > 0);
  const stepId = (stepKey: string) => `${id}-${stepKey}`;

  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(undefined);
  }, [focusId]);

  const update = (next: EditorState) => {
    setState(next);
    onChange(toJson(next));
  };

  const load = (definition: PipelineDefinition, text: string) => {
    update(fromDefinition(definition));
    setStatus({ kind: 'info', text });
  };

  const pick = (tool: AnyTool) => {
    const [next, newId] = addStep(state, tool.endpoint, initialParameters(tool));
    update(next);
    setPicking(false);
    setFocusId(stepId(newId));
  };

  const control = (key: string, which: StepControl) => {
    const index = state.steps.findIndex((step) => step.id === key);
    if (which === 'remove') {
      const next = removeStep(state, key);
      update(next);
      const neighbour = next.steps[Math.min(index, next.steps.length - 1)];
      setFocusId(neighbour ? stepId(neighbour.id) : `${id}-add`);
      return;
    }
    if (which === 'duplicate') {
      const [next, copy] = duplicateStep(state, key);
      update(next);
      if (copy) setFocusId(stepId(copy));
      return;
    }
    const next = moveStep(state, key, which === 'up' ? -1 : 1);
    if (next === state) return;
    // Keep the focus where it was (the button pressed, or the control Alt+Arrow was pressed in).
    const active = document.activeElement?.id;
    update(next);
    setFocusId(active || stepId(key));
  };

  const pickTool = (operation: string, toolId: string) => {
    const tool = tools.find((candidate) => candidate.id === toolId && candidate.endpoint === operation);
    if (tool) pick(tool);
  };

  const save = () => {
    if (state.name.trim() === '') {
      setNameTouched(true);
      setFocusId(id);
      return;
    }
    setSaved(savePipeline(store, toDefinition(state)));
    setStatus({ kind: 'info', text: t('savedStatus', { name: state.name }) });
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([toJson(state, 2)], { type: 'application/json' }));
    downloadFile(url, definitionFileName(state.name));
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const upload = async (file: File) => {
    const parsed = parsePipelineDefinition(await file.text());
    if ('issue' in parsed) {
      const text =
        parsed.issue.message === PIPELINE_MESSAGES.notJson ? t('invalidJson') : describeIssue(parsed.issue, issueMessage(parsed.issue, undefined, t), t);
      setStatus({ kind: 'error', text });
      toast.warning(text);
      return;
    }
    load(parsed.definition, t('loadedFromFileStatus', { name: parsed.definition.name || file.name, fileName: file.name }));
  };

  const onDrop = (event: DragEvent, overKey: string) => {
    event.preventDefault();
    if (!drag) return;
    const from = state.steps.findIndex((step) => step.id === drag.id);
    const over = state.steps.findIndex((step) => step.id === overKey);
    const after = drag.over?.id === overKey ? drag.over.after : false;
    if (from >= 0 && over >= 0) update(moveStepTo(state, drag.id, dropIndex(from, over, after)));
    setDrag(undefined);
  };

  const nameErrorId = `${id}-name-error`;
  return (
    <div className="pipeline-editor" data-testid="pipeline-editor" aria-describedby={describedBy}>
      <div className="pipeline-editor__name">
        <label className="form-field__label" htmlFor={id}>
          {t('pipelineName')}
        </label>
        <input
          id={id}
          ref={inputRef}
          className="input"
          // The field's own label ('Pipeline') also points here; this names the input itself.
          aria-label={t('pipelineName')}
          placeholder={t('namePlaceholder')}
          value={state.name}
          onChange={(event) => update(rename(state, event.target.value))}
          onBlur={() => {
            setNameTouched(true);
            onBlur();
          }}
          aria-invalid={nameMissing || invalid || undefined}
          aria-describedby={[nameMissing ? nameErrorId : undefined, describedBy].filter(Boolean).join(' ') || undefined}
          aria-required="true"
          disabled={disabled}
        />
        {nameMissing && (
          <p className="form-field__error" id={nameErrorId}>
            {registryText('pipeline', 'nameMissing', PIPELINE_MESSAGES.nameMissing)}
          </p>
        )}
      </div>

      {state.steps.length === 0 ? (
        <p className="pipeline-editor__empty" data-testid="pipeline-empty">
          {t('emptyState')}
        </p>
      ) : (
        <ol className="pipeline-editor__steps" aria-label={t('steps')}>
          {state.steps.map((step, index) => (
            <PipelineStepCard
              key={step.id}
              idBase={stepId(step.id)}
              step={step}
              tool={stepTools[index]}
              index={index}
              count={state.steps.length}
              fieldIssues={placed.steps[index]!.fields}
              stepIssues={placed.steps[index]!.step}
              disabled={disabled}
              dragging={drag?.id === step.id}
              dropMark={drag && drag.id !== step.id && drag.over?.id === step.id ? (drag.over.after ? 'after' : 'before') : undefined}
              onParameters={(parameters) => update(setParameters(state, step.id, parameters))}
              onControl={(which) => control(step.id, which)}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', step.id);
                setDrag({ id: step.id });
              }}
              onDragOver={(event, after) => {
                if (!drag) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (drag.over?.id !== step.id || drag.over.after !== after) setDrag({ id: drag.id, over: { id: step.id, after } });
              }}
              onDrop={(event) => onDrop(event, step.id)}
              onDragEnd={() => setDrag(undefined)}
            />
          ))}
        </ol>
      )}

      {placed.pipeline.length > 0 && (
        <div className="pipeline-editor__issues">
          {placed.pipeline.map((message) => (
            <p key={message} className="form-field__error">
              {message}
            </p>
          ))}
        </div>
      )}

      {picking ? (
        <StepPicker
          id={`${id}-picker`}
          onPick={pickTool}
          onClose={() => {
            setPicking(false);
            setFocusId(`${id}-add`);
          }}
        />
      ) : (
        <button type="button" id={`${id}-add`} className="button button--secondary pipeline-editor__add" onClick={() => setPicking(true)} disabled={disabled}>
          {t('addStep')}
        </button>
      )}

      {issues.length > 0 && (
        <details className="pipeline-editor__summary" data-testid="pipeline-summary">
          <summary>{t('problemsSummary', { count: issues.length })}</summary>
          <ul>
            {issues.map((issue, at) => (
              <li key={at}>{describeIssue(issue, issue.message, t)}</li>
            ))}
          </ul>
        </details>
      )}

      <PipelineLibrary
        id={`${id}-library`}
        saved={saved}
        disabled={disabled}
        onSave={save}
        onDownload={download}
        onUpload={(file) => void upload(file)}
        onLoad={(definition) => load(definition, t('loadedStatus', { name: definition.name }))}
        onDelete={(name) => {
          setSaved(deleteSaved(store, name));
          setStatus({ kind: 'info', text: t('deletedStatus', { name }) });
        }}
      />
      <p className={`pipeline-editor__status${status?.kind === 'error' ? ' form-field__error' : ''}`} role="status" data-testid="pipeline-status">
        {status?.text}
      </p>
    </div>
  );
};
