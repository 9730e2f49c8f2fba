import type { AnyTool } from '@folio/registry';
// The Form alone: @rjsf/core's index also exports a test helper that imports the AJV validator,
// which compiles with `new Function` (forbidden by the app's CSP) and is not installed.
import Form from '@rjsf/core/lib/components/Form.js';
import { errorId, type FieldErrorProps, type RJSFSchema } from '@rjsf/utils';
import { useMemo, type DragEvent, type KeyboardEvent } from 'react';
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

/**
 * One step: its number and tool, buttons to move, duplicate and remove it, the
 * step's own problems, and its options form (rjsf, from the registry's schema).
 * Alt+ArrowUp/ArrowDown anywhere in the step moves it.
 */
export function PipelineStepCard(props: PipelineStepCardProps) {
  const { idBase, step, tool, index, count, fieldIssues, stepIssues, disabled, dropMark, dragging } = props;
  const number = index + 1;
  const name = `step ${number} (${tool?.title ?? step.operation})`;
  const headingId = `${idBase}-heading`;
  const issuesId = `${idBase}-issues`;
  const validator = useMemo(() => (tool ? createStepValidator(tool) : undefined), [tool]);
  const schema = useMemo(() => (tool ? stepFormSchema(tool, step.parameters) : undefined), [tool, step.parameters]);
  const uiSchema = useMemo(() => (tool ? stepUiSchema(tool, step.parameters) : undefined), [tool, step.parameters]);
  const extraErrors = useMemo(() => (fieldIssues.length ? toErrorSchema(fieldIssues) : undefined), [fieldIssues]);
  const hasFields = schema && Object.keys(schema.properties ?? {}).length > 0;

  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    props.onControl(event.key === 'ArrowUp' ? 'up' : 'down');
  };

  const button = (control: StepControl, label: string, glyph: string, enabled = true) => (
    <button
      type="button"
      id={`${idBase}-${control}`}
      className="button button--ghost pipeline-step__action"
      aria-label={`${label} ${name}`}
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
      <div
        className="pipeline-step__header"
        draggable={!disabled}
        onDragStart={props.onDragStart}
        onDragEnd={props.onDragEnd}
        title="Drag to reorder; or Alt+Arrow up/down"
      >
        <span className="pipeline-step__grip" aria-hidden="true">
          ⠿
        </span>
        <span className="pipeline-step__number" aria-hidden="true">
          {number}
        </span>
        <h3 className="pipeline-step__title" id={headingId}>
          <span className="visually-hidden">Step {number}: </span>
          {tool?.title ?? 'Unknown operation'}
          <code className="pipeline-step__operation">{step.operation}</code>
        </h3>
        <span className="pipeline-step__actions">
          {button('up', 'Move up', '↑', index > 0)}
          {button('down', 'Move down', '↓', index < count - 1)}
          {button('duplicate', 'Duplicate', '⧉')}
          {button('remove', 'Remove', '×')}
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
              showErrorList={false}
              noHtml5Validate
              disabled={disabled}
              onChange={(event) => props.onParameters(keepShown(tool, stripUndefined(event.formData ?? {})))}
            />
          ) : (
            <p className="form-field__help pipeline-step__no-options">This step has no options.</p>
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
