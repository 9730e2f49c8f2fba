import type { AnyTool } from '@folio/registry';
// The Form alone: @rjsf/core's index also exports a test helper that imports the AJV validator,
// which compiles with `new Function` (forbidden by the app's CSP) and is not installed.
import Form from '@rjsf/core/lib/components/Form.js';
import { englishStringTranslator, errorId, TranslatableString, type FieldErrorProps, type RJSFSchema } from '@rjsf/utils';
import { useLingui } from '@lingui/react';
import { useCallback, useMemo, type DragEvent, type KeyboardEvent } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pipelineEditor.json';
import { localizedTool, type EditorTranslate } from './editor-texts';
import type { EditorStep } from './pipeline-state';
import { keepShown, stepFormSchema, stepUiSchema } from './step-form';
import { createStepValidator, toErrorSchema, type FieldIssue } from './step-validator';

export type StepControl = 'up' | 'down' | 'duplicate' | 'remove';

interface PipelineStepCardProps {
  /** Prefix for the step's element ids, unique on the page. */
  idBase: string;
  step: EditorStep;
  /** The tool the operation runs, or none for an unknown operation. */
  tool: AnyTool | undefined;
  index: number;
  count: number;
  fieldIssues: readonly FieldIssue[];
  stepIssues: readonly string[];
  disabled?: boolean;
  /** Where a dragged step would land, relative to this one. */
  dropMark?: 'before' | 'after';
  dragging: boolean;
  onParameters(parameters: Record<string, unknown>): void;
  onControl(control: StepControl): void;
  onDragStart(event: DragEvent): void;
  onDragOver(event: DragEvent, after: boolean): void;
  onDrop(event: DragEvent): void;
  onDragEnd(): void;
}

/** rjsf's per-field errors, in the app's error style; the id is the one rjsf's inputs point at with aria-describedby. */
function FieldErrors({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <div id={errorId(fieldPathId)} className="pipeline-step__field-errors">
      {shown.map((error, index) => (
        <p key={index} className="form-field__error">
          {error}
        </p>
      ))}
    </div>
  );
}

const TEMPLATES = { FieldErrorTemplate: FieldErrors };

/** rjsf's own words the step forms can show (a list of pairs: Change Metadata's custom entries), by the editor's keys. */
const FORM_STRINGS: Partial<Record<TranslatableString, Parameters<EditorTranslate>[0]>> = {
  [TranslatableString.AddButton]: 'formAdd',
  [TranslatableString.RemoveButton]: 'formRemove',
  [TranslatableString.KeyLabel]: 'formKeyLabel',
  [TranslatableString.NewStringDefault]: 'formNewValue',
};

/**
 * One step: its number and tool, buttons to move, duplicate and remove it, the
 * step's own problems, and its options form (rjsf, from the registry's schema).
 * Alt+ArrowUp/ArrowDown anywhere in the step moves it.
 */
export function PipelineStepCard(props: PipelineStepCardProps) {
  const { idBase, step, tool, index, count, fieldIssues, stepIssues, disabled, dropMark, dragging } = props;
  const t = useMessages('pipelineEditor', english);
  const { locale } = useLingui().i18n;
  // The form's titles, help and option labels in the visitor's language; values and schemas are the declaration's.
  const shown = useMemo(() => (tool ? localizedTool(tool) : undefined), [tool, locale]);
  const number = index + 1;
  const names = { number, tool: shown?.title ?? step.operation };
  const headingId = `${idBase}-heading`;
  const issuesId = `${idBase}-issues`;
  const validator = useMemo(() => (tool ? createStepValidator(tool) : undefined), [tool]);
  const schema = useMemo(() => (shown ? stepFormSchema(shown, step.parameters) : undefined), [shown, step.parameters]);
  const uiSchema = useMemo(() => (shown ? stepUiSchema(shown, step.parameters) : undefined), [shown, step.parameters]);
  const translateString = useCallback(
    (text: TranslatableString, params?: string[]) => {
      const key = FORM_STRINGS[text];
      return key ? t(key, { label: params?.[0] }) : englishStringTranslator(text, params);
    },
    [t],
  );
  const extraErrors = useMemo(() => (fieldIssues.length ? toErrorSchema(fieldIssues) : undefined), [fieldIssues]);
  const hasFields = schema && Object.keys(schema.properties ?? {}).length > 0;

  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    props.onControl(event.key === 'ArrowUp' ? 'up' : 'down');
  };

  const button = (control: StepControl, label: string, stepLabel: string, glyph: string, enabled = true) => (
    <button
      type="button"
      id={`${idBase}-${control}`}
      className="button button--ghost pipeline-step__action"
      aria-label={stepLabel}
      title={label}
      disabled={disabled || !enabled}
      onClick={() => props.onControl(control)}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );

  const classes = [
    'pipeline-step',
    dragging && 'pipeline-step--dragging',
    dropMark && `pipeline-step--drop-${dropMark}`,
    stepIssues.length + fieldIssues.length > 0 && 'pipeline-step--invalid',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li
      id={idBase}
      className={classes}
      tabIndex={-1}
      aria-labelledby={headingId}
      aria-describedby={stepIssues.length ? issuesId : undefined}
      onKeyDown={onKeyDown}
      onDragOver={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        props.onDragOver(event, event.clientY > box.top + box.height / 2);
      }}
      onDrop={props.onDrop}
      data-testid="pipeline-step"
      data-operation={step.operation}
    >
      <div className="pipeline-step__header" draggable={!disabled} onDragStart={props.onDragStart} onDragEnd={props.onDragEnd} title={t('dragHint')}>
        <span className="pipeline-step__grip" aria-hidden="true">
          ⠿
        </span>
        <span className="pipeline-step__number" aria-hidden="true">
          {number}
        </span>
        <h3 className="pipeline-step__title" id={headingId}>
          <span className="visually-hidden">{t('stepNumber', { number })}</span>
          {shown?.title ?? t('unknownOperationTitle')}
          <code className="pipeline-step__operation">{step.operation}</code>
        </h3>
        <span className="pipeline-step__actions">
          {button('up', t('moveUp'), t('moveUpStep', names), '↑', index > 0)}
          {button('down', t('moveDown'), t('moveDownStep', names), '↓', index < count - 1)}
          {button('duplicate', t('duplicate'), t('duplicateStep', names), '⧉')}
          {button('remove', t('remove'), t('removeStep', names), '×')}
        </span>
      </div>
      {stepIssues.length > 0 && (
        <div className="pipeline-step__issues" id={issuesId} data-testid="pipeline-step-issues">
          {stepIssues.map((message, at) => (
            <p key={at} className="form-field__error">
              {message}
            </p>
          ))}
        </div>
      )}
      {tool && validator && schema && uiSchema && (
        <div className="pipeline-step__options">
          {hasFields ? (
            <Form<Record<string, unknown>, RJSFSchema>
              tagName="div"
              idPrefix={`${idBase}-field`}
              schema={schema}
              uiSchema={uiSchema}
              formData={step.parameters}
              validator={validator}
              extraErrors={extraErrors}
              templates={TEMPLATES}
              translateString={translateString}
              showErrorList={false}
              noHtml5Validate
              disabled={disabled}
              onChange={(event) => props.onParameters(keepShown(tool, stripUndefined(event.formData ?? {})))}
            />
          ) : (
            <p className="form-field__help pipeline-step__no-options">{t('noOptions')}</p>
          )}
        </div>
      )}
    </li>
  );
}

/** rjsf reports a cleared input as undefined; the step then has no value for it. */
function stripUndefined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}
